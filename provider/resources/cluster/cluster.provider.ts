// The dynamic provider of `Cluster`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called.
import { clusterPricing } from "../../cost/clusterPricing";
import { pricedProvider } from "../../cost/pricedProvider";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { cluster } from "./declaration";

export { configure } from "../../config";

const priced = pricedProvider(clusterPricing, lifecycleOf(cluster));
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };
