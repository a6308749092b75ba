import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import * as accountSshKeysProvider from "../resources/accountSshKeys.provider";
import { AccountSshKeys } from "../resources/accountSshKeys";
import * as clusterProvider from "../resources/cluster.provider";
import { Cluster } from "../resources/cluster";
import * as jobProvider from "../resources/job.provider";
import { Job } from "../resources/job";
import * as networkVolumeProvider from "../resources/networkVolume.provider";
import { NetworkVolume } from "../resources/networkVolume";
import * as podProvider from "../resources/pod.provider";
import { Pod } from "../resources/pod";
import * as registryDelegationProvider from "../resources/registryDelegation.provider";
import { RegistryDelegation } from "../resources/registryDelegation";
import * as registryProvider from "../resources/registry.provider";
import { Registry } from "../resources/registry";
import * as serverlessEndpointProvider from "../resources/serverlessEndpoint.provider";
import { ServerlessEndpoint } from "../resources/serverlessEndpoint";
import * as templateProvider from "../resources/template.provider";
import { Template } from "../resources/template";
import * as textToVideoJobProvider from "../resources/textToVideoJob.provider";
import { TextToVideoJob } from "../resources/textToVideoJob";
import type { ManifestResourceType } from "./document";

/** What a manifest needs to know of one resource type. */
export interface ResourceKind {
  /** Creates the resource, as a program would with `new cp.<Type>(name, args, opts)`. */
  create(name: string, args: Record<string, unknown>, opts: pulumi.CustomResourceOptions): pulumi.CustomResource;
  /** The provider's own `check`: the rules `validate` applies offline are exactly the ones preview applies. */
  check(olds: object, news: object): Promise<dynamic.CheckResult>;
  /** The outputs a reference may name: `${name.<output>}`. */
  outputs: readonly string[];
  /** Properties that must come from stack config (or another resource), never from the file itself. */
  secretProperties: readonly string[];
}

type OutputName<R> = { [K in keyof R]-?: R[K] extends pulumi.Output<unknown> ? K : never }[keyof R] & string;

/** Lists a resource class's outputs; the compiler rejects a list that misses one or names one the class lacks. */
function outputsOf<R>() {
  return <const Names extends readonly OutputName<R>[]>(
    ...names: Names & ([Exclude<OutputName<R>, Names[number]>] extends [never] ? unknown : { missing: Exclude<OutputName<R>, Names[number]> })
  ): readonly string[] => names;
}

function kind<R extends pulumi.CustomResource, Args>(
  Resource: new (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => R,
  provider: { check(olds: never, news: never): Promise<dynamic.CheckResult> },
  outputs: readonly string[],
  secretProperties: readonly string[] = [],
): ResourceKind {
  return {
    create: (name, args, opts) => new Resource(name, args as Args, opts),
    check: provider.check as ResourceKind["check"],
    outputs,
    secretProperties,
  };
}

/** Every resource type a manifest can declare. */
export const resourceKinds: Readonly<Record<ManifestResourceType, ResourceKind>> = {
  Pod: kind(Pod, podProvider, outputsOf<Pod>()("id", "urn", "name", "status", "actions", "image", "args", "disk", "mounts", "gpu", "cpu", "cloud", "dataCenterId", "cudaVersion", "ssh", "template", "cost", "locked", "globalNetworking", "env", "ports", "registry", "createdAt", "startedAt", "desiredStatus")),
  Cluster: kind(Cluster, clusterProvider, outputsOf<Cluster>()("id", "urn", "name", "type", "compute", "dataCenterId", "pods", "network", "primary", "createdAt", "members", "image", "args", "disk", "env", "ports", "dataCenterIds", "mounts", "startSsh", "startJupyter")),
  ServerlessEndpoint: kind(ServerlessEndpoint, serverlessEndpointProvider, outputsOf<ServerlessEndpoint>()("id", "urn", "name", "type", "requestUrls", "templateId", "image", "args", "disk", "env", "ports", "registry", "gpu", "cpu", "workers", "scaling", "dataCenterIds", "networkVolumes", "timeout", "flashboot", "createdAt")),
  Template: kind(Template, templateProvider, outputsOf<Template>()("id", "urn", "name", "image", "args", "disk", "env", "ports", "registry", "mounts", "public", "serverless", "category", "startSsh", "startJupyter", "allowedCudaVersions")),
  NetworkVolume: kind(NetworkVolume, networkVolumeProvider, outputsOf<NetworkVolume>()("id", "urn", "name", "size", "dataCenter", "type")),
  Registry: kind(Registry, registryProvider, outputsOf<Registry>()("id", "urn", "name", "username", "password"), ["password"]),
  RegistryDelegation: kind(RegistryDelegation, registryDelegationProvider, outputsOf<RegistryDelegation>()("id", "urn", "resource", "name", "delegatorUserId", "awsUser", "repository", "tag", "awsRegion", "dockerRegistryUri", "createdAt")),
  AccountSshKeys: kind(AccountSshKeys, accountSshKeysProvider, outputsOf<AccountSshKeys>()("id", "urn", "keys", "declaredKeys")),
  Job: kind(Job, jobProvider, outputsOf<Job>()("id", "urn", "endpointId", "input", "status", "output", "delayTime", "executionTime", "workerId", "error")),
  TextToVideoJob: kind(TextToVideoJob, textToVideoJobProvider, outputsOf<TextToVideoJob>()("id", "urn", "endpointId", "input", "status", "videoUrl", "cost", "estimatedCost", "output", "delayTime", "executionTime", "workerId", "error")),
};
