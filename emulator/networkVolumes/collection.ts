import { collection } from "../collection";
import type { NetworkVolume } from "../wire";

export interface NetworkVolumeRecord {
  account: string;
  /** When the volume was created: billing charges its storage from then. */
  createdAt: number;
  volume: NetworkVolume;
}

declare module "../store" {
  interface Collections {
    networkVolumes: NetworkVolumeRecord;
  }
}

/** The account's network volumes, at `/v2/network-volumes`. */
export const networkVolumes = collection({
  name: "networkVolumes",
  path: "/network-volumes",
  noun: "Network volume",
  what: "network volume",
  schema: "NetworkVolume",
  idDescription: "Network volume id",
  idOf: (record) => record.volume.id,
  view: (record) => ({ ...record.volume }),
});
