// The dynamic provider of `ServerlessEndpoint`. Pulumi serializes this module as `require(<this file>)`, so it
// exports the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../client/errors";
import {
  type CheckedServerlessEndpointInputs,
  type Endpoint,
  type ServerlessEndpointInputs,
  serverlessEndpointInputsSchema,
  withEndpointDefaults,
} from "../schemas/serverlessEndpoint";
import { sharedClient } from "../sharedClient";
import { resolveName } from "./autoName";
import { createOnce } from "./lifecycle/createOnce";
import { ownProperties } from "./lifecycle/engineProperties";
import { refuseReplacingAdopted } from "./lifecycle/diffResult";
import { sameValue } from "./lifecycle/sameValue";
import { unlessNotFound } from "./lifecycle/notFound";
import { validate } from "./lifecycle/validate";
import {
  computeFamily,
  createRequest,
  diffEndpoint,
  endpointInputsFromLive,
  endpointOutputs,
  endpointPatch,
  inheritedEnvKeys,
  sameCreateRequest,
  type ServerlessEndpointOutputs,
} from "./serverlessEndpointState";

export { configure } from "../config";

export async function check(
  olds: Partial<ServerlessEndpointInputs>,
  props: ServerlessEndpointInputs,
): Promise<dynamic.CheckResult<CheckedServerlessEndpointInputs>> {
  const news = ownProperties(resolveName(olds, props));
  const failures = validate(serverlessEndpointInputsSchema, news);
  return failures.length > 0 ? { failures } : { inputs: withEndpointDefaults(news) };
}

export async function diff(id: string, olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): Promise<dynamic.DiffResult> {
  const result = diffEndpoint(olds, news);
  refuseReplacingAdopted("endpoint", id, news.adopt, result.replaces ?? []);
  return result;
}

export async function create(props: CheckedServerlessEndpointInputs): Promise<dynamic.CreateResult<ServerlessEndpointOutputs>> {
  const inputs = ownProperties(props);
  if (inputs.adopt) return adopt(inputs.adopt, inputs);
  const client = sharedClient();
  const request = createRequest(inputs);
  const endpoint = await createOnce({
    what: `endpoint "${inputs.name}"`,
    source: client.serverless,
    create: () => client.serverless.create(request),
    matches: (candidate) => sameCreateRequest(candidate, request),
    clock: client.clock,
  });
  return { id: endpoint.id, outs: endpointOutputs(endpoint, inputs, inheritedEnvKeys(endpoint, inputs)) };
}

export async function read(
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

export async function update(
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

async function deleteEndpoint(id: string): Promise<void> {
  await unlessNotFound(() => sharedClient().serverless.delete(id));
}
export { deleteEndpoint as delete };

/** Takes over an existing endpoint: its type and compute family must match; everything else is PATCHed to the arguments. */
async function adopt(id: string, inputs: CheckedServerlessEndpointInputs): Promise<dynamic.CreateResult<ServerlessEndpointOutputs>> {
  const client = sharedClient();
  let live: Endpoint;
  try {
    live = await client.serverless.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`adopt: there is no endpoint with id "${id}"`);
    throw error;
  }
  const conflicts = [
    ...(live.type === inputs.type ? [] : ["type"]),
    ...(computeFamily(live) === (inputs.gpu === undefined ? "cpu" : "gpu") ? [] : ["compute family (gpu or cpu)"]),
  ];
  if (conflicts.length > 0) {
    throw new Error(
      `adopt: endpoint "${id}" differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; ` +
        "declare the endpoint's current values or create a new endpoint instead",
    );
  }
  // The adopted endpoint's template is unknown: every env key it has is either declared or removed.
  const patch = endpointPatch(endpointOutputs(live, inputs, []), inputs);
  const endpoint = Object.keys(patch).length > 0 ? await client.serverless.update(id, patch) : live;
  return { id, outs: endpointOutputs(endpoint, inputs, []) };
}
