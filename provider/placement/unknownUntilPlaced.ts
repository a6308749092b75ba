import type * as pulumi from "@pulumi/pulumi";
import { all } from "@pulumi/pulumi/output";

/**
 * An output that `placement` decides, such as a pod's `gpu`: unknown while the resource does not exist yet (at the
 * preview of its create or replace, where its id is unknown), because which acceptable configuration the create
 * chooses is known only once it has run; the output itself otherwise.
 */
export function unknownUntilPlaced<T>(resource: pulumi.CustomResource, output: pulumi.Output<T>): pulumi.Output<pulumi.Unwrap<T>> {
  return all([resource.id, output]).apply(([, value]) => value);
}
