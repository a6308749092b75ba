// The dynamic provider of `Pod`, derived from its declaration: the provider methods and nothing else, reading its
// settings only when called. State requires it through `../pod.provider`, the path the first releases recorded.
import { podPricing } from "./podPricing";
import { pricedProvider } from "../../cost/pricedProvider";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { withLifetime } from "../lifetime/withLifetime";
import { pod } from "./declaration";
import { podEndings } from "./podEndings";

export { configure } from "../../config";

// The lifetime outside the estimate: its check then counts from the service's time the price lists were read at.
const lived = withLifetime(pricedProvider(podPricing, lifecycleOf(pod)), podEndings);
export const { check, diff, create, read, update } = lived;
const remove = lived.delete;
export { remove as delete };
