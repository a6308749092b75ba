// The dynamic provider of `NetworkVolume`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads
// its settings only when called.
import { networkVolumePricing } from "./networkVolumePricing";
import { pricedProvider } from "../../cost/pricedProvider";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { networkVolume } from "./declaration";

export { configure } from "../../config";

const priced = pricedProvider(networkVolumePricing, lifecycleOf(networkVolume));
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };
