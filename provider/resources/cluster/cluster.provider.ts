// The dynamic provider of `Cluster`, derived from its declaration: the provider methods and nothing else, reading its
// settings only when called. State requires it through `../cluster.provider`, the path the first releases recorded.
import { clusterPricing } from "./clusterPricing";
import { pricedProvider } from "../../cost/pricedProvider";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { withLifetime } from "../lifetime/withLifetime";
import { clusterEndings } from "./clusterEndings";
import { cluster } from "./declaration";

export { configure } from "../../config";

// The lifetime outside the estimate: its check then counts from the service's time the price lists were read at.
const lived = withLifetime(pricedProvider(clusterPricing, lifecycleOf(cluster)), clusterEndings);
export const { check, diff, create, read, update } = lived;
const remove = lived.delete;
export { remove as delete };
