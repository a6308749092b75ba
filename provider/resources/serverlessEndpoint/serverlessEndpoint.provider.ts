// The dynamic provider of `ServerlessEndpoint`, derived from its declaration: the provider methods and nothing else, reading its
// settings only when called. State requires it through `../serverlessEndpoint.provider`, the path the first releases recorded.
import { pricedProvider } from "../../cost/pricedProvider";
import { serverlessEndpointPricing } from "./serverlessEndpointPricing";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { serverlessEndpoint } from "./declaration";

export { configure } from "../../config";

const priced = pricedProvider(serverlessEndpointPricing, lifecycleOf(serverlessEndpoint));
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };
