import type { CpuType, GpuProduct, GpuType } from "../wire/catalog";
import type { Cloud } from "../wire/catalog";

/**
 * What a GPU type has to offer. The catalog entries carry availability read for exactly this `product`, `cloud`,
 * `count`, `countryCodes` and `minCudaVersion`, so a type whose entry lists no data center is not offered for the
 * need and never meets it.
 */
export interface GpuNeed {
  /** What the GPUs are for; it decides the price (see {@link gpuHourlyPrice}) and which offering counts. */
  product: GpuProduct;
  cloud: Cloud;
  /** GPUs per pod, cluster node or serverless worker. */
  count: number;
  /** Least memory per GPU, in GB. */
  minMemory?: number;
  /** Highest list price per GPU-hour for `product` (see {@link gpuHourlyPrice}), in USD. */
  maxPrice?: number;
  manufacturer?: string;
  /** Offered in this data center (in stock there, with `inStock`). */
  dataCenter?: string;
  inStock: boolean;
  /** Only data centers in these countries count. The API applies it when it reads availability. */
  countryCodes?: string[];
  /** Only hosts on this CUDA version or newer count. The API applies it when it reads availability. */
  minCudaVersion?: string;
}

/** What a CPU flavor has to offer; the catalog entries carry availability. */
export interface CpuNeed {
  /** An instance of at least this many vCPUs. */
  minVcpus?: number;
  dataCenter?: string;
  inStock: boolean;
}

/**
 * List price per GPU-hour of a type for a product, or undefined when the type is not sold for it: pods and
 * cluster nodes (which are pods) pay the pod rate of their cloud (`price.secure` or `price.community`), sold only
 * where the type is sold in that cloud; serverless workers pay the rate of the type's pool (`price.serverless`),
 * sold only for a type in a pool.
 */
export function gpuHourlyPrice(type: GpuType, need: Pick<GpuNeed, "product" | "cloud">): number | undefined {
  if (need.product === "SERVERLESS") return type.pool === null ? undefined : type.price.serverless;
  const secure = need.cloud === "SECURE";
  if (!(secure ? type.secure : type.community)) return undefined;
  return secure ? type.price.secure : type.price.community;
}

/** Whether a GPU type meets every part of a need, including being offered for it somewhere. */
export function meetsGpuNeed(type: GpuType, need: GpuNeed): boolean {
  const price = gpuHourlyPrice(type, need);
  const maxCount = need.cloud === "SECURE" ? type.maxCount.secure : type.maxCount.community;
  return (
    price !== undefined &&
    need.count <= maxCount &&
    (need.minMemory === undefined || type.memory >= need.minMemory) &&
    (need.maxPrice === undefined || price <= need.maxPrice) &&
    (need.manufacturer === undefined || type.manufacturer === need.manufacturer) &&
    (type.dataCenters ?? []).length > 0 &&
    isAvailable(type, need)
  );
}

/** The GPU types meeting a need, in catalog order. */
export function selectGpuTypes(types: readonly GpuType[], need: GpuNeed): GpuType[] {
  return types.filter((type) => meetsGpuNeed(type, need));
}

/**
 * The cheapest GPU type meeting a need, by list price per GPU-hour for the need's product (see
 * {@link gpuHourlyPrice}); ties go to the one with more memory, then to the smaller id. Undefined when none meets it.
 */
export function cheapestGpuType(types: readonly GpuType[], need: GpuNeed): GpuType | undefined {
  const price = (type: GpuType) => gpuHourlyPrice(type, need) ?? Number.POSITIVE_INFINITY;
  return [...selectGpuTypes(types, need)].sort(
    (a, b) => price(a) - price(b) || b.memory - a.memory || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )[0];
}

const unitOf: Record<GpuProduct, string> = { POD: "pod", CLUSTER: "node", SERVERLESS: "worker" };

/**
 * A need in words, every part given, for messages:
 * `at least 80 GB of memory; product POD with 2 GPUs per pod in the SECURE cloud; in a data center in US; in stock`.
 */
export function describeGpuNeed(need: GpuNeed): string {
  const parts: string[] = [];
  if (need.minMemory !== undefined) parts.push(`at least ${need.minMemory} GB of memory`);
  const gpus = `${need.count} ${need.count === 1 ? "GPU" : "GPUs"}`;
  parts.push(`product ${need.product} with ${gpus} per ${unitOf[need.product]} in the ${need.cloud} cloud`);
  if (need.maxPrice !== undefined) parts.push(`at most ${need.maxPrice} USD per GPU-hour`);
  if (need.manufacturer !== undefined) parts.push(`made by ${need.manufacturer}`);
  if (need.countryCodes !== undefined) parts.push(`in a data center in ${need.countryCodes.join(" or ")}`);
  if (need.minCudaVersion !== undefined) parts.push(`on CUDA ${need.minCudaVersion} or newer`);
  if (need.dataCenter !== undefined) parts.push(`${need.inStock ? "in stock" : "offered"} in data center ${need.dataCenter}`);
  else if (need.inStock) parts.push("in stock");
  return parts.join("; ");
}

/** Whether a CPU flavor meets every part of a need. */
export function meetsCpuNeed(type: CpuType, need: CpuNeed): boolean {
  return (need.minVcpus === undefined || type.vcpu.max >= need.minVcpus) && isAvailable(type, need);
}

/** The CPU flavors meeting a need, in catalog order. */
export function selectCpuTypes(types: readonly CpuType[], need: CpuNeed): CpuType[] {
  return types.filter((type) => meetsCpuNeed(type, need));
}

/** The instance size availability is asked for to meet `minVcpus`: the smallest power of two at least that, and 2. */
export function vcpuCountFor(minVcpus: number): number {
  let count = 2;
  while (count < minVcpus) count *= 2;
  return count;
}

/**
 * Offered in the need's data center (and in stock there, with `inStock`), or in stock anywhere. An entry read
 * without availability is never in stock and never offered in a named data center.
 */
function isAvailable(
  entry: { availability?: string | undefined; dataCenters?: Array<{ id: string; availability: string }> | undefined },
  need: { dataCenter?: string | undefined; inStock: boolean },
): boolean {
  if (need.dataCenter !== undefined) {
    const here = entry.dataCenters?.find((dataCenter) => dataCenter.id === need.dataCenter);
    return here !== undefined && (!need.inStock || here.availability !== "NONE");
  }
  return !need.inStock || (entry.availability !== undefined && entry.availability !== "NONE");
}
