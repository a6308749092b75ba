// The pure pricing functions of each priced kind, row by row: arguments and price lists in, cost components out.
import { describe, expect, it } from "vitest";
import type { CostComponent } from "../../provider/cost/costComponent";
import { estimateOf } from "../../provider/cost/costEstimate";
import { clusterPricing } from "../../provider/resources/cluster/clusterPricing";
import { networkVolumePricing } from "../../provider/resources/networkVolume/networkVolumePricing";
import { podPricing } from "../../provider/resources/pod/podPricing";
import type { Prices } from "../../provider/cost/pricing";
import { serverlessEndpointPricing } from "../../provider/resources/serverlessEndpoint/serverlessEndpointPricing";
import type { CpuType, GpuType } from "../../provider/wire/catalog";

const gpu = (id: string, pool: string | null, price: GpuType["price"]): GpuType => ({
  id,
  name: id,
  pool,
  manufacturer: "NVIDIA",
  memory: 48,
  secure: true,
  community: true,
  price,
  maxCount: { secure: 8, community: 8 },
});
const gpus = [
  gpu("NVIDIA L40S", "ADA_48_PRO", { secure: 0.86, community: 0.79, serverless: 1.33 }),
  gpu("NVIDIA RTX 6000 Ada", "ADA_48_PRO", { secure: 0.77, community: 0.74, serverless: 1.22 }),
  gpu("NVIDIA H100 80GB HBM3", "HOPPER_141", { secure: 2.99, community: 2.69, serverless: 4.18 }),
  gpu("AMD Instinct MI300X OAM", null, { secure: 2.49, community: 0 }),
];
const cpus: CpuType[] = [
  {
    id: "cpu3c",
    name: "Compute",
    group: "cpu3",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 2,
    price: { securePerVcpu: 0.03, serverlessPerVcpu: 0.042 },
  },
];
const prices: Prices = {
  gpus,
  cpus,
  storage: (type) =>
    type === "STANDARD"
      ? { price: 0.07, source: "storage table (default)" }
      : { price: 0.2, source: "storage table (computeplatform:storagePrices)" },
};

const standing = (
  name: string,
  unit: string,
  hourlyQuantity: number,
  price: number,
  hourlyCost: number,
  source: string,
): CostComponent => ({ name, unit, hourlyQuantity, price, hourlyCost, usageBased: false, priceNotFound: false, source });
const notFound = (name: string, unit: string, hourlyQuantity: number, source: string): CostComponent => ({
  name,
  unit,
  hourlyQuantity,
  price: 0,
  hourlyCost: 0,
  usageBased: false,
  priceNotFound: true,
  source,
});
const byUse = (name: string, unit: string, price: number, source: string, priceNotFound = false): CostComponent => ({
  name,
  unit,
  hourlyQuantity: 0,
  price,
  hourlyCost: 0,
  usageBased: true,
  priceNotFound,
  source,
});

interface Row {
  what: string;
  components: () => CostComponent[];
  expected: CostComponent[];
  hourly: number;
}

const rows: Row[] = [
  {
    what: "a GPU pod in the secure cloud: per GPU × count",
    components: () => podPricing.components({ name: "p", gpu: { id: "NVIDIA L40S", count: 3 }, cloud: "SECURE" } as never, prices),
    expected: [standing("GPU (NVIDIA L40S, secure cloud)", "GPU-hours", 3, 0.86, 2.58, "catalog: NVIDIA L40S secure price")],
    hourly: 2.58,
  },
  {
    what: "a GPU pod in the community cloud, one GPU",
    components: () => podPricing.components({ name: "p", gpu: { id: "NVIDIA L40S", count: 1 }, cloud: "COMMUNITY" } as never, prices),
    expected: [standing("GPU (NVIDIA L40S, community cloud)", "GPU-hours", 1, 0.79, 0.79, "catalog: NVIDIA L40S community price")],
    hourly: 0.79,
  },
  {
    what: "a CPU pod: per vCPU at the secure price",
    components: () =>
      podPricing.components({ name: "p", cpu: { id: "cpu3c", vcpuCount: 8, memory: 16 }, cloud: "SECURE" } as never, prices),
    expected: [standing("vCPU (cpu3c, secure cloud)", "vCPU-hours", 8, 0.03, 0.24, "catalog: cpu3c secure price per vCPU")],
    hourly: 0.24,
  },
  {
    what: "a pod on a GPU type the catalog lacks",
    components: () => podPricing.components({ name: "p", gpu: { id: "NVIDIA B999", count: 2 }, cloud: "SECURE" } as never, prices),
    expected: [notFound("GPU (NVIDIA B999, secure cloud)", "GPU-hours", 2, "catalog: no GPU type NVIDIA B999")],
    hourly: 0,
  },
  {
    what: "a cluster: members × GPUs per member at the secure price",
    components: () =>
      clusterPricing.components({ compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 } } as never, prices),
    expected: [
      standing(
        "Cluster GPU (NVIDIA H100 80GB HBM3, secure cloud)",
        "GPU-hours",
        16,
        2.99,
        47.84,
        "catalog: NVIDIA H100 80GB HBM3 secure price",
      ),
    ],
    hourly: 47.84,
  },
  {
    what: "an endpoint with 2 standing workers of 2 GPUs on the pool's first type not excluded, and its requests",
    components: () =>
      serverlessEndpointPricing.components(
        { gpu: { pools: ["ADA_48_PRO"], excludedTypes: ["NVIDIA L40S"], count: 2 }, workers: { min: 2, max: 3 } } as never,
        prices,
      ),
    expected: [
      standing(
        "Standing workers' GPUs (NVIDIA RTX 6000 Ada, serverless)",
        "GPU-hours",
        4,
        1.22,
        4.88,
        "catalog: NVIDIA RTX 6000 Ada serverless price (pool ADA_48_PRO)",
      ),
      byUse(
        "Workers scaled up by requests",
        "worker-seconds",
        (2 * 1.22) / 3600,
        "catalog: NVIDIA RTX 6000 Ada serverless price (pool ADA_48_PRO)",
      ),
    ],
    hourly: 4.88,
  },
  {
    what: "an endpoint with no standing worker: requests alone, priced by use",
    components: () =>
      serverlessEndpointPricing.components({ gpu: { pools: ["HOPPER_141"], count: 1 }, workers: { min: 0, max: 3 } } as never, prices),
    expected: [
      standing(
        "Standing workers' GPUs (NVIDIA H100 80GB HBM3, serverless)",
        "GPU-hours",
        0,
        4.18,
        0,
        "catalog: NVIDIA H100 80GB HBM3 serverless price (pool HOPPER_141)",
      ),
      byUse(
        "Workers scaled up by requests",
        "worker-seconds",
        4.18 / 3600,
        "catalog: NVIDIA H100 80GB HBM3 serverless price (pool HOPPER_141)",
      ),
    ],
    hourly: 0,
  },
  {
    what: "an endpoint on a pool the catalog lacks",
    components: () => serverlessEndpointPricing.components({ gpu: { pools: ["NOPE_1"], count: 1 }, workers: { min: 1 } } as never, prices),
    expected: [
      notFound("Standing workers' GPUs (pools NOPE_1, serverless)", "GPU-hours", 1, "catalog: no serverless price in pools NOPE_1"),
      byUse("Workers scaled up by requests", "worker-seconds", 0, "catalog: no serverless price in pools NOPE_1", true),
    ],
    hourly: 0,
  },
  {
    what: "a CPU endpoint: standing workers × vCPUs of its first configuration at the serverless price",
    components: () =>
      serverlessEndpointPricing.components({ cpu: [{ id: "cpu3c", vcpuCount: 4 }], workers: { min: 3, max: 5 } } as never, prices),
    expected: [
      standing("Standing workers' vCPUs (cpu3c, serverless)", "vCPU-hours", 12, 0.042, 0.504, "catalog: cpu3c serverless price per vCPU"),
      byUse("Workers scaled up by requests", "worker-seconds", (4 * 0.042) / 3600, "catalog: cpu3c serverless price per vCPU"),
    ],
    hourly: 0.504,
  },
  {
    what: "a standard network volume: size × the table's price per GB-month ÷ 730",
    components: () => networkVolumePricing.components({ size: 100, type: "STANDARD" } as never, prices),
    expected: [standing("Network volume storage (STANDARD)", "GB-months", 100 / 730, 0.07, 0.009589, "storage table (default)")],
    hourly: 0.009589,
  },
  {
    what: "a high-performance volume at an overridden price",
    components: () => networkVolumePricing.components({ size: 730, type: "HIGH_PERFORMANCE" } as never, prices),
    expected: [
      standing("Network volume storage (HIGH_PERFORMANCE)", "GB-months", 1, 0.2, 0.2, "storage table (computeplatform:storagePrices)"),
    ],
    hourly: 0.2,
  },
];

describe("pricing", () => {
  it.each(rows)("prices $what", ({ components, expected, hourly }) => {
    const breakdown = components();
    expect(breakdown).toEqual(expected);
    expect(estimateOf(breakdown)).toEqual({ estimatedHourlyCost: hourly, costBreakdown: expected });
  });

  it("sums to the millionth of a USD, with no floating-point residue", () => {
    const parts = [0.1, 0.2].map((hourlyCost) => standing("x", "GPU-hours", 1, hourlyCost, hourlyCost, "s"));
    expect(estimateOf(parts).estimatedHourlyCost).toBe(0.3);
  });

  it("reads only the list a kind needs", () => {
    expect(podPricing.lists({ gpu: { id: "g" } } as never)).toEqual(["gpus"]);
    expect(podPricing.lists({ cpu: { id: "cpu3c" } } as never)).toEqual(["cpus"]);
    expect(clusterPricing.lists({} as never)).toEqual(["gpus"]);
    expect(serverlessEndpointPricing.lists({ cpu: [] } as never)).toEqual(["cpus"]);
    expect(networkVolumePricing.lists({} as never)).toEqual([]);
  });
});
