import type { ClusterCompute, ClusterType } from "../wire";

export interface ClusterRecord {
  id: string;
  account: string;
  createdAt: number;
  name: string;
  type: ClusterType;
  compute: ClusterCompute;
  dataCenterId: string;
  network: { cidr: string; vxlanId: number; vxlanPort: number };
  /** Member pod ids by rank; the pods themselves live in the account's `pods`. */
  memberIds: string[];
}

declare module "../store" {
  interface Collections {
    clusters: ClusterRecord;
  }
}
