// The dynamic provider of `RegistryDelegation`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called. There is no `update`: every field replaces the delegation, so the engine never asks for one.
import { lifecycleOf } from "../lifecycle/lifecycle";
import { registryDelegation } from "./declaration";

export { configure } from "../../config";

const lifecycle = lifecycleOf(registryDelegation);
export const { check, diff, create, read } = lifecycle;
const remove = lifecycle.delete;
export { remove as delete };
