import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "./declaredResource";
import type { CostComponent } from "../../cost/costComponent";

/** The dynamic resource of a priced kind (Pod, Cluster, ServerlessEndpoint, NetworkVolume): a declared one with the cost outputs. */
export abstract class PricedResource extends DeclaredResource {
  /**
   * The resource's list price while it stands, in USD per hour: the sum of `costBreakdown`'s `hourlyCost`.
   * Use-based parts count as 0. Known at preview; a month is 730 hours.
   */
  declare readonly estimatedHourlyCost: pulumi.Output<number>;
  /** One entry per priced part of the resource, with where each price came from. */
  declare readonly costBreakdown: pulumi.Output<CostComponent[]>;
}
