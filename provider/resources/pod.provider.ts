// The dynamic provider of `Pod`. Pulumi serializes this module as `require(<this file>)`, so it exports
// the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ComputePlatformClient } from "../client";
import { checkPlacement } from "../placement/checkPlacement";
import { type PlacedCheckResult, withPlacementCheck } from "../placement/placementChoice";
import { type PlacementScope, placeOnCandidates } from "../placement/placeOnCandidates";
import type { CheckedPodInputs, Pod, PodInputs } from "../schemas/pod";
import { podPricing } from "../cost/podPricing";
import { podLifetime } from "./lifetime/podLifetime";
import { pricedProvider } from "../cost/pricedProvider";
import { sharedClient } from "../sharedClient";
import { adoptable } from "./lifecycle/adoptable";
import { createOnce } from "./lifecycle/createOnce";
import { initializationFailure, ownProperties, stripUndefined } from "./lifecycle/engineProperties";
import { fieldChanges } from "./lifecycle/fieldChanges";
import { lifecycleOf, withDeclaredDefaults } from "./lifecycle/lifecycle";
import { messageOf } from "./lifecycle/messageOf";
import { unlessNotFound } from "./lifecycle/notFound";
import { converge } from "./pod/converge";
import { createRequest } from "./pod/createRequest";
import { pod as declaration } from "./pod/declaration";
import { podInheritedEnvKeys, podInputsFromLive, type PodOutputs, podOutputs } from "./pod/outputs";
import { recordedTemplateSettings, templateSettings, withTemplateSettings } from "./pod/templateSettings";

export { configure } from "../config";

/** How long a delete waits for the pod to be gone. */
const DELETE_TIMEOUT_SECONDS = 600;

const lifecycle = lifecycleOf(declaration);
/** Validates and completes the arguments; with `placement`, also checks that some acceptable configuration is offered. */
async function checkPod(olds: Partial<PodInputs>, props: PodInputs): Promise<PlacedCheckResult<CheckedPodInputs>> {
  const result = await lifecycle.check(olds, props);
  const inputs = result.inputs;
  if (result.failures?.length || inputs?.placement === undefined || inputs.gpu === undefined || inputs.adopt !== undefined) return result;
  return withPlacementCheck(result, await checkPlacement(placementScope(inputs, inputs.gpu)));
}

async function createPod(props: CheckedPodInputs): Promise<dynamic.CreateResult<PodOutputs>> {
  const inputs = ownProperties(props);
  const client = sharedClient();
  const deadline = client.clock.now() + inputs.readyTimeoutSeconds * 1000;
  if (inputs.adopt) return adopt(client, inputs.adopt, inputs, deadline, props);

  const effective = withTemplateSettings(inputs, await templateSettings(client, inputs.templateId));
  const createWith = (sent: CheckedPodInputs) =>
    createOnce({
      what: `pod "${inputs.name}"`,
      source: client.pods,
      create: () => client.pods.create(createRequest(sent)),
      matches: (pod) => declaration.madeBy?.(pod, sent) === true,
      clock: client.clock,
    });
  const { gpu, placement } = inputs;
  const created =
    placement === undefined || gpu === undefined
      ? await createWith(inputs)
      : (
          await placeOnCandidates(client, {
            ...placementScope(inputs, gpu),
            deadline,
            timeoutSeconds: inputs.readyTimeoutSeconds,
            create: ({ id, count }) => createWith({ ...inputs, placement: undefined, gpu: { ...gpu, id, count } }),
          })
        ).created;
  try {
    const pod = await converge(client, created, inputs, deadline, podInheritedEnvKeys(created, inputs));
    return { id: pod.id, outs: stripUndefined(podOutputs(pod, effective)) };
  } catch (error) {
    throw await removeFailedPod(client, created, inputs, error, props);
  }
}

async function readPod(id: string, props: PodOutputs): Promise<dynamic.ReadResult<PodOutputs | CheckedPodInputs>> {
  const pod = await unlessNotFound(() => sharedClient().pods.get(id));
  if (!pod || pod.status === "TERMINATED") return { id: "" };
  // `pulumi import` (through the native plugin) reads with nothing recorded: the arguments, defaults included, are
  // rebuilt from the live pod, and state records what a create with them would have.
  if (Object.keys(ownProperties(props)).length === 0) {
    const imported = withDeclaredDefaults(declaration, podInputsFromLive(pod, props)) as CheckedPodInputs;
    return { id, props: stripUndefined(podOutputs(pod, imported)), inputs: stripUndefined(imported) };
  }
  const inputs = podInputsFromLive(pod, props);
  const refreshed = stripUndefined(podOutputs(pod, inputs, props.inheritedEnvKeys));
  // Inputs are handed back only for drift: rebuilt from the live pod they would name fields the program
  // left to the service (such as `disk`), and every refresh would report a change that is none.
  const { updates, replaces } = fieldChanges(declaration, props, inputs);
  return updates.length + replaces.length > 0 ? { id, props: refreshed, inputs: stripUndefined(inputs) } : { id, props: refreshed };
}

async function updatePod(id: string, olds: PodOutputs, props: CheckedPodInputs): Promise<dynamic.UpdateResult<PodOutputs>> {
  const news = withTemplateSettings(ownProperties(props), recordedTemplateSettings(olds));
  const client = sharedClient();
  const deadline = client.clock.now() + news.readyTimeoutSeconds * 1000;
  const live = await client.pods.get(id);
  // The env keys of the same template are kept; another template brings its own, and no template none.
  const sameTemplate = news.templateId !== undefined && news.templateId === olds.templateId;
  const inherited = sameTemplate ? olds.inheritedEnvKeys : undefined;
  try {
    const pod = await converge(client, live, news, deadline, inherited ?? []);
    return { outs: stripUndefined(podOutputs(pod, news, inherited)) };
  } catch (error) {
    const current = await unlessNotFound(() => client.pods.get(id)).catch(() => undefined);
    throw initializationFailure(`pod ${id} (${news.name}) did not reach ${news.desiredStatus} after the update: ${messageOf(error)}`, {
      id,
      properties: current ? podOutputs(current, news, inherited) : olds,
      engineProps: props,
    });
  }
}

/** What placement screens a GPU pod's candidates by. */
function placementScope(inputs: CheckedPodInputs, gpu: NonNullable<CheckedPodInputs["gpu"]>): PlacementScope {
  return {
    what: `pod "${inputs.name}"`,
    product: "POD",
    cloud: inputs.cloud,
    gpu,
    placement: inputs.placement,
    dataCenterIds: inputs.dataCenterIds,
    maxHourlyPrice: inputs.maxHourlyPrice,
  };
}

async function deletePod(id: string): Promise<void> {
  const client = sharedClient();
  const deleted = await unlessNotFound(() => client.pods.delete(id).then(() => true));
  if (!deleted) return;
  await client.podWatcher.waitFor({
    id,
    wanted: "gone",
    until: (pod) => pod === undefined || pod.status === "TERMINATED",
    deadline: client.clock.now() + DELETE_TIMEOUT_SECONDS * 1000,
    timeoutSeconds: DELETE_TIMEOUT_SECONDS,
  });
}

const priced = pricedProvider(
  podPricing,
  podLifetime({ check: checkPod, diff: lifecycle.diff, create: createPod, read: readPod, update: updatePod, delete: deletePod }),
);
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };

/**
 * A pod that failed to become usable is deleted, so that the failed deployment leaves nothing behind.
 * Only if that delete fails too is it reported as a half-created resource, which Pulumi then tracks.
 */
async function removeFailedPod(
  client: ComputePlatformClient,
  created: Pod,
  inputs: CheckedPodInputs,
  cause: unknown,
  engineProps: object,
): Promise<Error> {
  const reason = messageOf(cause);
  try {
    await deletePod(created.id);
    return new Error(`pod "${inputs.name}" did not become ${inputs.desiredStatus}: ${reason}. It was deleted; nothing was left behind.`);
  } catch (cleanupError) {
    const current = await unlessNotFound(() => client.pods.get(created.id)).catch(() => undefined);
    return initializationFailure(
      `pod "${inputs.name}" (${created.id}) did not become ${inputs.desiredStatus}: ${reason}; deleting it also failed: ${messageOf(cleanupError)}. ` +
        "It is kept in the stack so that the next `pulumi up` or `pulumi destroy` can deal with it.",
      { id: created.id, properties: podOutputs(current ?? created, inputs), engineProps },
    );
  }
}

/** Takes over an existing pod: it must already have what cannot change in place; the rest is converged. */
async function adopt(
  client: ComputePlatformClient,
  id: string,
  inputs: CheckedPodInputs,
  deadline: number,
  engineProps: object,
): Promise<dynamic.CreateResult<PodOutputs>> {
  const live = await adoptable(declaration, id, inputs);
  try {
    const pod = await converge(client, live, inputs, deadline, podInheritedEnvKeys(live, inputs));
    const effective = withTemplateSettings(inputs, await templateSettings(client, inputs.templateId));
    return { id, outs: stripUndefined(podOutputs(pod, effective)) };
  } catch (error) {
    // An adopted pod is not ours to delete: record it with the failure instead.
    const current = await unlessNotFound(() => client.pods.get(id)).catch(() => undefined);
    throw initializationFailure(`adopt: pod "${id}" did not reach ${inputs.desiredStatus}: ${messageOf(error)}`, {
      id,
      properties: podOutputs(current ?? live, inputs),
      engineProps,
    });
  }
}
