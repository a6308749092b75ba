import type { Deployment } from "@pulumi/pulumi/automation";
import type { ComputePlatformClient } from "../provider/client";
import { KIND_NAMES, kinds } from "../provider/kindRegistry";

/**
 * A create that the engine started and never saw end, because the process running it was killed: the checkpoint
 * still holds it as a pending operation, and the resource may or may not exist.
 */
export interface InterruptedCreate {
  urn: string;
  /** The kind, e.g. `Pod`. */
  kind: string;
  /** What it is, for messages: e.g. `Pod "worker"` (the kind and the resource's name in the program). */
  what: string;
  /** The create's checked arguments, as the checkpoint recorded them. */
  inputs: Record<string, unknown>;
  /**
   * Ids of the resources that this create could have made: they match its request, were made after the interrupted
   * deployment started, and no resource in the state has them. None means the create never took effect.
   */
  candidates: string[];
}

interface PendingOperation {
  type: string;
  resource: { urn: string; type: string; inputs?: Record<string, unknown> };
}

interface Checkpoint {
  manifest?: { time?: string };
  resources?: Array<{ id?: string }>;
  pending_operations?: PendingOperation[];
}

type Finder = (client: ComputePlatformClient, inputs: object) => Promise<Array<{ id: string; createdAt: string }>>;

// The kinds whose declaration can recognise its create in a list (`madeBy`); they are the ones that take long enough
// to create for a kill to land in between. A pending create of another kind is taken as not done.
const finders: Record<string, Finder> = Object.fromEntries(
  KIND_NAMES.flatMap((name) => {
    const declaration = kinds[name].declaration;
    const madeBy = declaration?.madeBy;
    if (declaration === undefined || madeBy === undefined) return [];
    const find: Finder = async (client, inputs) =>
      (await declaration.api(client).list()).filter((candidate: object) => madeBy(candidate, inputs));
    return [[name, find]];
  }),
);

const TYPE_PREFIX = "pulumi-nodejs:dynamic/computeplatform:";
/** Clock skew allowed between this machine and the API when telling what was made since a deployment started. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The creates of computeplatform resources that an interrupted deployment left pending in `state`, each with the
 * resources the API holds that it could have made. Lists once per kind with pending creates; nothing otherwise.
 */
export async function findInterruptedCreates(state: Deployment, client: ComputePlatformClient): Promise<InterruptedCreate[]> {
  const deployment = state.deployment as Checkpoint;
  const pending = (deployment.pending_operations ?? []).filter((op) => op.type === "creating" && op.resource.type.startsWith(TYPE_PREFIX));
  const inState = new Set((deployment.resources ?? []).map((resource) => resource.id));
  const startedAt = Date.parse(deployment.manifest?.time ?? "") - CLOCK_SKEW_MS;
  const found: InterruptedCreate[] = [];
  for (const { resource } of pending) {
    const kind = resource.type.slice(TYPE_PREFIX.length);
    const find = finders[kind];
    const matches = find ? await find(client, resource.inputs ?? {}) : [];
    found.push({
      urn: resource.urn,
      kind,
      inputs: resource.inputs ?? {},
      what: `${kind} "${resource.urn.split("::").at(-1)}"`,
      candidates: matches.filter((match) => !inState.has(match.id) && Date.parse(match.createdAt) >= startedAt).map((match) => match.id),
    });
  }
  return found;
}

/**
 * The message for interrupted creates that cannot be settled without the user: each names the resources that may
 * be its own by id, and the `adopt` line that takes one over.
 */
export function unsettledMessage(unsettled: readonly InterruptedCreate[]): string {
  const lines = unsettled.map(
    ({ what, candidates }) =>
      `${what} was being created when an earlier deployment was interrupted, and ${candidates.length} existing resource(s) ` +
      `made since could be the one it made: ${candidates.join(", ")}. Add \`adopt: ${candidates[0]}\` to its arguments to ` +
      "take one over and delete the others, or delete them all; the next deployment then goes ahead.",
  );
  return lines.join("\n");
}

/**
 * The state with the interrupted creates settled: one with a single candidate becomes that resource (its outputs
 * are its inputs until a refresh reads it), one without any is dropped, as it never took effect. Pending operations
 * of other providers are kept. The engine does the same with `pulumi refresh --import-pending-creates` in a terminal.
 */
export function settledState(state: Deployment, interrupted: readonly InterruptedCreate[]): Deployment {
  const deployment = state.deployment as Checkpoint;
  const byUrn = new Map(interrupted.map((create) => [create.urn, create]));
  const recovered = (deployment.pending_operations ?? []).flatMap(({ resource }) => {
    const [id] = byUrn.get(resource.urn)?.candidates ?? [];
    return id === undefined ? [] : [{ ...resource, id, outputs: resource.inputs ?? {} }];
  });
  return {
    ...state,
    deployment: {
      ...deployment,
      resources: [...(deployment.resources ?? []), ...recovered],
      pending_operations: (deployment.pending_operations ?? []).filter((op) => !(op.type === "creating" && byUrn.has(op.resource.urn))),
    },
  };
}

/** The pod statuses a pod's create stops waiting at: the one it wanted, or one it cannot leave by waiting. */
const SETTLED_POD_STATUSES = new Set(["RUNNING", "EXITED", "ERROR", "TERMINATED"]);

/**
 * Waits, as their create would have, until each pod that an interrupted create made has started (or failed), within
 * its `readyTimeoutSeconds`; the update that follows then records it as it is. Other kinds are taken as they are.
 */
export async function awaitSettledPods(client: ComputePlatformClient, settled: readonly InterruptedCreate[]): Promise<void> {
  const pods = settled.filter(({ kind, candidates }) => kind === "Pod" && candidates.length === 1);
  await Promise.all(
    pods.map(({ inputs, candidates: [id] }) => {
      const timeoutSeconds = typeof inputs.readyTimeoutSeconds === "number" ? inputs.readyTimeoutSeconds : 600;
      return client.podWatcher.waitFor({
        id: id!,
        wanted: "RUNNING",
        deadline: client.clock.now() + timeoutSeconds * 1000,
        timeoutSeconds,
        until: (pod) => pod === undefined || SETTLED_POD_STATUSES.has(pod.status),
      });
    }),
  );
}

/** What settling did, e.g. `settled 1 pod created by the interrupted run (pod-1)`; undefined when it took none over. */
export function settledMessage(settled: readonly InterruptedCreate[]): string | undefined {
  const taken = settled.filter(({ candidates }) => candidates.length === 1);
  const dropped = settled.length - taken.length;
  const parts: string[] = [];
  if (taken.length > 0) {
    const nouns = [...new Set(taken.map(({ kind }) => kinds[kind as keyof typeof kinds]?.declaration?.noun ?? kind))];
    const noun = nouns.length === 1 ? `${nouns[0]}${taken.length === 1 ? "" : "s"}` : "resources";
    parts.push(
      `settled ${taken.length} ${noun} created by the interrupted run (${taken.map(({ candidates }) => candidates[0]).join(", ")})`,
    );
  }
  if (dropped > 0) parts.push(`${dropped} create(s) of the interrupted run never took effect and were dropped`);
  return parts.length === 0 ? undefined : `${parts.join("; ")}.`;
}
