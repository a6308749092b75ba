import type { ComputePlatformClient } from "../../provider/client";
import type { Pod } from "../../provider/resources/pod/inputs";
import type { Endpoint } from "../../provider/resources/serverlessEndpoint/inputs";
import { diagnoseEndpoint, diagnosePod } from "./diagnosis";
import type { StackResource } from "./stackResources";
import { type ResourceStatus, type StatusReport, totalCostPerHour } from "./statusReport";

/**
 * Reads what the stack's resources are doing now: one list per kind the stack has (pods, clusters, endpoints,
 * volumes), then for each endpoint its workers, its queue (`/health`) and its releases, which no list carries. The
 * requests go one after the other, each paced by the client's rate limiter: never a burst.
 */
export async function readStatus(
  client: ComputePlatformClient,
  resources: readonly StackResource[],
  stack: string,
  now: number,
  signal?: AbortSignal,
): Promise<StatusReport> {
  let requests = 0;
  const read = async <T>(call: () => Promise<T>): Promise<T> => {
    requests += 1;
    return call();
  };
  const has = (...kinds: string[]) => resources.some((resource) => kinds.includes(resource.kind));
  const options = signal === undefined ? {} : { signal };
  const pods = has("Pod", "Cluster") ? await read(() => client.pods.list({ includeClusterPods: has("Cluster"), ...options })) : [];
  const clusters = has("Cluster") ? await read(() => client.clusters.list(options)) : [];
  const endpoints = has("ServerlessEndpoint") ? await read(() => client.serverless.list(options)) : [];
  const volumes = has("NetworkVolume") ? await read(() => client.networkVolumes.list(options)) : [];

  const statuses: ResourceStatus[] = [];
  for (const resource of resources) {
    const estimate = typeof resource.outputs.estimatedHourlyCost === "number" ? resource.outputs.estimatedHourlyCost : null;
    const base = { name: resource.name, kind: resource.kind, id: resource.id, estimatedCostPerHour: estimate };
    const gone = { ...base, status: "GONE", uptimeSeconds: null, costPerHour: null };
    switch (resource.kind) {
      case "Pod": {
        const pod = pods.find(({ id }) => id === resource.id);
        if (pod === undefined) statuses.push({ ...gone, diagnosis: diagnosePod(resource.name, undefined)! });
        else statuses.push({ ...base, ...podFigures(pod), ...withDiagnosis(diagnosePod(resource.name, pod.status)) });
        break;
      }
      case "Cluster": {
        const cluster = clusters.find(({ id }) => id === resource.id);
        const members = pods.filter((pod) => pod.cluster?.id === resource.id);
        if (cluster === undefined) statuses.push(gone);
        else {
          const uptimes = members.map((pod) => pod.runtime?.uptime).filter((uptime) => uptime !== undefined);
          const byStatus = Object.entries(cluster.pods.byStatus).map(([status, count]) => `${count} ${status}`);
          statuses.push({
            ...base,
            status: byStatus.join(", ") || "NO PODS",
            uptimeSeconds: uptimes.length === members.length && uptimes.length > 0 ? Math.min(...uptimes) : null,
            costPerHour: sumUsd(members.map((pod) => pod.cost)),
          });
        }
        break;
      }
      case "ServerlessEndpoint": {
        const endpoint = endpoints.find(({ id }) => id === resource.id);
        if (endpoint === undefined) statuses.push(gone);
        else statuses.push({ ...base, ...(await endpointFigures(client, endpoint, now, read, options)) });
        break;
      }
      case "NetworkVolume": {
        const volume = volumes.find(({ id }) => id === resource.id);
        statuses.push(volume === undefined ? gone : { ...base, status: "AVAILABLE", uptimeSeconds: null, costPerHour: null });
        break;
      }
      default:
        statuses.push({ ...base, status: null, uptimeSeconds: null, costPerHour: null });
    }
  }
  return { stack, readAt: new Date(now).toISOString(), resources: statuses, totalCostPerHour: totalCostPerHour(statuses), requests };
}

function podFigures(pod: Pod): Pick<ResourceStatus, "status" | "uptimeSeconds" | "costPerHour" | "gpuUtilization"> {
  return {
    status: pod.status,
    uptimeSeconds: pod.runtime?.uptime ?? null,
    costPerHour: pod.cost,
    ...(pod.runtime?.gpus === undefined ? {} : { gpuUtilization: pod.runtime.gpus.map((gpu) => gpu.util) }),
  };
}

async function endpointFigures(
  client: ComputePlatformClient,
  endpoint: Endpoint,
  now: number,
  read: <T>(call: () => Promise<T>) => Promise<T>,
  options: { signal?: AbortSignal },
): Promise<Omit<ResourceStatus, "name" | "kind" | "id" | "estimatedCostPerHour">> {
  const { summary } = await read(() => client.serverless.workers(endpoint.id, options));
  const health = endpoint.type === "QUEUE" ? await read(() => client.jobs.health(endpoint.id, options)) : undefined;
  const { endpointVersion, rollout } = await read(() => client.serverless.releases(endpoint.id, options));
  const workers = {
    running: summary.running,
    idle: summary.idle,
    initializing: summary.initializing,
    throttled: summary.throttled,
    unhealthy: summary.unhealthy,
  };
  const queue = health === undefined ? undefined : { inQueue: health.jobs.inQueue, inProgress: health.jobs.inProgress };
  const ready = summary.running + summary.idle;
  return {
    status: summary.total === 0 ? "SCALED TO ZERO" : ready > 0 ? "READY" : "NOT READY",
    uptimeSeconds: Math.floor((now - Date.parse(endpoint.createdAt)) / 1000),
    costPerHour: null,
    workers,
    ...(queue === undefined ? {} : { queue }),
    rollout: { version: endpointVersion ?? null, ...rollout },
    ...withDiagnosis(diagnoseEndpoint(workers, queue ?? { inQueue: 0, inProgress: 0 }, endpoint.workers.max)),
  };
}

function withDiagnosis(diagnosis: string | undefined): { diagnosis?: string } {
  return diagnosis === undefined ? {} : { diagnosis };
}

function sumUsd(amounts: number[]): number {
  return amounts.reduce((sum, usd) => sum + Math.round(usd * 1_000_000), 0) / 1_000_000;
}
