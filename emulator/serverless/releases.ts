import type { EndpointRecord } from "../store";

/** Records a new release of the endpoint: every change to what its workers run makes one. */
export function addRelease(endpoint: EndpointRecord, account: string, now: number, diff: EndpointRecord["releases"][number]["diff"]): void {
  const version = endpoint.releases.length + 1;
  endpoint.releases.push({
    id: `${endpoint.id}-r${version}`,
    version,
    source: "MANUAL",
    buildId: null,
    createdByUserId: account,
    workerCount: 0,
    createdAt: new Date(now).toISOString(),
    diff,
  });
}
