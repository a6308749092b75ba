import type * as dynamic from "@pulumi/pulumi/dynamic";
import * as accountSshKeys from "../resources/accountSshKeys.provider";
import * as cluster from "../resources/cluster.provider";
import * as job from "../resources/job.provider";
import * as networkVolume from "../resources/networkVolume.provider";
import * as pod from "../resources/pod.provider";
import * as registry from "../resources/registry.provider";
import * as registryDelegation from "../resources/registryDelegation.provider";
import * as serverlessEndpoint from "../resources/serverlessEndpoint.provider";
import * as template from "../resources/template.provider";
import * as textToVideoJob from "../resources/textToVideoJob.provider";

/** The package name: the first part of every type token, and the namespace of the provider's config. */
export const PACKAGE = "computeplatform";

/** What the plugin needs of a resource kind beside its provider module (the same one the dynamic resource serializes). */
export interface PluginResource {
  provider: Required<Omit<dynamic.ResourceProvider, "configure">>;
  /** Inputs the dynamic resource wraps as secrets itself. */
  secretInputs?: readonly string[];
  /** Outputs the dynamic resource declares in `additionalSecretOutputs`. */
  secretOutputs?: readonly string[];
  /** The input that bounds how long create and update wait, which the engine's `customTimeouts` override. */
  deadline?: string;
}

function kind(provider: object, settings: Omit<PluginResource, "provider"> = {}): PluginResource {
  return { provider: provider as PluginResource["provider"], ...settings };
}

/** Every resource kind, by its type name: the token is `computeplatform:index:<Kind>`. */
export const resources = {
  Pod: kind(pod, { secretOutputs: ["env"], deadline: "readyTimeoutSeconds" }),
  Cluster: kind(cluster, { secretOutputs: ["env"], deadline: "readyTimeoutSeconds" }),
  ServerlessEndpoint: kind(serverlessEndpoint, { secretOutputs: ["env"] }),
  Template: kind(template, { secretOutputs: ["env"] }),
  NetworkVolume: kind(networkVolume),
  Registry: kind(registry, { secretInputs: ["username", "password"], secretOutputs: ["username", "password"] }),
  RegistryDelegation: kind(registryDelegation),
  AccountSshKeys: kind(accountSshKeys),
  Job: kind(job, { deadline: "timeoutSeconds" }),
  TextToVideoJob: kind(textToVideoJob, { deadline: "timeoutSeconds" }),
} satisfies Record<keyof PluginResourceTypes, PluginResource>;

export type ResourceKindName = keyof typeof resources;

/** A provider module's argument type, as `check` receives it. */
type InputsOf<Provider> = Provider extends { check(olds: never, news: infer Inputs): unknown } ? Inputs : never;
/** A provider module's output type, as `create` returns it. */
type OutputsOf<Provider> = Provider extends { create(inputs: never): Promise<{ outs?: infer Outputs }> } ? Outputs : never;

/** Each resource kind's arguments and outputs; the Pulumi package schema is generated from this type. */
export interface PluginResourceTypes {
  Pod: { inputs: InputsOf<typeof pod>; outputs: OutputsOf<typeof pod> };
  Cluster: { inputs: InputsOf<typeof cluster>; outputs: OutputsOf<typeof cluster> };
  ServerlessEndpoint: { inputs: InputsOf<typeof serverlessEndpoint>; outputs: OutputsOf<typeof serverlessEndpoint> };
  Template: { inputs: InputsOf<typeof template>; outputs: OutputsOf<typeof template> };
  NetworkVolume: { inputs: InputsOf<typeof networkVolume>; outputs: OutputsOf<typeof networkVolume> };
  Registry: { inputs: InputsOf<typeof registry>; outputs: OutputsOf<typeof registry> };
  RegistryDelegation: { inputs: InputsOf<typeof registryDelegation>; outputs: OutputsOf<typeof registryDelegation> };
  AccountSshKeys: { inputs: InputsOf<typeof accountSshKeys>; outputs: OutputsOf<typeof accountSshKeys> };
  Job: { inputs: InputsOf<typeof job>; outputs: OutputsOf<typeof job> };
  TextToVideoJob: { inputs: InputsOf<typeof textToVideoJob>; outputs: OutputsOf<typeof textToVideoJob> };
}

/** The kind a type token names, or undefined for a token of another package or an unknown kind. */
export function resourceKind(token: string): PluginResource | undefined {
  const [pkg, module, name] = token.split(":");
  if (pkg !== PACKAGE || module !== "index" || name === undefined || !Object.hasOwn(resources, name)) return undefined;
  return resources[name as ResourceKindName];
}
