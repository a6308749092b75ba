// The dynamic provider of `ServerlessEndpoint`. Pulumi serializes this module as `require(<this file>)`, so it
// exports the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CheckedServerlessEndpointInputs } from "../schemas/serverlessEndpoint";
import { sharedClient } from "../sharedClient";
import { adoptable } from "./lifecycle/adoptable";
import { createOnce } from "./lifecycle/createOnce";
import { ownProperties } from "./lifecycle/engineProperties";
import { lifecycleOf } from "./lifecycle/lifecycle";
import { sameValue } from "./lifecycle/sameValue";
import { unlessNotFound } from "./lifecycle/notFound";
import {
  createRequest,
  endpointInputsFromLive,
  endpointOutputs,
  endpointPatch,
  inheritedEnvKeys,
  serverlessEndpoint as declaration,
  type ServerlessEndpointOutputs,
} from "./serverlessEndpoint/declaration";

import { pricedProvider } from "../cost/pricedProvider";
import { serverlessEndpointPricing } from "../cost/serverlessEndpointPricing";

export { configure } from "../config";

const lifecycle = lifecycleOf(declaration);

async function createEndpoint(props: CheckedServerlessEndpointInputs): Promise<dynamic.CreateResult<ServerlessEndpointOutputs>> {
  const inputs = ownProperties(props);
  if (inputs.adopt) return adopt(inputs.adopt, inputs);
  const client = sharedClient();
  const request = createRequest(inputs);
  const endpoint = await createOnce({
    what: `endpoint "${inputs.name}"`,
    source: client.serverless,
    create: () => client.serverless.create(request),
    matches: (candidate) => declaration.madeBy?.(candidate, inputs) === true,
    clock: client.clock,
  });
  return { id: endpoint.id, outs: endpointOutputs(endpoint, inputs, inheritedEnvKeys(endpoint, inputs)) };
}

async function readEndpoint(
  id: string,
  props: ServerlessEndpointOutputs,
): Promise<dynamic.ReadResult<ServerlessEndpointOutputs | CheckedServerlessEndpointInputs>> {
  const endpoint = await unlessNotFound(() => sharedClient().serverless.get(id));
  if (!endpoint) return { id: "" };
  const recorded = ownProperties(props);
  const inputs = endpointInputsFromLive(endpoint, recorded);
  const refreshed = endpointOutputs(endpoint, inputs, recorded.inheritedEnvKeys);
  // Inputs are handed back only for drift: rebuilt from the live endpoint they name the settings a template
  // supplied, so every refresh would otherwise report a change that is none.
  return sameValue(recorded, refreshed) ? { id, props: refreshed } : { id, props: refreshed, inputs };
}

async function updateEndpoint(
  id: string,
  olds: ServerlessEndpointOutputs,
  props: CheckedServerlessEndpointInputs,
): Promise<dynamic.UpdateResult<ServerlessEndpointOutputs>> {
  const news = ownProperties(props);
  const client = sharedClient();
  const patch = endpointPatch(olds, news);
  const endpoint = Object.keys(patch).length > 0 ? await client.serverless.update(id, patch) : await client.serverless.get(id);
  const inherited = news.templateId === olds.templateId ? olds.inheritedEnvKeys : inheritedEnvKeys(endpoint, news);
  return { outs: endpointOutputs(endpoint, news, inherited) };
}

const priced = pricedProvider(serverlessEndpointPricing, {
  ...lifecycle,
  create: createEndpoint,
  read: readEndpoint,
  update: updateEndpoint,
});
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };

/** Takes over an existing endpoint: its type and compute family must match; everything else is PATCHed to the arguments. */
async function adopt(id: string, inputs: CheckedServerlessEndpointInputs): Promise<dynamic.CreateResult<ServerlessEndpointOutputs>> {
  const client = sharedClient();
  const live = await adoptable(declaration, id, inputs);
  // The adopted endpoint's template is unknown: every env key it has is either declared or removed.
  const patch = endpointPatch(endpointOutputs(live, inputs, []), inputs);
  const endpoint = Object.keys(patch).length > 0 ? await client.serverless.update(id, patch) : live;
  return { id, outs: endpointOutputs(endpoint, inputs, []) };
}
