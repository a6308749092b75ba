// The dynamic provider of `Pod`. Pulumi serializes this module as `require(<this file>)`, so it exports
// the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ComputePlatformClient } from "../client";
import { NotFoundError } from "../client/errors";
import { type CheckedPodInputs, type Pod, type PodInputs, podInputsSchema, withPodDefaults } from "../schemas/pod";
import { sharedClient } from "../sharedClient";
import { resolveName } from "./autoName";
import { createOnce } from "./lifecycle/createOnce";
import { initializationFailure, ownProperties, stripUndefined } from "./lifecycle/engineProperties";
import { messageOf } from "./lifecycle/messageOf";
import { refuseReplacingAdopted } from "./lifecycle/diffResult";
import { unlessNotFound } from "./lifecycle/notFound";
import { validate } from "./lifecycle/validate";
import {
  createRequest,
  diffPod,
  podInputsFromLive,
  type PodOutputs,
  podInheritedEnvKeys,
  podOutputs,
  podPatch,
  podReplacements,
  recordedTemplateSettings,
  sameCreateRequest,
  type TemplateSettings,
  withTemplateSettings,
} from "./podState";

export { configure } from "../config";

/** How long a delete waits for the pod to be gone. */
const DELETE_TIMEOUT_SECONDS = 600;

export async function check(olds: Partial<PodInputs>, props: PodInputs): Promise<dynamic.CheckResult<CheckedPodInputs>> {
  const news = ownProperties(resolveName(olds, props));
  const failures = validate(podInputsSchema, news);
  const oldSize = olds?.mounts?.persistent?.size;
  const newSize = news?.mounts?.persistent?.size;
  if (typeof oldSize === "number" && typeof newSize === "number" && newSize < oldSize) {
    failures.push({
      property: "mounts.persistent.size",
      reason: `cannot shrink from ${oldSize} to ${newSize} GB: a persistent mount only grows`,
    });
  }
  return failures.length > 0 ? { failures } : { inputs: withPodDefaults(news) };
}

export async function diff(id: string, olds: PodOutputs, news: CheckedPodInputs): Promise<dynamic.DiffResult> {
  const result = diffPod(olds, news);
  refuseReplacingAdopted("pod", id, news.adopt, result.replaces ?? []);
  return result;
}

export async function create(props: CheckedPodInputs): Promise<dynamic.CreateResult<PodOutputs>> {
  const inputs = ownProperties(props);
  const client = sharedClient();
  const deadline = client.clock.now() + inputs.readyTimeoutSeconds * 1000;
  if (inputs.adopt) return adopt(client, inputs.adopt, inputs, deadline, props);

  const effective = withTemplateSettings(inputs, await templateSettings(client, inputs.templateId));
  const request = createRequest(inputs);
  const created = await createOnce({
    what: `pod "${inputs.name}"`,
    source: client.pods,
    create: () => client.pods.create(request),
    matches: (pod) => sameCreateRequest(pod, request),
    clock: client.clock,
  });
  try {
    const pod = await converge(client, created, inputs, deadline, podInheritedEnvKeys(created, inputs));
    return { id: pod.id, outs: stripUndefined(podOutputs(pod, effective)) };
  } catch (error) {
    throw await removeFailedPod(client, created, inputs, error, props);
  }
}

export async function read(id: string, props: PodOutputs): Promise<dynamic.ReadResult<PodOutputs | CheckedPodInputs>> {
  const pod = await unlessNotFound(() => sharedClient().pods.get(id));
  if (!pod || pod.status === "TERMINATED") return { id: "" };
  // `pulumi import` (through the native plugin) reads with nothing recorded: the arguments, defaults included, are
  // rebuilt from the live pod, and state records what a create with them would have.
  if (Object.keys(ownProperties(props)).length === 0) {
    const imported = withPodDefaults(podInputsFromLive(pod, props));
    return { id, props: stripUndefined(podOutputs(pod, imported)), inputs: stripUndefined(imported) };
  }
  const inputs = podInputsFromLive(pod, props);
  const refreshed = stripUndefined(podOutputs(pod, inputs, props.inheritedEnvKeys));
  // Inputs are handed back only for drift: rebuilt from the live pod they would name fields the program
  // left to the service (such as `disk`), and every refresh would report a change that is none.
  return diffPod(props, inputs).changes ? { id, props: refreshed, inputs: stripUndefined(inputs) } : { id, props: refreshed };
}

export async function update(id: string, olds: PodOutputs, props: CheckedPodInputs): Promise<dynamic.UpdateResult<PodOutputs>> {
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
export { deletePod as delete };

/**
 * Brings an existing pod to the arguments: PATCHes what differs (keeping the env keys it `inherited` from its
 * template), recovers it from ERROR, starts or stops it, and waits for the desired status. A locked pod
 * refuses to stop, so a lock is lifted before a stop and put back at the end.
 */
async function converge(
  client: ComputePlatformClient,
  live: Pod,
  news: CheckedPodInputs,
  deadline: number,
  inherited: readonly string[],
): Promise<Pod> {
  const { locked: lockChange, ...changes } = podPatch(live, news, inherited);
  const mustStop = news.desiredStatus === "EXITED" && live.status !== "EXITED";
  const unlockFirst = live.locked && (lockChange === false || mustStop);
  let pod = live;
  if (Object.keys(changes).length > 0 || unlockFirst) {
    pod = await client.pods.update(pod.id, { ...changes, ...(unlockFirst ? { locked: false } : {}) });
  }
  // ERROR is unrecoverable for the container, not for the pod: `start` boots it again.
  if (pod.status === "ERROR") pod = (await client.pods.action(pod.id, "start")) ?? (await client.pods.get(pod.id));

  pod = await waitForStatus(client, pod.id, pod.status === "EXITED" ? "EXITED" : "RUNNING", deadline, news.readyTimeoutSeconds);
  if (news.desiredStatus === "RUNNING" && pod.status === "EXITED") await client.pods.action(pod.id, "start");
  if (news.desiredStatus === "EXITED" && pod.status !== "EXITED") await client.pods.action(pod.id, "stop");
  // Already there (the usual case): another wait would cost one more list and one more poll interval.
  if (pod.status !== news.desiredStatus) pod = await waitForStatus(client, pod.id, news.desiredStatus, deadline, news.readyTimeoutSeconds);

  if (news.locked && !pod.locked) pod = await client.pods.update(pod.id, { locked: true });
  return pod;
}

/** What a template gives the pods made from it, for state to record; nothing for a pod without one. */
async function templateSettings(client: ComputePlatformClient, templateId: string | undefined): Promise<TemplateSettings> {
  if (templateId === undefined) return {};
  try {
    const { startSsh, startJupyter, allowedCudaVersions } = await client.templates.get(templateId);
    return { startSsh, startJupyter, allowedCudaVersions };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`templateId: there is no template "${templateId}", of your own or public`);
    throw error;
  }
}

class PodFailedError extends Error {
  override readonly name = "PodFailedError";
}

/** Waits (through the shared poller) until the pod is in `target`; ERROR fails at once. */
async function waitForStatus(
  client: ComputePlatformClient,
  id: string,
  target: "RUNNING" | "EXITED",
  deadline: number,
  timeoutSeconds: number,
): Promise<Pod> {
  const pod = await client.podWatcher.waitFor({
    id,
    wanted: target,
    deadline,
    timeoutSeconds,
    until: (current) => {
      if (!current || current.status === "TERMINATED") throw new PodFailedError(`pod ${id} disappeared while waiting for it to become ${target}`);
      if (current.status === "ERROR") throw new PodFailedError(`pod ${id} went to ERROR`);
      return current.status === target;
    },
  });
  return pod as Pod;
}

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
  let live: Pod;
  try {
    live = await client.pods.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`adopt: there is no pod with id "${id}"`);
    throw error;
  }
  // startSsh, startJupyter and dataCenterIds are create-time choices the API does not report back.
  const conflicts = podReplacements(podOutputs(live, inputs), inputs).filter((name) => name !== "dataCenterIds");
  if (conflicts.length > 0) {
    throw new Error(
      `adopt: pod "${id}" differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; ` +
        "declare the pod's current values or create a new pod instead",
    );
  }
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
