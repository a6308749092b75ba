import { dollars } from "../cost/money";
import { formatDuration } from "./duration";
import type { ResourceStatus, StatusReport } from "./statusReport";

const NONE = "-";

/** The report as text: a table of the resources, an endpoint's workers, queue and rollout under it, diagnoses, the total. */
export function formatStatus(report: StatusReport): string[] {
  const header = ["NAME", "KIND", "STATUS", "UPTIME", "COST/H", "ESTIMATE/H", "GPU UTIL"];
  const rows = report.resources.map((resource) => [
    resource.name,
    resource.kind,
    resource.status ?? NONE,
    resource.uptimeSeconds === null ? NONE : formatDuration(resource.uptimeSeconds),
    money(resource.costPerHour),
    money(resource.estimatedCostPerHour),
    resource.gpuUtilization === undefined || resource.gpuUtilization.length === 0
      ? NONE
      : resource.gpuUtilization.map((util) => `${util}%`).join(" "),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  return [
    line(header),
    ...report.resources.flatMap((resource, index) => [line(rows[index]!), ...details(resource)]),
    `Total now: $${dollars(report.totalCostPerHour, 4)}/h (the API's cost where it reports one, else the estimate)`,
  ];
}

function details(resource: ResourceStatus): string[] {
  const lines: string[] = [];
  const { workers, queue, rollout } = resource;
  if (workers !== undefined) {
    lines.push(
      `  workers: ${workers.running} running, ${workers.idle} idle, ${workers.initializing} initializing, ` +
        `${workers.throttled} throttled, ${workers.unhealthy} unhealthy`,
    );
  }
  if (queue !== undefined) lines.push(`  queue: ${queue.inQueue} in queue, ${queue.inProgress} in progress`);
  if (rollout !== undefined) {
    const release = rollout.version === null ? "newest release" : `release v${rollout.version}`;
    lines.push(
      `  ${release}: ${rollout.workersOnLatest} of ${rollout.workersTotal} workers on it (${rollout.percentOnLatest}%)` +
        (rollout.inProgress ? ", rolling out" : ""),
    );
  }
  if (resource.diagnosis !== undefined) lines.push(`  ! ${resource.diagnosis}`);
  return lines;
}

function money(usd: number | null): string {
  return usd === null ? NONE : `$${dollars(usd, 4)}`;
}
