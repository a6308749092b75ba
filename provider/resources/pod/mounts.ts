import type { CheckedPodInputs, MountsInputs } from "./inputs";
import { UNKNOWN } from "../../values/unknown";

export type MountKind = "none" | "persistent" | "network";

/** Which kind of storage a pod mounts; fixed at create. */
export function mountKind(mounts: MountsInputs | undefined): MountKind {
  if (mounts?.persistent) return "persistent";
  if (mounts?.network && mounts.network.length > 0) return "network";
  return "none";
}

/** Whether the arguments speak for the mounts: a pod made from a template without `mounts` keeps the template's. */
export function declaresMounts(news: CheckedPodInputs): boolean {
  return news.mounts !== undefined || news.templateId === undefined;
}

/** Whether going from the `olds` mounts to the `news` takes a new pod: another kind, another volume, or a smaller disk. */
export function mountsNeedReplacement(olds: MountsInputs | undefined, news: MountsInputs | undefined): boolean {
  if (mountKind(olds) !== mountKind(news)) return true;
  const oldVolume = olds?.network?.[0]?.volumeId;
  const newVolume = news?.network?.[0]?.volumeId;
  if (oldVolume !== newVolume) return true;
  // A persistent mount only grows; a smaller one needs a new pod.
  const oldSize = olds?.persistent?.size;
  const newSize = news?.persistent?.size;
  return oldSize !== undefined && newSize !== undefined && (newSize as unknown) !== UNKNOWN && newSize < oldSize;
}

/** Mounts with empty parts dropped: `{}`, `{network: []}` and no mounts all mean the same. */
export function comparableMounts(mounts: MountsInputs | undefined): MountsInputs {
  const comparable: MountsInputs = {};
  if (mounts?.persistent) comparable.persistent = { size: mounts.persistent.size, path: mounts.persistent.path };
  if (mounts?.network && mounts.network.length > 0) {
    comparable.network = mounts.network.map(({ volumeId, path }) => ({ volumeId, path }));
  }
  return comparable;
}
