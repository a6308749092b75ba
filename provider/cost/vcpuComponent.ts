import type { CpuType } from "../wire/catalog";
import type { CostComponent } from "./costComponent";
import { pricedComponent, unpricedComponent } from "./pricedComponent";

/** Which of a CPU flavor's prices applies: a pod's (secure cloud) or a serverless worker's. */
export type VcpuRate = "secure" | "serverless";

/** `vcpus` vCPUs of a flavor standing, at its catalog price per vCPU; `what` names them, e.g. `vCPU` or `Standing workers' vCPU`. */
export function vcpuComponent(
  cpus: readonly CpuType[] | undefined,
  id: string,
  vcpus: number,
  rate: VcpuRate,
  what = "vCPU",
): CostComponent {
  const name = `${what} (${id}, ${rate === "secure" ? "secure cloud" : "serverless"})`;
  const flavor = cpus?.find((type) => type.id === id);
  if (flavor === undefined) return unpricedComponent({ name, unit: "vCPU-hours", source: `catalog: no CPU flavor ${id}` }, vcpus);
  const price = rate === "secure" ? flavor.price.securePerVcpu : flavor.price.serverlessPerVcpu;
  return pricedComponent({ name, unit: "vCPU-hours", source: `catalog: ${id} ${rate} price per vCPU` }, vcpus, price);
}
