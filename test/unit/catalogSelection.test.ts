import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cheapestGpuType,
  describeGpuNeed,
  type GpuNeed,
  gpuHourlyPrice,
  meetsCpuNeed,
  meetsGpuNeed,
  selectCpuTypes,
  selectGpuTypes,
  vcpuCountFor,
} from "../../provider/functions/catalogSelection";
import type { CpuType, GpuType } from "../../provider/wire/catalog";

function gpu(overrides: Partial<GpuType> & { id: string }): GpuType {
  return {
    name: overrides.id,
    pool: null,
    manufacturer: "NVIDIA",
    memory: 48,
    secure: true,
    community: true,
    price: { secure: 1, community: 0.8 },
    maxCount: { secure: 8, community: 4 },
    availability: "HIGH",
    dataCenters: [{ id: "US-TX-3", name: "US Texas 3", availability: "HIGH" }],
    ...overrides,
  };
}

function cpu(overrides: Partial<CpuType> & { id: string }): CpuType {
  return {
    name: overrides.id,
    group: "Gen 3",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 2,
    price: { securePerVcpu: 0.03, serverlessPerVcpu: 0.04 },
    availability: "HIGH",
    dataCenters: [{ id: "US-TX-3", name: "US Texas 3", availability: "HIGH" }],
    ...overrides,
  };
}

const need = (overrides: Partial<GpuNeed> = {}): GpuNeed => ({ product: "POD", cloud: "SECURE", count: 1, inStock: false, ...overrides });

describe("gpuHourlyPrice", () => {
  const pooled = gpu({ id: "a", pool: "ADA_24", price: { secure: 1, community: 0.8, serverless: 1.3 } });
  const amd = gpu({ id: "a", community: false, price: { secure: 2.49, community: 0 } });
  it.each([
    { case: "a pod in secure", type: pooled, asked: need(), price: 1 },
    { case: "a pod in community", type: pooled, asked: need({ cloud: "COMMUNITY" }), price: 0.8 },
    { case: "a pod where the type is not sold in community", type: amd, asked: need({ cloud: "COMMUNITY" }), price: undefined },
    { case: "a pod where the type is not sold in secure", type: gpu({ id: "a", secure: false }), asked: need(), price: undefined },
    {
      case: "a cluster node pays the pod rate of its cloud",
      type: pooled,
      asked: need({ product: "CLUSTER", cloud: "COMMUNITY" }),
      price: 0.8,
    },
    {
      case: "a cluster node where the type is not sold in community",
      type: amd,
      asked: need({ product: "CLUSTER", cloud: "COMMUNITY" }),
      price: undefined,
    },
    { case: "a serverless worker pays the pool rate", type: pooled, asked: need({ product: "SERVERLESS" }), price: 1.3 },
    { case: "a serverless worker in community too", type: pooled, asked: need({ product: "SERVERLESS", cloud: "COMMUNITY" }), price: 1.3 },
    { case: "a serverless worker of a type in no pool", type: amd, asked: need({ product: "SERVERLESS" }), price: undefined },
    {
      case: "a serverless worker of a pooled type without a serverless price",
      type: gpu({ id: "a", pool: "ADA_24" }),
      asked: need({ product: "SERVERLESS" }),
      price: undefined,
    },
  ])("$case", ({ type, asked, price }) => {
    expect(gpuHourlyPrice(type, asked)).toBe(price);
  });
});

describe("meetsGpuNeed", () => {
  const full = gpu({
    id: "t",
    memory: 80,
    dataCenters: [
      { id: "US-TX-3", name: "US Texas 3", availability: "NONE" },
      { id: "EU-RO-1", name: "Europe Romania 1", availability: "LOW" },
    ],
    availability: "LOW",
  });
  it.each([
    { case: "no filter", need: need(), meets: true },
    { case: "memory at the floor", need: need({ minMemory: 80 }), meets: true },
    { case: "memory below the floor", need: need({ minMemory: 81 }), meets: false },
    { case: "price at the ceiling", need: need({ maxPrice: 1 }), meets: true },
    { case: "price above the ceiling", need: need({ maxPrice: 0.99 }), meets: false },
    { case: "community price under the ceiling", need: need({ cloud: "COMMUNITY", maxPrice: 0.8 }), meets: true },
    { case: "count within maxCount", need: need({ count: 8 }), meets: true },
    { case: "count over the community maxCount", need: need({ cloud: "COMMUNITY", count: 5 }), meets: false },
    { case: "another manufacturer", need: need({ manufacturer: "AMD" }), meets: false },
    { case: "offered in the data center though full", need: need({ dataCenter: "US-TX-3" }), meets: true },
    { case: "in stock in a full data center", need: need({ dataCenter: "US-TX-3", inStock: true }), meets: false },
    { case: "in stock in a data center with stock", need: need({ dataCenter: "EU-RO-1", inStock: true }), meets: true },
    { case: "a data center not offering it", need: need({ dataCenter: "EU-SE-1" }), meets: false },
    { case: "in stock somewhere", need: need({ inStock: true }), meets: true },
  ])("$case: $meets", ({ need: asked, meets }) => {
    expect(meetsGpuNeed(full, asked)).toBe(meets);
  });

  it("a type offered in no data center for the product never meets a need", () => {
    for (const product of ["POD", "CLUSTER", "SERVERLESS"] as const) {
      const pooled = { pool: "ADA_48", price: { secure: 1, community: 0.8, serverless: 1.2 } };
      expect(meetsGpuNeed(gpu({ id: "bare", ...pooled, availability: undefined, dataCenters: undefined }), need({ product }))).toBe(false);
      expect(meetsGpuNeed(gpu({ id: "full", ...pooled, availability: "NONE", dataCenters: [] }), need({ product }))).toBe(false);
      expect(meetsGpuNeed(gpu({ id: "offered", ...pooled }), need({ product }))).toBe(true);
    }
  });

  it.each([
    { case: "serverless, of a type in no pool", type: gpu({ id: "t" }), asked: need({ product: "SERVERLESS" }), meets: false },
    {
      case: "serverless, priced by the pool under the ceiling",
      type: gpu({ id: "t", pool: "ADA_24", price: { secure: 2, community: 2, serverless: 0.77 } }),
      asked: need({ product: "SERVERLESS", maxPrice: 0.8 }),
      meets: true,
    },
    {
      case: "serverless, priced by the pool above the ceiling though the pod rate is under it",
      type: gpu({ id: "t", pool: "AMPERE_48", price: { secure: 0.49, community: 0.33, serverless: 0.85 } }),
      asked: need({ product: "SERVERLESS", maxPrice: 0.8 }),
      meets: false,
    },
    {
      case: "cluster nodes, priced by the pod rate of the cloud",
      type: gpu({ id: "t", price: { secure: 2.49, community: 0.3 } }),
      asked: need({ product: "CLUSTER", maxPrice: 1 }),
      meets: false,
    },
  ])("$case: $meets", ({ type, asked, meets }) => {
    expect(meetsGpuNeed(type, asked)).toBe(meets);
  });

  it("a type whose availability is NONE is not in stock", () => {
    expect(meetsGpuNeed(gpu({ id: "t", availability: "NONE" }), need({ inStock: true }))).toBe(false);
  });
});

describe("cheapestGpuType", () => {
  const types = [
    gpu({ id: "NVIDIA L40S", memory: 48, price: { secure: 0.86, community: 0.79 } }),
    gpu({ id: "NVIDIA RTX A6000", memory: 48, price: { secure: 0.49, community: 0.33 } }),
    gpu({ id: "NVIDIA A100 80GB PCIe", memory: 80, price: { secure: 1.64, community: 1.19 } }),
    gpu({ id: "NVIDIA H100 80GB HBM3", memory: 80, price: { secure: 2.99, community: 2.69 }, availability: "NONE" }),
    gpu({ id: "AMD Instinct MI300X OAM", manufacturer: "AMD", memory: 192, community: false, price: { secure: 2.49, community: 0 } }),
  ];
  it.each([
    { case: "48 GB", asked: need({ minMemory: 48 }), id: "NVIDIA RTX A6000" },
    { case: "80 GB", asked: need({ minMemory: 80 }), id: "NVIDIA A100 80GB PCIe" },
    { case: "100 GB", asked: need({ minMemory: 100 }), id: "AMD Instinct MI300X OAM" },
    { case: "100 GB in COMMUNITY", asked: need({ minMemory: 100, cloud: "COMMUNITY" }), id: undefined },
    { case: "80 GB by AMD", asked: need({ minMemory: 80, manufacturer: "AMD" }), id: "AMD Instinct MI300X OAM" },
    { case: "200 GB", asked: need({ minMemory: 200 }), id: undefined },
    { case: "a ceiling below every price", asked: need({ maxPrice: 0.4 }), id: undefined },
  ])("$case: $id", ({ asked, id }) => {
    expect(cheapestGpuType(types, asked)?.id).toBe(id);
  });

  it("equal prices go to more memory, then to the smaller id, whatever the order", () => {
    const tied = [
      gpu({ id: "b", memory: 48, price: { secure: 1, community: 1 } }),
      gpu({ id: "c", memory: 80, price: { secure: 1, community: 1 } }),
      gpu({ id: "a", memory: 80, price: { secure: 1, community: 1 } }),
    ];
    expect(cheapestGpuType(tied, need())?.id).toBe("a");
    expect(cheapestGpuType([...tied].reverse(), need())?.id).toBe("a");
  });

  describe("by product", () => {
    const rtx4090 = gpu({
      id: "NVIDIA GeForce RTX 4090",
      memory: 24,
      pool: "ADA_24",
      price: { secure: 0.59, community: 0.34, serverless: 0.77 },
    });
    const h100 = gpu({
      id: "NVIDIA H100 80GB HBM3",
      memory: 80,
      pool: "HOPPER_80",
      price: { secure: 2.99, community: 2.69, serverless: 4.18 },
    });
    const a6000 = gpu({
      id: "NVIDIA RTX A6000",
      memory: 48,
      pool: "AMPERE_48",
      price: { secure: 0.49, community: 0.33, serverless: 0.85 },
    });
    const mi300x = gpu({
      id: "AMD Instinct MI300X OAM",
      manufacturer: "AMD",
      memory: 192,
      community: false,
      price: { secure: 2.49, community: 0 },
    });
    const forProduct = [rtx4090, h100, a6000, mi300x];
    // Read for clusters, only the H100 and the MI300X are offered anywhere.
    const forClusters = [{ ...rtx4090, dataCenters: undefined }, h100, { ...a6000, dataCenters: undefined }, mi300x];
    it.each([
      {
        case: "serverless, 24 GB: the lowest pool rate",
        types: forProduct,
        asked: need({ product: "SERVERLESS", minMemory: 24 }),
        id: "NVIDIA GeForce RTX 4090",
      },
      {
        case: "serverless, 100 GB: the only type is in no pool",
        types: forProduct,
        asked: need({ product: "SERVERLESS", minMemory: 100 }),
        id: undefined,
      },
      { case: "pods, 24 GB: the lowest pod rate", types: forProduct, asked: need({ minMemory: 24 }), id: "NVIDIA RTX A6000" },
      {
        case: "clusters, 24 GB: only types offered for clusters",
        types: forClusters,
        asked: need({ product: "CLUSTER", minMemory: 24 }),
        id: "AMD Instinct MI300X OAM",
      },
    ])("$case: $id", ({ types, asked, id }) => {
      expect(cheapestGpuType(types, asked)?.id).toBe(id);
    });
  });
});

describe("describeGpuNeed", () => {
  it.each([
    { asked: need(), text: "product POD with 1 GPU per pod in the SECURE cloud" },
    {
      asked: need({ minMemory: 80, count: 2, cloud: "COMMUNITY", inStock: true }),
      text: "at least 80 GB of memory; product POD with 2 GPUs per pod in the COMMUNITY cloud; in stock",
    },
    {
      asked: need({ minMemory: 24, maxPrice: 0.5, manufacturer: "NVIDIA", dataCenter: "EU-RO-1", inStock: true }),
      text: "at least 24 GB of memory; product POD with 1 GPU per pod in the SECURE cloud; at most 0.5 USD per GPU-hour; made by NVIDIA; in stock in data center EU-RO-1",
    },
    { asked: need({ dataCenter: "US-TX-3" }), text: "product POD with 1 GPU per pod in the SECURE cloud; offered in data center US-TX-3" },
    {
      asked: need({ product: "SERVERLESS", minMemory: 100 }),
      text: "at least 100 GB of memory; product SERVERLESS with 1 GPU per worker in the SECURE cloud",
    },
    { asked: need({ product: "CLUSTER", count: 8 }), text: "product CLUSTER with 8 GPUs per node in the SECURE cloud" },
    {
      asked: need({
        product: "SERVERLESS",
        minMemory: 24,
        maxPrice: 0.7,
        manufacturer: "NVIDIA",
        countryCodes: ["US", "CA"],
        minCudaVersion: "12.4",
        dataCenter: "US-TX-3",
      }),
      text:
        "at least 24 GB of memory; product SERVERLESS with 1 GPU per worker in the SECURE cloud; at most 0.7 USD per GPU-hour; made by NVIDIA; " +
        "in a data center in US or CA; on CUDA 12.4 or newer; offered in data center US-TX-3",
    },
  ])("$text", ({ asked, text }) => {
    expect(describeGpuNeed(asked)).toBe(text);
  });
});

describe("CPU flavors", () => {
  const flavors = [
    cpu({ id: "small", vcpu: { min: 2, max: 8 } }),
    cpu({
      id: "large",
      vcpu: { min: 2, max: 64 },
      availability: "NONE",
      dataCenters: [{ id: "US-TX-3", name: "US Texas 3", availability: "NONE" }],
    }),
    cpu({ id: "elsewhere", dataCenters: [{ id: "EU-SE-1", name: "Europe Sweden 1", availability: "LOW" }] }),
  ];
  it.each([
    { case: "no filter", asked: { inStock: false }, ids: ["small", "large", "elsewhere"] },
    { case: "16 vCPUs", asked: { minVcpus: 16, inStock: false }, ids: ["large", "elsewhere"] },
    { case: "in stock", asked: { inStock: true }, ids: ["small", "elsewhere"] },
    { case: "offered in US-TX-3", asked: { dataCenter: "US-TX-3", inStock: false }, ids: ["small", "large"] },
    { case: "in stock in US-TX-3", asked: { dataCenter: "US-TX-3", inStock: true }, ids: ["small"] },
    { case: "64 vCPUs in stock", asked: { minVcpus: 64, inStock: true }, ids: [] },
  ])("$case", ({ asked, ids }) => {
    expect(selectCpuTypes(flavors, asked).map((flavor) => flavor.id)).toEqual(ids);
  });

  it.each([
    { minVcpus: 1, count: 2 },
    { minVcpus: 2, count: 2 },
    { minVcpus: 3, count: 4 },
    { minVcpus: 16, count: 16 },
    { minVcpus: 17, count: 32 },
  ])("vcpuCountFor($minVcpus) is $count", ({ minVcpus, count }) => {
    expect(vcpuCountFor(minVcpus)).toBe(count);
  });
});

describe("properties", () => {
  const level = fc.constantFrom("NONE", "LOW", "MEDIUM", "HIGH");
  const dataCenterIds = ["US-TX-3", "EU-RO-1", "CA-MTL-1"];
  const cents = (max: number) => fc.integer({ min: 1, max }).map((value) => value / 100);
  const gpuType = fc
    .record({
      id: fc.constantFrom("g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8"),
      pool: fc.option(fc.constantFrom("ADA_24", "AMPERE_48", "HOPPER_80"), { nil: null }),
      manufacturer: fc.constantFrom("NVIDIA", "AMD"),
      memory: fc.constantFrom(16, 24, 48, 80, 192),
      secure: fc.boolean(),
      community: fc.boolean(),
      price: fc.record({ secure: cents(400), community: cents(400), serverless: cents(400) }, { requiredKeys: ["secure", "community"] }),
      maxCount: fc.record({ secure: fc.integer({ min: 1, max: 8 }), community: fc.integer({ min: 1, max: 8 }) }),
      availability: fc.option(level, { nil: undefined }),
      dataCenters: fc.option(
        fc.uniqueArray(fc.record({ id: fc.constantFrom(...dataCenterIds), availability: level }), { selector: (entry) => entry.id }),
        { nil: undefined },
      ),
    })
    .map((fields): GpuType => ({
      ...fields,
      name: fields.id,
      dataCenters: fields.dataCenters?.map((entry) => ({ ...entry, name: entry.id })),
    }));
  const catalog = fc.uniqueArray(gpuType, { selector: (type) => type.id, maxLength: 8 });
  const gpuNeed = fc.record({
    product: fc.constantFrom("POD" as const, "CLUSTER" as const, "SERVERLESS" as const),
    cloud: fc.constantFrom("SECURE" as const, "COMMUNITY" as const),
    count: fc.integer({ min: 1, max: 8 }),
    minMemory: fc.option(fc.constantFrom(1, 24, 40, 80, 100, 200), { nil: undefined }),
    maxPrice: fc.option(cents(400), { nil: undefined }),
    manufacturer: fc.option(fc.constantFrom("NVIDIA", "AMD"), { nil: undefined }),
    dataCenter: fc.option(fc.constantFrom(...dataCenterIds), { nil: undefined }),
    inStock: fc.boolean(),
  });

  /** The price a need compares, restated from its documentation: the pool rate for serverless, else the pod rate. */
  const priceFor = (type: GpuType, asked: GpuNeed): number | undefined => {
    if (asked.product === "SERVERLESS") return type.pool === null ? undefined : type.price.serverless;
    if (asked.cloud === "SECURE") return type.secure ? type.price.secure : undefined;
    return type.community ? type.price.community : undefined;
  };

  /** The need, restated from its documentation, independently of the implementation. */
  const eligible = (type: GpuType, asked: GpuNeed): boolean => {
    const secure = asked.cloud === "SECURE";
    const price = priceFor(type, asked);
    const offered = type.dataCenters !== undefined && type.dataCenters.length > 0;
    const here = asked.dataCenter === undefined ? undefined : type.dataCenters?.find((entry) => entry.id === asked.dataCenter);
    const stocked =
      asked.dataCenter === undefined
        ? !asked.inStock || (type.availability !== undefined && type.availability !== "NONE")
        : here !== undefined && (!asked.inStock || here.availability !== "NONE");
    return (
      price !== undefined &&
      offered &&
      asked.count <= (secure ? type.maxCount.secure : type.maxCount.community) &&
      type.memory >= (asked.minMemory ?? 0) &&
      (asked.maxPrice === undefined || price <= asked.maxPrice) &&
      (asked.manufacturer === undefined || type.manufacturer === asked.manufacturer) &&
      stocked
    );
  };

  it("filters return exactly the eligible types, in catalog order", () => {
    fc.assert(
      fc.property(catalog, gpuNeed, (types, asked) => {
        expect(selectGpuTypes(types, asked)).toEqual(types.filter((type) => eligible(type, asked)));
      }),
    );
  });

  it("the cheapest pick is eligible, meets the memory need, and no eligible type is cheaper", () => {
    fc.assert(
      fc.property(catalog, gpuNeed, (types, asked) => {
        const pick = cheapestGpuType(types, asked);
        const candidates = types.filter((type) => eligible(type, asked));
        if (pick === undefined) {
          expect(candidates).toEqual([]);
          return;
        }
        expect(eligible(pick, asked)).toBe(true);
        expect(pick.memory).toBeGreaterThanOrEqual(asked.minMemory ?? 0);
        const price = (type: GpuType) => priceFor(type, asked) as number;
        for (const other of candidates) {
          expect(price(pick)).toBeLessThanOrEqual(price(other));
          if (price(other) === price(pick)) expect(pick.memory).toBeGreaterThanOrEqual(other.memory);
        }
      }),
    );
  });

  it("the cheapest pick does not depend on the catalog's order", () => {
    fc.assert(
      fc.property(
        catalog.chain((types) => fc.tuple(fc.constant(types), fc.shuffledSubarray(types, { minLength: types.length }))),
        gpuNeed,
        ([types, shuffled], asked) => {
          expect(cheapestGpuType(shuffled, asked)?.id).toBe(cheapestGpuType(types, asked)?.id);
        },
      ),
    );
  });

  it("CPU filters never return a flavor too small for minVcpus", () => {
    const flavor = fc
      .record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        max: fc.constantFrom(8, 16, 32, 64),
        availability: fc.option(level, { nil: undefined }),
      })
      .map(({ id, max, availability }) => cpu({ id, vcpu: { min: 2, max }, availability }));
    fc.assert(
      fc.property(fc.array(flavor, { maxLength: 6 }), fc.integer({ min: 1, max: 128 }), fc.boolean(), (flavors, minVcpus, inStock) => {
        for (const chosen of selectCpuTypes(flavors, { minVcpus, inStock })) {
          expect(chosen.vcpu.max).toBeGreaterThanOrEqual(minVcpus);
          expect(meetsCpuNeed(chosen, { minVcpus, inStock })).toBe(true);
          if (inStock) expect(["LOW", "MEDIUM", "HIGH"]).toContain(chosen.availability);
        }
      }),
    );
  });

  it("vcpuCountFor is the smallest power of two of at least 2 that covers minVcpus", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4096 }), (minVcpus) => {
        const count = vcpuCountFor(minVcpus);
        expect(count & (count - 1)).toBe(0);
        expect(count).toBeGreaterThanOrEqual(Math.max(2, minVcpus));
        expect(count === 2 || count / 2 < minVcpus).toBe(true);
      }),
    );
  });
});
