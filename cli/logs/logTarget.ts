import { type ComputePlatformClient, NotFoundError } from "../../provider/client";
import { UserError } from "../../provider/errors";
import type { StackResource } from "../status/stackResources";

/** What `logs` reads: a pod's log, or the logs of an endpoint's workers. */
export interface LogTarget {
  kind: "pod" | "endpoint";
  id: string;
  /** How messages name it: its manifest name, else its id. */
  label: string;
}

/** The resource has no log to read, or there is no such resource: exit 2, nothing read. */
export class NoLogsError extends UserError {}

const KIND_NOUNS: Record<string, string> = {
  NetworkVolume: "network volume",
  Template: "template",
  Registry: "registry credential",
  RegistryDelegation: "registry delegation",
  AccountSshKeys: "the account's SSH keys",
  Cluster: "cluster",
};

/**
 * The resource named `name` in the stack (by manifest name or id), else the pod or endpoint with that id in the
 * account. Reads only what it must: nothing for a stack resource, one GET per kind tried for an id.
 */
export async function resolveLogTarget(
  name: string,
  resources: readonly StackResource[],
  client: ComputePlatformClient,
): Promise<LogTarget> {
  const recorded = resources.find((resource) => resource.name === name) ?? resources.find((resource) => resource.id === name);
  if (recorded !== undefined) {
    if (recorded.kind === "Pod") return { kind: "pod", id: recorded.id, label: recorded.name };
    if (recorded.kind === "ServerlessEndpoint") return { kind: "endpoint", id: recorded.id, label: recorded.name };
    throw noLogs(`${KIND_NOUNS[recorded.kind] ?? recorded.kind} ${recorded.name}`, recorded.kind === "Cluster");
  }
  if (await exists(() => client.pods.get(name))) return { kind: "pod", id: name, label: name };
  if (await exists(() => client.serverless.get(name))) return { kind: "endpoint", id: name, label: name };
  if (await exists(() => client.networkVolumes.get(name))) throw noLogs(`network volume ${name}`, false);
  throw new NoLogsError(
    `no resource of the stack is named ${name}, and no pod or serverless endpoint of the account has that id; ` +
      "`computeplatform status` lists the stack's resources",
  );
}

function noLogs(what: string, cluster: boolean): NoLogsError {
  return new NoLogsError(
    `${what} has no logs: only pods and serverless endpoints' workers print any` +
      (cluster ? "; name one of the cluster's pods by its id" : ""),
  );
}

async function exists(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}
