// The dynamic provider of `ServerlessEndpoint`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called.
import { pricedProvider } from "../../cost/pricedProvider";
import { serverlessEndpointPricing } from "../../cost/serverlessEndpointPricing";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { serverlessEndpoint } from "./declaration";

export { configure } from "../../config";

const priced = pricedProvider(serverlessEndpointPricing, lifecycleOf(serverlessEndpoint));
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };
