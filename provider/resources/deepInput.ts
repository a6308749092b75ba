import type * as pulumi from "@pulumi/pulumi";

type Primitive = string | number | boolean | null | undefined;

/**
 * A plain argument type with `pulumi.Input` at every level, so that an output of one resource can be
 * used anywhere inside another's arguments, for example a volume id inside `mounts.network[0]`.
 * A union of primitives stays whole (`Output<string | null>` fits `string | null`, `Output<boolean>` fits
 * `boolean`); other unions, such as an optional object, are mapped member by member.
 */
export type DeepInput<T> = [T] extends [Primitive]
  ? pulumi.Input<T>
  : T extends Primitive
    ? pulumi.Input<T>
    : T extends ReadonlyArray<infer Item>
      ? pulumi.Input<Array<DeepInput<Item>>>
      : pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>;

/** The arguments of a resource: each property of its plain inputs, accepting Inputs at every level. */
export type ResourceArgs<T> = { [K in keyof T]: DeepInput<T[K]> };
