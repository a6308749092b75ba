import type { Transport } from "./transport";

/** `/v2/clusters`: clusters of pods and their member pods. */
export class ClustersClient {
  constructor(protected readonly transport: Transport) {}
}
