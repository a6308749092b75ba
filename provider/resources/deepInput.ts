import type * as pulumi from "@pulumi/pulumi";

/**
 * A plain argument type with `pulumi.Input` at every level, so that an output of one resource can be
 * used anywhere inside another's arguments, for example a volume id inside `mounts.network[0]`.
 * `boolean` stays whole (a conditional type would split it into `true | false`, which an `Output<boolean>`
 * fits neither of).
 */
export type DeepInput<T> = T extends boolean
  ? pulumi.Input<boolean>
  : T extends string | number | null | undefined
  ? pulumi.Input<T>
  : T extends ReadonlyArray<infer Item>
    ? pulumi.Input<Array<DeepInput<Item>>>
    : pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>;

/** The arguments of a resource: each property of its plain inputs, accepting Inputs at every level. */
export type ResourceArgs<T> = { [K in keyof T]: DeepInput<T[K]> };
