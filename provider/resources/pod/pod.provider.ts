// The dynamic provider of `Pod`, derived from its declaration: the provider methods and nothing else, reading its
// settings only when called. State requires it through `../pod.provider`, the path the first releases recorded.
import { podPricing } from "./podPricing";
import { pricedProvider } from "../../cost/pricedProvider";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { podLifetime } from "../lifetime/podLifetime";
import { pod } from "./declaration";

export { configure } from "../../config";

const priced = pricedProvider(podPricing, podLifetime(lifecycleOf(pod)));
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };
