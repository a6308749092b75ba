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

const ids = (entries: Array<{ id: string }>) => entries.map((entry) => entry.id);
const gpuAvailability = async (query: string) => {
  const { gpus } = await get(`/v2/catalog/gpus?include=AVAILABILITY&product=${query}`);
  return Object.fromEntries(
    gpus.map((gpu: { id: string; availability: string; dataCenters?: unknown; cudaVersions?: unknown }) => [
      gpu.id,
      { availability: gpu.availability, dataCenters: gpu.dataCenters, cudaVersions: gpu.cudaVersions },
    ]),
  );
};
const cuda = (available: boolean, ...versions: string[]) => versions.map((version) => ({ version, available }));

describe("GPU availability scopes", () => {
  test("a single-GPU pod in the SECURE cloud by default: stock level per data center, the best overall", async () => {
    expect(await gpuAvailability("POD")).toEqual({
      "NVIDIA GeForce RTX 4090": {
        availability: "HIGH",
        dataCenters: [
          { id: "US-TX-3", name: "US Texas 3", availability: "HIGH" },
          { id: "EU-RO-1", name: "Europe Romania 1", availability: "MEDIUM" },
          { id: "CA-MTL-1", name: "Canada Montreal 1", availability: "LOW" },
        ],
        cudaVersions: cuda(true, "12.8", "12.6", "12.4"),
      },
      "NVIDIA A100 80GB PCIe": {
        availability: "HIGH",
        dataCenters: [
          { id: "US-TX-3", name: "US Texas 3", availability: "MEDIUM" },
          { id: "US-CA-2", name: "US California 2", availability: "HIGH" },
          { id: "EU-RO-1", name: "Europe Romania 1", availability: "LOW" },
        ],
        cudaVersions: cuda(true, "12.6", "12.4", "12.2", "11.8"),
      },
      "NVIDIA H100 80GB HBM3": {
        availability: "HIGH",
        dataCenters: [
          { id: "US-CA-2", name: "US California 2", availability: "MEDIUM" },
          { id: "EU-SE-1", name: "Europe Sweden 1", availability: "HIGH" },
        ],
        cudaVersions: cuda(true, "12.8", "12.6"),
      },
      "NVIDIA L40S": {
        availability: "HIGH",
        dataCenters: [
          { id: "US-TX-3", name: "US Texas 3", availability: "HIGH" },
          { id: "EU-RO-1", name: "Europe Romania 1", availability: "LOW" },
          { id: "EU-SE-1", name: "Europe Sweden 1", availability: "MEDIUM" },
        ],
        cudaVersions: cuda(true, "12.8", "12.6", "12.4"),
      },
      "NVIDIA RTX A6000": {
        availability: "HIGH",
        dataCenters: [
          { id: "US-CA-2", name: "US California 2", availability: "LOW" },
          { id: "CA-MTL-1", name: "Canada Montreal 1", availability: "HIGH" },
        ],
        cudaVersions: cuda(true, "12.4", "12.2", "11.8"),
      },
      "AMD Instinct MI300X OAM": {
        availability: "MEDIUM",
        dataCenters: [{ id: "EU-RO-1", name: "Europe Romania 1", availability: "MEDIUM" }],
        cudaVersions: undefined,
      },
    });
  });

  test("count: a data center without that many idle GPUs is NONE; more than maxCount is offered nowhere", async () => {
    const eight = await gpuAvailability("POD&count=8");
    expect(eight["NVIDIA A100 80GB PCIe"]).toEqual({
      availability: "MEDIUM",
      dataCenters: [
        { id: "US-TX-3", name: "US Texas 3", availability: "NONE" },
        { id: "US-CA-2", name: "US California 2", availability: "MEDIUM" },
        { id: "EU-RO-1", name: "Europe Romania 1", availability: "NONE" },
      ],
      cudaVersions: cuda(true, "12.6", "12.4", "12.2", "11.8"),
    });
    expect(eight["NVIDIA RTX A6000"]?.dataCenters).toEqual([
      { id: "US-CA-2", name: "US California 2", availability: "NONE" },
      { id: "CA-MTL-1", name: "Canada Montreal 1", availability: "LOW" },
    ]);
    const sixteen = await gpuAvailability("POD&count=16");
    for (const entry of Object.values(sixteen)) {
      expect(entry).toEqual({ availability: "NONE", dataCenters: undefined, cudaVersions: undefined });
    }
  });

  test("cloud=COMMUNITY: community stock, and a type sold only in SECURE is offered nowhere", async () => {
    const community = await gpuAvailability("POD&cloud=COMMUNITY");
    expect(community["NVIDIA GeForce RTX 4090"]?.dataCenters).toEqual([
      { id: "US-TX-3", name: "US Texas 3", availability: "HIGH" },
      { id: "EU-RO-1", name: "Europe Romania 1", availability: "HIGH" },
      { id: "CA-MTL-1", name: "Canada Montreal 1", availability: "NONE" },
    ]);
    expect(community["NVIDIA L40S"]?.dataCenters).toEqual([
      { id: "US-TX-3", name: "US Texas 3", availability: "HIGH" },
      { id: "EU-RO-1", name: "Europe Romania 1", availability: "MEDIUM" },
      { id: "EU-SE-1", name: "Europe Sweden 1", availability: "NONE" },
    ]);
    expect(community["AMD Instinct MI300X OAM"]).toEqual({ availability: "NONE", dataCenters: undefined, cudaVersions: undefined });
    // maxCount.community of the A100 is 4.
    expect((await gpuAvailability("POD&cloud=COMMUNITY&count=8"))["NVIDIA A100 80GB PCIe"]?.availability).toBe("NONE");
  });

  test("CLUSTER counts free whole nodes, SECURE only; SERVERLESS needs a pool", async () => {
    const cluster = await gpuAvailability("CLUSTER");
    expect(cluster["NVIDIA H100 80GB HBM3"]?.dataCenters).toEqual([
      { id: "US-CA-2", name: "US California 2", availability: "LOW" },
      { id: "EU-SE-1", name: "Europe Sweden 1", availability: "HIGH" },
    ]);
    expect(cluster["AMD Instinct MI300X OAM"]?.availability).toBe("LOW");
    expect(cluster["NVIDIA GeForce RTX 4090"]).toEqual({ availability: "NONE", dataCenters: undefined, cudaVersions: undefined });
    expect((await gpuAvailability("CLUSTER&cloud=COMMUNITY"))["NVIDIA H100 80GB HBM3"]?.availability).toBe("NONE");
    const serverless = await gpuAvailability("SERVERLESS");
    expect(serverless["AMD Instinct MI300X OAM"]?.availability).toBe("NONE");
    expect(serverless["NVIDIA L40S"]?.availability).toBe("HIGH");
  });

  test("countryCodes (OR) drops types with no data center there from the list, and scopes the rest", async () => {
    const { gpus } = await get("/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=SE");
    expect(ids(gpus)).toEqual(["NVIDIA H100 80GB HBM3", "NVIDIA L40S"]);
    expect(gpus[1].dataCenters).toEqual([{ id: "EU-SE-1", name: "Europe Sweden 1", availability: "MEDIUM" }]);
    expect(gpus[1].availability).toBe("MEDIUM");
    const northAmerica = await get("/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=US,CA");
    expect(ids(northAmerica.gpus)).toEqual([
      "NVIDIA GeForce RTX 4090",
      "NVIDIA A100 80GB PCIe",
      "NVIDIA H100 80GB HBM3",
      "NVIDIA L40S",
      "NVIDIA RTX A6000",
    ]);
    expect(ids(northAmerica.gpus[0].dataCenters)).toEqual(["US-TX-3", "CA-MTL-1"]);
    expect((await get("/v2/catalog/gpus?include=AVAILABILITY&product=POD&countryCodes=FR")).gpus).toEqual([]);
  });

  test("a single type outside countryCodes still answers, with availability NONE and no dataCenters", async () => {
    const gpu = await get("/v2/catalog/gpus/NVIDIA%20A100%2080GB%20PCIe?include=AVAILABILITY&product=POD&countryCodes=SE");
    expect(gpu).toMatchObject({ id: "NVIDIA A100 80GB PCIe", availability: "NONE" });
    expect("dataCenters" in gpu || "cudaVersions" in gpu).toBe(false);
  });

  test("cudaVersions matches exactly and narrows the list; a type with none of them is offered nowhere", async () => {
    const exact = await gpuAvailability("POD&cudaVersions=12.8,12.4");
    expect(exact["NVIDIA GeForce RTX 4090"]?.cudaVersions).toEqual(cuda(true, "12.8", "12.4"));
    expect(exact["NVIDIA A100 80GB PCIe"]?.cudaVersions).toEqual(cuda(true, "12.4"));
    expect(exact["NVIDIA H100 80GB HBM3"]?.cudaVersions).toEqual(cuda(true, "12.8"));
    expect((await gpuAvailability("POD&cudaVersions=11.8"))["NVIDIA H100 80GB HBM3"]).toEqual({
      availability: "NONE",
      dataCenters: undefined,
      cudaVersions: undefined,
    });
  });

  test("minCudaVersion compares numerically; a bare major means any release of it; GPUs without CUDA never match", async () => {
    const floor = await gpuAvailability("POD&minCudaVersion=12.5");
    expect(floor["NVIDIA A100 80GB PCIe"]?.cudaVersions).toEqual(cuda(true, "12.6"));
    expect(floor["NVIDIA RTX A6000"]?.availability).toBe("NONE");
    const major = await gpuAvailability("POD&minCudaVersion=12");
    expect(major["NVIDIA RTX A6000"]?.cudaVersions).toEqual(cuda(true, "12.4", "12.2"));
    expect(major["AMD Instinct MI300X OAM"]?.availability).toBe("NONE");
  });

  test("a version offered where no data center has stock is listed as not available", async () => {
    const gpu = await get("/v2/catalog/gpus/NVIDIA%20A100%2080GB%20PCIe?include=AVAILABILITY&product=POD&cloud=COMMUNITY&countryCodes=RO");
    expect(gpu.availability).toBe("NONE");
    expect(gpu.dataCenters).toEqual([{ id: "EU-RO-1", name: "Europe Romania 1", availability: "NONE" }]);
    expect(gpu.cudaVersions).toEqual(cuda(false, "12.6", "12.4", "12.2", "11.8"));
  });

  test.each([
    { query: "?count=2", status: 400, detail: "count is valid only with include=AVAILABILITY", errors: undefined },
    {
      query: "?product=POD&cloud=SECURE&countryCodes=US",
      status: 400,
      detail: "product, cloud and countryCodes are valid only with include=AVAILABILITY",
      errors: undefined,
    },
    { query: "?minCudaVersion=12", status: 400, detail: "minCudaVersion is valid only with include=AVAILABILITY", errors: undefined },
    {
      query: "?include=AVAILABILITY&product=POD&cudaVersions=12.8&minCudaVersion=12",
      status: 400,
      detail: "cudaVersions and minCudaVersion are mutually exclusive",
      errors: undefined,
    },
    {
      query: "?include=AVAILABILITY&product=POD&count=0",
      status: 400,
      detail: "Query parameters failed validation",
      errors: ["must be >= 1 at /count"],
    },
    {
      query: "?include=AVAILABILITY&product=POD&count=1.5&cloud=PRIVATE",
      status: 400,
      detail: "Query parameters failed validation",
      errors: ["expected integer at /count", "must be one of SECURE, COMMUNITY at /cloud"],
    },
    {
      query: "?include=AVAILABILITY&product=POD&countryCodes=us,FRA,DE",
      status: 422,
      detail: "Query parameters failed validation",
      errors: [
        "must be an uppercase ISO 3166-1 alpha-2 country code at /countryCodes/0",
        "must be an uppercase ISO 3166-1 alpha-2 country code at /countryCodes/1",
      ],
    },
    {
      query: "?include=AVAILABILITY&product=POD&cudaVersions=12.8,12",
      status: 422,
      detail: "Query parameters failed validation",
      errors: ["must be a CUDA version like 12.8 at /cudaVersions/1"],
    },
    {
      query: "?include=AVAILABILITY&product=POD&minCudaVersion=12.x",
      status: 422,
      detail: "Query parameters failed validation",
      errors: ["must be a CUDA version like 12 or 12.1 at /minCudaVersion"],
    },
  ])("GPU $query is $status", async ({ query, status, detail, errors }) => {
    expectProblem(await harness.call("GET", `/v2/catalog/gpus${query}`), status, detail, errors);
    expectProblem(await harness.call("GET", `/v2/catalog/gpus/NVIDIA%20L40S${query}`), status, detail, errors);
  });

  test("every data center a type is listed in for pods takes a pod of it there, at the listed price", async () => {
    const { gpus } = await get("/v2/catalog/gpus?include=AVAILABILITY&product=POD");
    const placed: Array<[string, string, number]> = [];
    for (const gpu of gpus) {
      for (const dataCenter of gpu.dataCenters) {
        // Listed includes full (NONE): this is about placement and price, so two GPUs are made idle where fewer are.
        const { secure } = harness.emulator.stock.gpu(gpu.id, dataCenter.id)!;
        harness.emulator.stock.setGpu(gpu.id, dataCenter.id, { secure: Math.max(secure, 2) });
        const answer = await harness.call("POST", "/v2/pods", {
          body: { name: "placement", image: "org/probe:1", gpu: { id: gpu.id, count: 2 }, dataCenterIds: [dataCenter.id] },
        });
        expect(answer.status).toBe(201);
        placed.push([answer.body.gpu.id, answer.body.dataCenterId, answer.body.cost]);
        expect(answer.body.cost).toBeCloseTo(gpu.price.secure * 2, 10);
        expect((await harness.call("DELETE", `/v2/pods/${answer.body.id}`)).status).toBe(204);
        harness.emulator.stock.setGpu(gpu.id, dataCenter.id, { secure });
      }
    }
    expect(placed.map(([id, dataCenter]) => `${id} @ ${dataCenter}`)).toEqual([
      "NVIDIA GeForce RTX 4090 @ US-TX-3",
      "NVIDIA GeForce RTX 4090 @ EU-RO-1",
      "NVIDIA GeForce RTX 4090 @ CA-MTL-1",
      "NVIDIA A100 80GB PCIe @ US-TX-3",
      "NVIDIA A100 80GB PCIe @ US-CA-2",
      "NVIDIA A100 80GB PCIe @ EU-RO-1",
      "NVIDIA H100 80GB HBM3 @ US-CA-2",
      "NVIDIA H100 80GB HBM3 @ EU-SE-1",
      "NVIDIA L40S @ US-TX-3",
      "NVIDIA L40S @ EU-RO-1",
      "NVIDIA L40S @ EU-SE-1",
      "NVIDIA RTX A6000 @ US-CA-2",
      "NVIDIA RTX A6000 @ CA-MTL-1",
      "AMD Instinct MI300X OAM @ EU-RO-1",
    ]);
  });
});

describe("CPU availability scopes", () => {
  const cpuAvailability = async (query: string) => {
    const { cpus } = await get(`/v2/catalog/cpus?include=AVAILABILITY&product=${query}`);
    return cpus.map((cpu: { id: string; availability: string; dataCenters?: Array<{ id: string; availability: string }> }) => [
      cpu.id,
      cpu.availability,
      cpu.dataCenters?.map((dataCenter) => `${dataCenter.id}:${dataCenter.availability}`),
    ]);
  };

  test("the smallest instance by default", async () => {
    expect(await cpuAvailability("POD,SERVERLESS")).toEqual([
      ["cpu3c", "HIGH", ["US-TX-3:HIGH", "EU-RO-1:MEDIUM", "CA-MTL-1:MEDIUM"]],
      ["cpu3g", "HIGH", ["US-TX-3:MEDIUM", "US-CA-2:HIGH"]],
      ["cpu5c", "HIGH", ["US-CA-2:MEDIUM", "EU-SE-1:HIGH"]],
    ]);
  });

  test("vcpuCount: fewer instances fit, and a flavor too small for it is offered nowhere", async () => {
    expect(await cpuAvailability("POD&vcpuCount=32")).toEqual([
      ["cpu3c", "MEDIUM", ["US-TX-3:MEDIUM", "EU-RO-1:NONE", "CA-MTL-1:NONE"]],
      ["cpu3g", "HIGH", ["US-TX-3:NONE", "US-CA-2:HIGH"]],
      ["cpu5c", "MEDIUM", ["US-CA-2:NONE", "EU-SE-1:MEDIUM"]],
    ]);
    expect(await cpuAvailability("POD&vcpuCount=64")).toEqual([
      ["cpu3c", "NONE", undefined],
      ["cpu3g", "MEDIUM", ["US-TX-3:NONE", "US-CA-2:MEDIUM"]],
      ["cpu5c", "NONE", undefined],
    ]);
  });

  test.each([
    { query: "?vcpuCount=4", detail: "vcpuCount is valid only with include=AVAILABILITY", errors: undefined },
    {
      query: "?include=AVAILABILITY&product=POD&vcpuCount=6",
      detail: "Query parameters failed validation",
      errors: ["must be a power of two at /vcpuCount"],
    },
    {
      query: "?include=AVAILABILITY&product=POD&vcpuCount=1",
      detail: "Query parameters failed validation",
      errors: ["must be >= 2 at /vcpuCount"],
    },
  ])("CPU $query is 400", async ({ query, detail, errors }) => {
    expectProblem(await harness.call("GET", `/v2/catalog/cpus${query}`), 400, detail, errors);
    expectProblem(await harness.call("GET", `/v2/catalog/cpus/cpu3c${query}`), 400, detail, errors);
  });
});

describe("data center filters", () => {
  const listed = async (query: string) => ids((await get(`/v2/catalog/datacenters?${query}`)).dataCenters);

  test.each([
    { query: "regions=EUROPE", expected: ["EU-RO-1", "EU-SE-1"] },
    { query: "regions=EUROPE,ASIA", expected: ["EU-RO-1", "EU-SE-1"] },
    { query: "regions=ASIA", expected: [] },
    { query: "networkVolumeTypes=HIGH_PERFORMANCE", expected: ["US-TX-3", "EU-RO-1"] },
    { query: "networkVolumeTypes=STANDARD,HIGH_PERFORMANCE", expected: ["US-TX-3", "EU-RO-1"] },
    { query: "networkVolumeTypes=STANDARD", expected: ["US-TX-3", "US-CA-2", "EU-RO-1", "EU-SE-1"] },
    { query: "compliance=SOC_2_TYPE_2", expected: ["US-TX-3", "US-CA-2", "CA-MTL-1"] },
    { query: "compliance=GDPR,RENEWABLE", expected: ["EU-SE-1"] },
    { query: "compliance=HIPAA", expected: [] },
    { query: "globalNetwork=true", expected: ["US-TX-3", "US-CA-2", "EU-SE-1"] },
    { query: "globalNetwork=false", expected: ["EU-RO-1", "CA-MTL-1"] },
    { query: "regions=NORTH_AMERICA&compliance=RENEWABLE&globalNetwork=false", expected: ["CA-MTL-1"] },
    {
      query: "regions=NORTH_AMERICA,EUROPE&networkVolumeTypes=HIGH_PERFORMANCE&compliance=ISO_IEC_27001",
      expected: ["US-TX-3", "EU-RO-1"],
    },
  ])("$query", async ({ query, expected }) => {
    expect(await listed(query)).toEqual(expected);
  });

  test("filters and availability together", async () => {
    const { dataCenters } = await get("/v2/catalog/datacenters?regions=EUROPE&include=CPU_AVAILABILITY");
    expect(dataCenters.map((dataCenter: { id: string; cpuAvailability: unknown }) => [dataCenter.id, dataCenter.cpuAvailability])).toEqual([
      ["EU-RO-1", [{ id: "cpu3c", name: "Compute-Optimized", availability: "MEDIUM" }]],
      ["EU-SE-1", [{ id: "cpu5c", name: "Compute-Optimized", availability: "HIGH" }]],
    ]);
  });

  test("a data center's GPUs, each at the better of its clouds for a single-GPU pod", async () => {
    expect((await get("/v2/catalog/datacenters/CA-MTL-1?include=GPU_AVAILABILITY")).gpuAvailability).toEqual([
      { id: "NVIDIA GeForce RTX 4090", name: "RTX 4090", availability: "LOW" },
      { id: "NVIDIA RTX A6000", name: "RTX A6000", availability: "HIGH" },
    ]);
  });

  test.each([
    {
      query: "?regions=MARS",
      errors: [
        "must be one of NORTH_AMERICA, SOUTH_AMERICA, EUROPE, ASIA, MIDDLE_EAST, AFRICA, OCEANIA, ANTARCTICA, UNKNOWN at /regions/0",
      ],
    },
    { query: "?networkVolumeTypes=STANDARD,NVME", errors: ["must be one of STANDARD, HIGH_PERFORMANCE at /networkVolumeTypes/1"] },
    {
      query: "?compliance=SOC2",
      errors: [
        "must be one of GDPR, ISO_IEC_27001, ISO_14001, PCI_DSS, HITRUST, SOC_1_TYPE_2, SOC_2_TYPE_2, SOC_3_TYPE_2, ITAR, FISMA_HIGH, HIPAA, RENEWABLE at /compliance/0",
      ],
    },
    { query: "?globalNetwork=yes", errors: ["must be one of true, false at /globalNetwork"] },
    { query: "?include=GPUS", errors: ["must be one of GPU_AVAILABILITY, CPU_AVAILABILITY at /include/0"] },
  ])("$query is 400", async ({ query, errors }) => {
    expectProblem(await harness.call("GET", `/v2/catalog/datacenters${query}`), 400, "Query parameters failed validation", errors);
  });
});
