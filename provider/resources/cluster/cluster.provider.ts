// The dynamic provider of `Cluster`, derived from its declaration: the provider methods and nothing else, reading its
// settings only when called. State requires it through `../cluster.provider`, the path the first releases recorded.
import { clusterPricing } from "./clusterPricing";
import { pricedProvider } from "../../cost/pricedProvider";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { cluster } from "./declaration";

export { configure } from "../../config";

const priced = pricedProvider(clusterPricing, lifecycleOf(cluster));
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };
