import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { COST_OUTPUTS } from "./cost/costEstimate";
import * as accountSshKeysProvider from "./resources/accountSshKeys.provider";
import { AccountSshKeys } from "./resources/accountSshKeys";
import * as clusterProvider from "./resources/cluster.provider";
import { cluster } from "./resources/cluster/declaration";
import { Cluster } from "./resources/cluster/cluster";
import * as jobProvider from "./resources/job.provider";
import { Job } from "./resources/job";
import type { AnyDeclaration } from "./resources/lifecycle/declaration";
import { lifecycleOf } from "./resources/lifecycle/lifecycle";
import { secretInputs, secretOutputs } from "./resources/lifecycle/secrets";
import { secretProperties } from "./resources/lifecycle/declaration";
import * as networkVolumeProvider from "./resources/networkVolume.provider";
import { networkVolume } from "./resources/networkVolume/declaration";
import { NetworkVolume } from "./resources/networkVolume/networkVolume";
import * as podProvider from "./resources/pod.provider";
import { pod } from "./resources/pod/declaration";
import { Pod } from "./resources/pod/pod";
import * as registryDelegationProvider from "./resources/registryDelegation.provider";
import { registryDelegation } from "./resources/registryDelegation/declaration";
import { RegistryDelegation } from "./resources/registryDelegation/registryDelegation";
import * as registryProvider from "./resources/registry.provider";
import { registry } from "./resources/registry/declaration";
import { Registry } from "./resources/registry/registry";
import * as serverlessEndpointProvider from "./resources/serverlessEndpoint.provider";
import { serverlessEndpoint } from "./resources/serverlessEndpoint/declaration";
import { ServerlessEndpoint } from "./resources/serverlessEndpoint/serverlessEndpoint";
import * as templateProvider from "./resources/template.provider";
import { template } from "./resources/template/declaration";
import { Template } from "./resources/template/template";
import * as textToVideoJobProvider from "./resources/textToVideoJob.provider";
import { TextToVideoJob } from "./resources/textToVideoJob";

/** A kind's provider module: what the dynamic resource serializes and the native plugin serves. */
export type ProviderModule = Required<Omit<dynamic.ResourceProvider, "configure">>;

/** What is secret about a kind, and which input bounds its waits. */
export interface KindFacts {
  /** Arguments kept secret as inputs and as outputs (in state and in `dev`'s cache). */
  readonly secretInputs: readonly string[];
  /** Outputs kept secret in state. */
  readonly secretOutputs: readonly string[];
  /** Arguments a manifest must take from stack config, never write down. */
  readonly configOnly: readonly string[];
  /** The input that bounds how long create and update wait, which the engine's `customTimeouts` override. */
  readonly deadline?: string;
}

/** One resource kind as every part of the package sees it. */
export interface Kind extends KindFacts {
  /** Creates the resource, as a program would with `new cp.<Type>(name, args, opts)`. */
  create(name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource;
  readonly provider: ProviderModule;
  /**
   * The provider's `check` without what needs the API (the cost estimate and its cap): the rules a manifest is
   * validated by offline, exactly those preview applies to its arguments.
   */
  readonly offlineCheck: ProviderModule["check"];
  /** Every output a reference may name, `id` and `urn` included. */
  readonly outputs: readonly string[];
  /** The kind's declaration, for kinds on the generic lifecycle. */
  readonly declaration?: AnyDeclaration;
}

type OutputName<R> = { [K in keyof R]-?: R[K] extends pulumi.Output<unknown> ? K : never }[keyof R] & string;

/** Lists a resource class's outputs; the compiler rejects a list that misses one or names one the class lacks. */
function outputsOf<R>() {
  return <const Names extends readonly OutputName<R>[]>(
    ...names: Names &
      ([Exclude<OutputName<R>, Names[number]>] extends [never] ? unknown : { missing: Exclude<OutputName<R>, Names[number]> })
  ): readonly string[] => names;
}

/** The facts of a declared kind, read from its declaration. */
function declared(declaration: AnyDeclaration): KindFacts & { declaration: AnyDeclaration } {
  return {
    declaration,
    secretInputs: secretInputs(declaration),
    secretOutputs: secretOutputs(declaration),
    configOnly: secretProperties(declaration, "configOnly"),
    ...(declaration.deadline === undefined ? {} : { deadline: declaration.deadline }),
  };
}

/** The facts of a kind not yet on the generic lifecycle. */
function undeclared(facts: Partial<KindFacts>): KindFacts {
  return { secretInputs: [], secretOutputs: [], configOnly: [], ...facts };
}

function kind<R extends pulumi.CustomResource, Args>(
  Resource: new (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => R,
  provider: object,
  outputs: readonly string[],
  facts: KindFacts & { declaration?: AnyDeclaration },
): Kind {
  const module = provider as ProviderModule;
  return {
    create: (name, args, opts) => new Resource(name, args as Args, opts),
    provider: module,
    offlineCheck: facts.declaration === undefined ? module.check : lifecycleOf(facts.declaration).check,
    outputs,
    ...facts,
  };
}

/** Every resource kind, by its type name: the token is `computeplatform:index:<Kind>`. */
export const kinds = {
  Pod: kind(
    Pod,
    podProvider,
    outputsOf<Pod>()(
      "id",
      "urn",
      "name",
      "status",
      "actions",
      "image",
      "args",
      "disk",
      "mounts",
      "gpu",
      "cpu",
      "cloud",
      "dataCenterId",
      "cudaVersion",
      "ssh",
      "template",
      "cost",
      "locked",
      "globalNetworking",
      "env",
      "ports",
      "registry",
      "createdAt",
      "startedAt",
      "desiredStatus",
      ...COST_OUTPUTS,
    ),
    declared(pod),
  ),
  Cluster: kind(
    Cluster,
    clusterProvider,
    outputsOf<Cluster>()(
      "id",
      "urn",
      "name",
      "type",
      "compute",
      "dataCenterId",
      "pods",
      "network",
      "primary",
      "createdAt",
      "members",
      "image",
      "args",
      "disk",
      "env",
      "ports",
      "dataCenterIds",
      "mounts",
      "startSsh",
      "startJupyter",
      ...COST_OUTPUTS,
    ),
    declared(cluster),
  ),
  ServerlessEndpoint: kind(
    ServerlessEndpoint,
    serverlessEndpointProvider,
    outputsOf<ServerlessEndpoint>()(
      "id",
      "urn",
      "name",
      "type",
      "requestUrls",
      "templateId",
      "image",
      "args",
      "disk",
      "env",
      "ports",
      "registry",
      "gpu",
      "cpu",
      "workers",
      "scaling",
      "dataCenterIds",
      "networkVolumes",
      "timeout",
      "flashboot",
      "createdAt",
      ...COST_OUTPUTS,
    ),
    declared(serverlessEndpoint),
  ),
  Template: kind(
    Template,
    templateProvider,
    outputsOf<Template>()(
      "id",
      "urn",
      "name",
      "image",
      "args",
      "disk",
      "env",
      "ports",
      "registry",
      "mounts",
      "public",
      "serverless",
      "category",
      "startSsh",
      "startJupyter",
      "allowedCudaVersions",
    ),
    declared(template),
  ),
  NetworkVolume: kind(
    NetworkVolume,
    networkVolumeProvider,
    outputsOf<NetworkVolume>()("id", "urn", "name", "size", "dataCenter", "type", ...COST_OUTPUTS),
    declared(networkVolume),
  ),
  Registry: kind(Registry, registryProvider, outputsOf<Registry>()("id", "urn", "name", "username", "password"), declared(registry)),
  RegistryDelegation: kind(
    RegistryDelegation,
    registryDelegationProvider,
    outputsOf<RegistryDelegation>()(
      "id",
      "urn",
      "resource",
      "name",
      "delegatorUserId",
      "awsUser",
      "repository",
      "tag",
      "awsRegion",
      "dockerRegistryUri",
      "createdAt",
    ),
    declared(registryDelegation),
  ),
  AccountSshKeys: kind(
    AccountSshKeys,
    accountSshKeysProvider,
    outputsOf<AccountSshKeys>()("id", "urn", "keys", "declaredKeys"),
    undeclared({}),
  ),
  Job: kind(
    Job,
    jobProvider,
    outputsOf<Job>()("id", "urn", "endpointId", "input", "status", "output", "delayTime", "executionTime", "workerId", "error"),
    undeclared({ deadline: "timeoutSeconds" }),
  ),
  TextToVideoJob: kind(
    TextToVideoJob,
    textToVideoJobProvider,
    outputsOf<TextToVideoJob>()(
      "id",
      "urn",
      "endpointId",
      "input",
      "status",
      "videoUrl",
      "cost",
      "estimatedCost",
      "output",
      "delayTime",
      "executionTime",
      "workerId",
      "error",
    ),
    undeclared({ deadline: "timeoutSeconds" }),
  ),
} satisfies Record<string, Kind>;

/** The type name of a resource kind. */
export type KindName = keyof typeof kinds;

/** The type names of every kind, in registry order. */
export const KIND_NAMES = Object.keys(kinds) as KindName[];
