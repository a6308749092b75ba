import { type Kind, kinds } from "../kinds";
import type * as accountSshKeys from "../resources/accountSshKeys.provider";
import type * as cluster from "../resources/cluster.provider";
import type * as job from "../resources/job.provider";
import type * as networkVolume from "../resources/networkVolume.provider";
import type * as pod from "../resources/pod.provider";
import type * as registry from "../resources/registry.provider";
import type * as registryDelegation from "../resources/registryDelegation.provider";
import type * as serverlessEndpoint from "../resources/serverlessEndpoint.provider";
import type * as template from "../resources/template.provider";
import type * as textToVideoJob from "../resources/textToVideoJob.provider";

/** The package name: the first part of every type token, and the namespace of the provider's config. */
export const PACKAGE = "computeplatform";

/** What the plugin needs of a resource kind: its provider module (the one the dynamic resource serializes), secrets and deadline. */
export type PluginResource = Pick<Kind, "provider" | "secretInputs" | "secretOutputs" | "deadline">;

/** Every resource kind, by its type name: the token is `computeplatform:index:<Kind>`. */
export const resources: Readonly<Record<keyof PluginResourceTypes, PluginResource>> = kinds;

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
