import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(() => harness.emulator.close());

const get = async (path: string) => {
  const answer = await harness.call("GET", path);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe("GPU types", () => {
  test("the list carries prices, per-cloud maxCount and memory, and no availability unless asked", async () => {
    const { gpus } = await get("/v2/catalog/gpus");
    expect(gpus.map((gpu: { id: string }) => gpu.id)).toEqual([
      "NVIDIA GeForce RTX 4090",
      "NVIDIA A100 80GB PCIe",
      "NVIDIA H100 80GB HBM3",
      "NVIDIA L40S",
      "NVIDIA RTX A6000",
      "AMD Instinct MI300X OAM",
    ]);
    for (const gpu of gpus) {
      expect(Object.keys(gpu).sort()).toEqual(
        ["community", "id", "manufacturer", "maxCount", "memory", "name", "pool", "price", "secure"].sort(),
      );
    }
  });

  test("one type by its URL-encoded id, with availability for a product", async () => {
    expect(await get("/v2/catalog/gpus/NVIDIA%20A100%2080GB%20PCIe?include=AVAILABILITY&product=POD")).toEqual({
      id: "NVIDIA A100 80GB PCIe",
      name: "A100 PCIe",
      pool: "AMPERE_80",
      manufacturer: "NVIDIA",
      memory: 80,
      secure: true,
      community: true,
      price: { secure: 1.64, community: 1.19, serverless: 2.72 },
      maxCount: { secure: 8, community: 4 },
      availability: "HIGH",
      dataCenters: [
        { id: "US-TX-3", name: "US Texas 3", availability: "MEDIUM" },
        { id: "US-CA-2", name: "US California 2", availability: "HIGH" },
        { id: "EU-RO-1", name: "Europe Romania 1", availability: "LOW" },
      ],
      cudaVersions: ["12.6", "12.4", "12.2", "11.8"].map((version) => ({ version, available: true })),
    });
  });

  test("a GPU without CUDA has no cudaVersions even with availability", async () => {
    const gpu = await get("/v2/catalog/gpus/AMD%20Instinct%20MI300X%20OAM?include=AVAILABILITY&product=POD,SERVERLESS");
    expect(gpu).toMatchObject({ manufacturer: "AMD", community: false, availability: "MEDIUM" });
    expect("cudaVersions" in gpu).toBe(false);
  });

  test.each([
    { query: "?include=AVAILABILITY", detail: "include=AVAILABILITY requires product", errors: undefined },
    { query: "?product=POD", detail: "product is valid only with include=AVAILABILITY", errors: undefined },
    {
      query: "?include=PRICES&product=POD",
      detail: "Query parameters failed validation",
      errors: ["must be one of AVAILABILITY at /include/0"],
    },
    {
      query: "?include=AVAILABILITY&product=POD,BATCH",
      detail: "Query parameters failed validation",
      errors: ["must be one of POD, CLUSTER, SERVERLESS at /product/1"],
    },
  ])("$query is 400", async ({ query, detail, errors }) => {
    expectProblem(await harness.call("GET", `/v2/catalog/gpus${query}`), 400, detail, errors);
  });

  test("an unknown id is 404", async () => {
    expectProblem(await harness.call("GET", "/v2/catalog/gpus/NVIDIA%20B9000"), 404, 'GPU type "NVIDIA B9000" not found');
  });
});

describe("CPU flavors", () => {
  test("the list", async () => {
    const { cpus } = await get("/v2/catalog/cpus");
    expect(cpus).toEqual([
      {
        id: "cpu3c",
        name: "Compute-Optimized",
        group: "Gen 3",
        vcpu: { min: 2, max: 32 },
        ramGbPerVcpu: 2,
        price: { securePerVcpu: 0.03, serverlessPerVcpu: 0.042 },
      },
      expect.objectContaining({ id: "cpu3g", ramGbPerVcpu: 4 }),
      expect.objectContaining({ id: "cpu5c", group: "Gen 5" }),
    ]);
  });

  test("one flavor with availability", async () => {
    expect(await get("/v2/catalog/cpus/cpu5c?include=AVAILABILITY&product=POD")).toMatchObject({
      id: "cpu5c",
      availability: "HIGH",
      dataCenters: [
        { id: "US-CA-2", name: "US California 2", availability: "MEDIUM" },
        { id: "EU-SE-1", name: "Europe Sweden 1", availability: "HIGH" },
      ],
    });
  });

  test("CLUSTER is not a CPU product", async () => {
    expectProblem(
      await harness.call("GET", "/v2/catalog/cpus?include=AVAILABILITY&product=CLUSTER"),
      400,
      "Query parameters failed validation",
      ["must be one of POD, SERVERLESS at /product/0"],
    );
  });

  test("an unknown id is 404", async () => {
    expectProblem(await harness.call("GET", "/v2/catalog/cpus/cpu9z"), 404, 'CPU flavor "cpu9z" not found');
  });
});

describe("data centers", () => {
  test("the list carries region, volume types, compliance and global networking", async () => {
    const { dataCenters } = await get("/v2/catalog/datacenters");
    expect(dataCenters.map((dataCenter: { id: string }) => dataCenter.id)).toEqual([
      "US-TX-3",
      "US-CA-2",
      "EU-RO-1",
      "EU-SE-1",
      "CA-MTL-1",
    ]);
    expect(dataCenters[0]).toEqual({
      id: "US-TX-3",
      name: "US Texas 3",
      region: "NORTH_AMERICA",
      globalNetwork: true,
      networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
      compliance: ["SOC_2_TYPE_2", "ISO_IEC_27001"],
    });
  });

  test("one data center with GPU and CPU availability", async () => {
    expect(await get("/v2/catalog/datacenters/EU-SE-1?include=GPU_AVAILABILITY,CPU_AVAILABILITY")).toEqual({
      id: "EU-SE-1",
      name: "Europe Sweden 1",
      region: "EUROPE",
      globalNetwork: true,
      networkVolumeTypes: ["STANDARD"],
      compliance: ["GDPR", "ISO_IEC_27001", "RENEWABLE"],
      gpuAvailability: [
        { id: "NVIDIA H100 80GB HBM3", name: "H100 SXM", availability: "HIGH" },
        { id: "NVIDIA L40S", name: "L40S", availability: "MEDIUM" },
      ],
      cpuAvailability: [{ id: "cpu5c", name: "Compute-Optimized", availability: "HIGH" }],
    });
  });

  test("an unknown id is 404", async () => {
    expectProblem(await harness.call("GET", "/v2/catalog/datacenters/MARS-1"), 404, 'Data center "MARS-1" not found');
  });
});
