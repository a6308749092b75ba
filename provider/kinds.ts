import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import * as accountSshKeysProvider from "./resources/accountSshKeys.provider";
import { AccountSshKeys } from "./resources/accountSshKeys";
import * as clusterProvider from "./resources/cluster.provider";
import { cluster } from "./resources/cluster/declaration";
import { Cluster } from "./resources/cluster/cluster";
import * as jobProvider from "./resources/job.provider";
import { Job } from "./resources/job";
import type { AnyDeclaration } from "./resources/lifecycle/declaration";
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
  /** Every output a reference may name, `id` and `urn` included. */
  readonly outputs: readonly string[];
  /** The kind's declaration, for kinds on the generic lifecycle. */
  readonly declaration?: AnyDeclaration;
}

type OutputName<R> = { [K in keyof R]-?: R[K] extends pulumi.Output<unknown> ? K : never }[keyof R] & string;

/** Nothing when the class's outputs are exactly `Names`; else what the compiler reports: the outputs on one side only. */
type ExactlyOutputs<R, Names extends string> = [Exclude<OutputName<R>, Names>, Exclude<Names, OutputName<R>>] extends [never, never]
  ? unknown
  : { classOnly: Exclude<OutputName<R>, Names>; listOnly: Exclude<Names, OutputName<R>> };

/** Lists a resource class's outputs; the compiler rejects a list that misses one or names one the class lacks. */
function outputsOf<R>() {
  return <const Names extends readonly string[]>(...names: Names & ExactlyOutputs<R, Names[number]>): readonly string[] => names;
}

/** The outputs and facts of a declared kind, read from its declaration; the compiler holds the class `R` to its outputs. */
function declared<R>() {
  return <D extends AnyDeclaration>(
    declaration: D & ExactlyOutputs<R, "id" | "urn" | D["outputs"][number]>,
  ): KindFacts & { outputs: readonly string[]; declaration: AnyDeclaration } => ({
    declaration,
    outputs: ["id", "urn", ...declaration.outputs],
    secretInputs: secretInputs(declaration),
    secretOutputs: secretOutputs(declaration),
    configOnly: secretProperties(declaration, "configOnly"),
    ...(declaration.deadline === undefined ? {} : { deadline: declaration.deadline }),
  });
}

/** The outputs and facts of a kind not on the generic lifecycle. */
function undeclared(outputs: readonly string[], facts: Partial<KindFacts> = {}): KindFacts & { outputs: readonly string[] } {
  return { outputs, secretInputs: [], secretOutputs: [], configOnly: [], ...facts };
}

function kind<R extends pulumi.CustomResource, Args>(
  Resource: new (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => R,
  provider: object,
  facts: KindFacts & { outputs: readonly string[] },
): Kind {
  return { create: (name, args, opts) => new Resource(name, args as Args, opts), provider: provider as ProviderModule, ...facts };
}

/** Every resource kind, by its type name: the token is `computeplatform:index:<Kind>`. */
export const kinds = {
  Pod: kind(Pod, podProvider, declared<Pod>()(pod)),
  Cluster: kind(Cluster, clusterProvider, declared<Cluster>()(cluster)),
  ServerlessEndpoint: kind(ServerlessEndpoint, serverlessEndpointProvider, declared<ServerlessEndpoint>()(serverlessEndpoint)),
  Template: kind(Template, templateProvider, declared<Template>()(template)),
  NetworkVolume: kind(NetworkVolume, networkVolumeProvider, declared<NetworkVolume>()(networkVolume)),
  Registry: kind(Registry, registryProvider, declared<Registry>()(registry)),
  RegistryDelegation: kind(RegistryDelegation, registryDelegationProvider, declared<RegistryDelegation>()(registryDelegation)),
  AccountSshKeys: kind(
    AccountSshKeys,
    accountSshKeysProvider,
    undeclared(outputsOf<AccountSshKeys>()("id", "urn", "keys", "declaredKeys")),
  ),
  Job: kind(
    Job,
    jobProvider,
    undeclared(
      outputsOf<Job>()("id", "urn", "endpointId", "input", "status", "output", "delayTime", "executionTime", "workerId", "error"),
      { deadline: "timeoutSeconds" },
    ),
  ),
  TextToVideoJob: kind(
    TextToVideoJob,
    textToVideoJobProvider,
    undeclared(
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
      { deadline: "timeoutSeconds" },
    ),
  ),
} satisfies Record<string, Kind>;

/** The type name of a resource kind. */
export type KindName = keyof typeof kinds;

/** The type names of every kind, in registry order. */
export const KIND_NAMES = Object.keys(kinds) as KindName[];
