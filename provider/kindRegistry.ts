import type * as pulumi from "@pulumi/pulumi";
import * as registered from "./kinds";
import type { ClassKind, ProviderModule } from "./resources/classKind";
import { lifecycleOf } from "./resources/lifecycle/lifecycle";

export type { ProviderModule } from "./resources/classKind";

/** The registered classes: kinds.ts's value exports (its type-only exports are not there at run time). */
type Registered = {
  [
    K in keyof typeof registered as (typeof registered)[K] extends abstract new (...args: never) => unknown ? K : never
  ]: (typeof registered)[K];
};

/** The type name of a resource kind. */
export type KindName = keyof Registered;

/** The provider module of a kind, as its exact module type. */
export type ProviderOf<K extends KindName> = Registered[K] extends { kind: ClassKind<infer Provider> } ? Provider : never;

/** A kind's argument type, as its provider module's `check` receives it. */
export type InputsOf<K extends KindName> = ProviderOf<K> extends { check(olds: never, news: infer Inputs): unknown } ? Inputs : never;

/** A kind's output type, as its provider module's `create` returns it. */
export type OutputsOf<K extends KindName> =
  ProviderOf<K> extends { create(inputs: never): Promise<{ outs?: infer Outputs }> } ? Outputs : never;

/** One resource kind as every part of the package sees it. */
export interface Kind<Provider extends object = ProviderModule> extends Omit<ClassKind, "provider"> {
  /** Creates the resource, as a program would with `new cp.<Type>(name, args, opts)`. */
  create(name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource;
  /** The provider module: its own module type, with every provider method (a kind without `update` never gets asked for one). */
  readonly provider: Provider & ProviderModule;
  /**
   * The provider's `check` without what needs the API (the cost estimate and its cap, placement's availability):
   * the rules a manifest is validated by offline, exactly those preview applies to its arguments.
   */
  readonly offlineCheck: ProviderModule["check"];
}

type ResourceClass = new (name: string, args: object, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

/** Every resource kind, by its type name, in the order provider/kinds.ts registers them. */
export const kinds = Object.fromEntries(
  Object.entries(registered as Registered).map(([name, Resource]) => [
    name,
    {
      ...Resource.kind,
      offlineCheck:
        Resource.kind.declaration === undefined ? Resource.kind.provider.check : lifecycleOf(Resource.kind.declaration).validate,
      create: (resource: string, args: object, opts?: pulumi.CustomResourceOptions) =>
        new (Resource as ResourceClass)(resource, args, opts),
    },
  ]),
) as { readonly [K in KindName]: Kind<ProviderOf<K>> };

/** The type names of every kind, in registry order. */
export const KIND_NAMES = Object.keys(kinds) as KindName[];
