// The dynamic provider of `NetworkVolume`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads
// its settings only when called.
import { lifecycleOf } from "./lifecycle/lifecycle";
import { networkVolume } from "./networkVolume/declaration";

export { configure } from "../config";

const lifecycle = lifecycleOf(networkVolume);
export const { check, diff, create, read, update } = lifecycle;
const remove = lifecycle.delete;
export { remove as delete };
