import { type CheckedPodInputs, injectedEnvKeys, type Pod, type UpdatePodRequest } from "./inputs";
import { sameValue } from "../../values/sameValue";
import { comparableMounts } from "./mounts";
import { userEnv } from "./outputs";

/**
 * The `PATCH /v2/pods/{id}` body that brings the live pod to the arguments: only what differs, and nothing
 * for an argument left unset. Injected and inherited env keys are sent back, because PATCH replaces the whole env.
 * Another template is named in the PATCH, which applies its settings under the body's; env is then always sent,
 * so that the old template's keys go and the injected ones stay.
 */
export function podPatch(live: Omit<Pod, "id" | "runtime">, news: CheckedPodInputs, inherited: readonly string[] = []): UpdatePodRequest {
  const patch: UpdatePodRequest = {};
  const differs = (before: unknown, after: unknown): boolean => after !== undefined && !sameValue(before, after);
  const movesTemplate = differs(live.template, news.templateId);
  if (movesTemplate) patch.templateId = news.templateId;
  if (differs(live.name, news.name)) patch.name = news.name;
  if (differs(live.image, news.image)) patch.image = news.image;
  if (differs(live.args, news.args)) patch.args = news.args;
  if (differs(live.disk, news.disk)) patch.disk = news.disk;
  const kept = userEnv(live.env, news.env, inherited);
  if (movesTemplate || !sameValue(kept, news.env)) {
    const keptKeys = movesTemplate ? [...injectedEnvKeys] : [...injectedEnvKeys, ...inherited];
    patch.env = { ...Object.fromEntries(Object.entries(live.env).filter(([key]) => keptKeys.includes(key))), ...news.env };
  }
  if (differs(live.ports, news.ports)) patch.ports = news.ports;
  if (differs(live.registry, news.registry)) patch.registry = news.registry;
  if (differs(live.locked, news.locked)) patch.locked = news.locked;
  if (differs(live.globalNetworking.enabled, news.globalNetworking)) patch.globalNetworking = news.globalNetworking;
  if (news.mounts && !sameValue(comparableMounts(live.mounts), comparableMounts(news.mounts))) patch.mounts = news.mounts;
  return patch;
}
