import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type AnyDeclaration, secretProperties } from "./lifecycle/declaration";
import { secretInputs, secretOutputs } from "./lifecycle/secrets";

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
  /** Whether `pulumi import` through the native plugin gives arguments that preview with no changes. */
  readonly importable: boolean;
}

/** What a resource class tells the kind registry of itself, as its static `kind`. */
export interface ClassKind<Provider extends dynamic.ResourceProvider = dynamic.ResourceProvider> extends KindFacts {
  /** The provider module the class's resources are served by (its exact type: the plugin's types are read off it). */
  readonly provider: Provider;
  /** Every output a reference may name, `id` and `urn` included. */
  readonly outputs: readonly string[];
  /** The kind's declaration, for kinds on the generic lifecycle. */
  readonly declaration?: AnyDeclaration;
}

/** The kind of a class on the generic lifecycle. */
export type DeclaredClassKind<Provider extends dynamic.ResourceProvider = dynamic.ResourceProvider> = ClassKind<Provider> & {
  readonly declaration: AnyDeclaration;
};

type OutputName<R> = { [K in keyof R]-?: R[K] extends pulumi.Output<unknown> ? K : never }[keyof R] & string;

/** Nothing when the class's outputs are exactly `Names`; else what the compiler reports: the outputs on one side only. */
type ExactlyOutputs<R, Names extends string> = [Exclude<OutputName<R>, Names>, Exclude<Names, OutputName<R>>] extends [never, never]
  ? unknown
  : { classOnly: Exclude<OutputName<R>, Names>; listOnly: Exclude<Names, OutputName<R>> };

/**
 * The kind of the resource class `R`, read from its declaration: `static readonly kind = declaredKind<Pod>()(pod, podProvider)`.
 * The outputs are the declaration's, and the compiler holds the class to exactly them.
 */
export function declaredKind<R>() {
  return <D extends AnyDeclaration, Provider extends dynamic.ResourceProvider>(
    declaration: D & ExactlyOutputs<R, "id" | "urn" | D["outputs"][number]>,
    provider: Provider,
  ): DeclaredClassKind<Provider> => ({
    provider,
    declaration,
    outputs: ["id", "urn", ...declaration.outputs],
    secretInputs: secretInputs(declaration),
    secretOutputs: secretOutputs(declaration),
    configOnly: secretProperties(declaration, "configOnly"),
    importable: declaration.importable,
    ...(declaration.deadline === undefined ? {} : { deadline: declaration.deadline }),
  });
}

/**
 * The kind of a resource class `R` not on the generic lifecycle, whose outputs are listed here, `id` and `urn`
 * included; the compiler rejects a list that misses one of the class's or names one the class lacks.
 */
export function undeclaredKind<R>() {
  return <Provider extends dynamic.ResourceProvider, const Names extends readonly string[]>(
    provider: Provider,
    facts: Partial<KindFacts> & Pick<KindFacts, "importable">,
    ...outputs: Names & ExactlyOutputs<R, Names[number]>
  ): ClassKind<Provider> => ({ provider, outputs, secretInputs: [], secretOutputs: [], configOnly: [], ...facts });
}

/**
 * A kind's outputs but `id` and `urn`, each unset: among a resource's properties, every output is an output of the
 * resource even when the arguments leave it out.
 */
export function unsetOutputs(kind: Pick<ClassKind, "outputs">): Record<string, undefined> {
  return Object.fromEntries(kind.outputs.filter((name) => name !== "id" && name !== "urn").map((name) => [name, undefined]));
}
