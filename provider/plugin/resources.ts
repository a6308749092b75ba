import { type InputsOf, type Kind, type KindName, kinds, type OutputsOf } from "../kindRegistry";

/** The package name: the first part of every type token, and the namespace of the provider's config. */
export const PACKAGE = "computeplatform";

/**
 * What the plugin needs of a resource kind: its provider module (the one the dynamic resource serializes), secrets,
 * deadline, and its declaration when it has one (for the per-property diff).
 */
export type PluginResource = Pick<Kind, "provider" | "secretInputs" | "secretOutputs" | "deadline" | "declaration">;

/** Every resource kind, by its type name: the token is `computeplatform:index:<Kind>`. */
export const resources: Readonly<Record<KindName, PluginResource>> = kinds;

export type ResourceKindName = keyof typeof resources;

/** Each resource kind's arguments and outputs, read off its provider module; the Pulumi package schema is generated from this type. */
export type PluginResourceTypes = {
  [K in KindName]: { inputs: InputsOf<K>; outputs: OutputsOf<K> };
};

/** The kind a type token names, or undefined for a token of another package or an unknown kind. */
export function resourceKind(token: string): PluginResource | undefined {
  const [pkg, module, name] = token.split(":");
  if (pkg !== PACKAGE || module !== "index" || name === undefined || !Object.hasOwn(resources, name)) return undefined;
  return resources[name as ResourceKindName];
}
