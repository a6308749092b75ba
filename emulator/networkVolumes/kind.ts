import type { EmulatorKind, KindSnapshot } from "../kind";
import type { NetworkVolume } from "../wire";
import { networkVolumes } from "./openapi";
import { NETWORK_VOLUME_OPERATIONS } from "./operations";

const snapshot: KindSnapshot<"networkVolumes", NetworkVolume[]> = {
  key: "networkVolumes",
  show: (context) =>
    context.store.allAccounts().flatMap((account) => [...account.networkVolumes.values()].map((record) => ({ ...record.volume }))),
};

/** Network volumes. */
export const networkVolumeKind = {
  collection: "networkVolumes",
  operations: NETWORK_VOLUME_OPERATIONS,
  openapi: networkVolumes,
  snapshot,
} satisfies EmulatorKind;
