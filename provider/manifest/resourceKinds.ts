import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { kinds } from "../kinds";
import type { ManifestResourceType } from "./document";

/** What a manifest needs to know of one resource type. */
export interface ResourceKind {
  /** Creates the resource, as a program would with `new cp.<Type>(name, args, opts)`. */
  create(name: string, args: Record<string, unknown>, opts: pulumi.CustomResourceOptions): pulumi.CustomResource;
  /** The provider's own `check`, offline: the rules `validate` applies are exactly the ones preview applies. */
  check(olds: object, news: object): Promise<dynamic.CheckResult>;
  /** The outputs a reference may name: `${name.<output>}`. */
  outputs: readonly string[];
  /** Properties that must come from stack config (or another resource), never from the file itself. */
  secretProperties: readonly string[];
}

/** Every resource type a manifest can declare: each kind of the package. */
export const resourceKinds: Readonly<Record<ManifestResourceType, ResourceKind>> = Object.fromEntries(
  Object.entries(kinds).map(([type, kind]) => [
    type,
    { create: kind.create, check: kind.offlineCheck, outputs: kind.outputs, secretProperties: kind.configOnly } satisfies ResourceKind,
  ]),
) as Record<ManifestResourceType, ResourceKind>;
