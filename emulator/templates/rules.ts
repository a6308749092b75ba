import type { Caller } from "../http/auth";
import { Problem } from "../http/problem";
import type { Store } from "../store";

/**
 * Pods and endpoints record the template they came from, so a template stays while any of them exists, whichever
 * account owns it (a public template serves every account). Other accounts' users are counted, never named.
 */
export function refuseWhileInUse(store: Store, caller: Caller, templateId: string): void {
  const users = store
    .allAccounts()
    .flatMap((account) => [
      ...[...account.pods.values()].filter((pod) => pod.template === templateId).map((pod) => ({ kind: "pod", ...pod })),
      ...[...account.endpoints.values()]
        .filter((endpoint) => endpoint.templateId === templateId)
        .map((endpoint) => ({ kind: "endpoint", ...endpoint })),
    ]);
  if (users.length === 0) return;
  const kinds = ["pod", "endpoint"] as const;
  const own = (kind: string) => users.filter((user) => user.kind === kind && user.account === caller.account);
  const named = kinds.flatMap((kind) => {
    const ids = own(kind).map((user) => user.id);
    return ids.length === 0 ? [] : [`${ids.length === 1 ? kind : `${kind}s`} ${ids.join(", ")}`];
  });
  const foreignOf = (kind: string) => users.filter((user) => user.kind === kind).length - own(kind).length;
  const counted = kinds.flatMap((kind) => {
    const foreign = foreignOf(kind);
    if (foreign === 0) return [];
    return [foreign === 1 ? `1 ${kind} of another account` : `${foreign} ${kind}s of other accounts`];
  });
  const foreign = kinds.reduce((total, kind) => total + foreignOf(kind), 0);
  // The caller can delete only its own pods and endpoints, so it is told to do so only when every user is its own.
  const next = foreign === 0 ? "delete them first" : "it can be deleted once they are gone";
  throw new Problem(400, `Template ${templateId} is in use by ${[...named, ...counted].join(" and ")}; ${next}`);
}

/** Why a template create or change answers 422. */
export const NETWORK_MOUNT_REFUSED = "`mounts.network` is given (templates mount only persistent storage), or a mount entry lacks a field";

/** A template mounts only persistent storage: a `network` mount is refused with 422. */
export function refuseNetworkMount(body: unknown): void {
  const mounts = isObject(body) ? body.mounts : undefined;
  if (isObject(mounts) && mounts.network !== undefined) {
    throw new Problem(422, "Templates mount only persistent storage; mounts.network is not allowed on a template");
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
