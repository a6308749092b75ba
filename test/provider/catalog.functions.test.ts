// The catalog data functions, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  getCheapestGpuType,
  getCheapestGpuTypeOutput,
  getCpuType,
  getCpuTypeOutput,
  getCpuTypes,
  getCpuTypesOutput,
  getDataCenter,
  getDataCenterOutput,
  getDataCenters,
  getDataCentersOutput,
  getGpuType,
  getGpuTypeOutput,
  getGpuTypes,
  getGpuTypesOutput,
} from "../../provider/functions/catalog";
import { apiGet, emulatorForProvider, outputValue } from "./providerHarness";
import { UserError } from "../../provider/errors";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorForProvider();
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

const ids = (entries: Array<{ id: string }>) => entries.map((entry) => entry.id);
const requests = () => emulator.requests.map((request) => `${request.method} ${request.path}`);

const RTX_4090 = "NVIDIA GeForce RTX 4090";
const A100 = "NVIDIA A100 80GB PCIe";
const H100 = "NVIDIA H100 80GB HBM3";
const L40S = "NVIDIA L40S";
const A6000 = "NVIDIA RTX A6000";
const MI300X = "AMD Instinct MI300X OAM";

describe("getGpuTypes", () => {
  it("lists every type sold in the SECURE cloud with its availability for a single-GPU pod, in one call", async () => {
    const { gpus } = await getGpuTypes();
    expect(gpus).toEqual((await apiGet(emulator, "/v2/catalog/gpus?include=AVAILABILITY&product=POD")).gpus);
    expect(ids(gpus)).toEqual([RTX_4090, A100, H100, L40S, A6000, MI300X]);
    expect(requests()).toEqual(["GET /v2/catalog/gpus", "GET /v2/catalog/gpus"]);
  });

  it.each([
    { case: "48 GB or more", args: { minMemory: 48 }, expected: [A100, H100, L40S, A6000, MI300X] },
    { case: "the COMMUNITY cloud", args: { cloud: "COMMUNITY" as const }, expected: [RTX_4090, A100, H100, L40S, A6000] },
    { case: "at most 0.80 USD per GPU-hour in SECURE", args: { maxPrice: 0.8 }, expected: [RTX_4090, A6000] },
    {
      case: "at most 0.80 USD per GPU-hour in COMMUNITY",
      args: { maxPrice: 0.8, cloud: "COMMUNITY" as const },
      expected: [RTX_4090, L40S, A6000],
    },
    { case: "by AMD", args: { manufacturer: "AMD" }, expected: [MI300X] },
    { case: "offered in EU-SE-1", args: { dataCenter: "EU-SE-1" }, expected: [H100, L40S] },
    {
      case: "in stock in EU-SE-1 in COMMUNITY",
      args: { dataCenter: "EU-SE-1", cloud: "COMMUNITY" as const, inStock: true },
      expected: [H100],
    },
    { case: "8 per pod in COMMUNITY", args: { count: 8, cloud: "COMMUNITY" as const }, expected: [H100, A6000] },
    { case: "8 per pod, in stock", args: { count: 8, inStock: true }, expected: [RTX_4090, A100, H100, L40S, A6000] },
    { case: "cluster nodes in stock", args: { product: "CLUSTER" as const, inStock: true }, expected: [H100, MI300X] },
    {
      case: "serverless workers in stock",
      args: { product: "SERVERLESS" as const, inStock: true },
      expected: [RTX_4090, A100, H100, L40S, A6000],
    },
    {
      case: "serverless workers: only types in a pool",
      args: { product: "SERVERLESS" as const },
      expected: [RTX_4090, A100, H100, L40S, A6000],
    },
    {
      case: "serverless workers at most 0.80 USD per GPU-hour (pool rate)",
      args: { product: "SERVERLESS" as const, maxPrice: 0.8 },
      expected: [RTX_4090],
    },
    { case: "serverless workers of 100 GB", args: { product: "SERVERLESS" as const, minMemory: 100 }, expected: [] },
    {
      case: "cluster nodes: only types offered for clusters",
      args: { product: "CLUSTER" as const, minMemory: 24 },
      expected: [H100, MI300X],
    },
    { case: "cluster nodes in COMMUNITY: none offered", args: { product: "CLUSTER" as const, cloud: "COMMUNITY" as const }, expected: [] },
    {
      case: "cluster nodes at most 2.50 USD per GPU-hour (pod rate)",
      args: { product: "CLUSTER" as const, maxPrice: 2.5 },
      expected: [MI300X],
    },
    { case: "CUDA 12.8 or newer: only types offered on it", args: { minCudaVersion: "12.8" }, expected: [RTX_4090, H100, L40S] },
    { case: "in Sweden", args: { countryCodes: ["SE"] }, expected: [H100, L40S] },
    { case: "CUDA 12.8 or newer, in stock", args: { minCudaVersion: "12.8", inStock: true }, expected: [RTX_4090, H100, L40S] },
    {
      case: "48 GB, under 1 USD, in stock in US-TX-3",
      args: { minMemory: 48, maxPrice: 1, dataCenter: "US-TX-3", inStock: true },
      expected: [L40S],
    },
  ])("$case", async ({ args, expected }) => {
    expect(ids((await getGpuTypes(args)).gpus)).toEqual(expected);
    expect(requests()).toEqual(["GET /v2/catalog/gpus"]);
  });

  it("carries the availability of the configuration asked about", async () => {
    const { gpus } = await getGpuTypes({ count: 8, cloud: "COMMUNITY" });
    expect(gpus.map((gpu) => [gpu.id, gpu.availability, gpu.dataCenters?.map((entry) => `${entry.id}:${entry.availability}`)])).toEqual([
      [H100, "LOW", ["US-CA-2:NONE", "EU-SE-1:LOW"]],
      [A6000, "MEDIUM", ["US-CA-2:NONE", "CA-MTL-1:MEDIUM"]],
    ]);
  });

  it.each([
    [{ minMemory: 0 }, "getGpuTypes: invalid arguments: minMemory: Too small: expected number to be >=1"],
    [{ cloud: "PRIVATE" }, 'getGpuTypes: invalid arguments: cloud: Invalid option: expected one of "SECURE"|"COMMUNITY"'],
    [{ memory: 48 }, 'getGpuTypes: invalid arguments: arguments: Unrecognized key: "memory"'],
    [{ countryCodes: ["us"] }, "getGpuTypes: invalid arguments: countryCodes[0]: must be an uppercase ISO 3166-1 alpha-2 code, such as US"],
    [{ minCudaVersion: "12.x" }, "getGpuTypes: invalid arguments: minCudaVersion: must be a CUDA version such as 12 or 12.4"],
    [
      { maxPrice: -1, count: 0 },
      "getGpuTypes: invalid arguments: count: Too small: expected number to be >=1; maxPrice: Too small: expected number to be >=0",
    ],
  ])("refuses %j before any API call", async (args, message) => {
    await expect(getGpuTypes(args as never)).rejects.toThrow(new UserError(message));
    expect(requests()).toEqual([]);
  });

  it("has an Output form that takes Inputs, and no arguments at all", async () => {
    expect(ids((await outputValue(getGpuTypesOutput({ minMemory: pulumi.output(100) }))).gpus)).toEqual([MI300X]);
    expect(ids((await outputValue(getGpuTypesOutput())).gpus)).toHaveLength(6);
  });
});

describe("getGpuType", () => {
  it("reads one type with its availability for the configuration asked about", async () => {
    const l40s = await getGpuType({ id: L40S, count: 2, cloud: "COMMUNITY" });
    expect(l40s).toEqual(await apiGet(emulator, "/v2/catalog/gpus/NVIDIA%20L40S?include=AVAILABILITY&product=POD&count=2&cloud=COMMUNITY"));
    expect(l40s.dataCenters).toEqual([
      { id: "US-TX-3", name: "US Texas 3", availability: "MEDIUM" },
      { id: "EU-RO-1", name: "Europe Romania 1", availability: "LOW" },
      { id: "EU-SE-1", name: "Europe Sweden 1", availability: "NONE" },
    ]);
    expect(requests()[0]).toBe("GET /v2/catalog/gpus/NVIDIA%20L40S");
  });

  it("fails with a message naming an id the catalog does not have", async () => {
    await expect(getGpuType({ id: "NVIDIA B9000" })).rejects.toThrow(
      new UserError('getGpuType: the catalog has no GPU type "NVIDIA B9000"'),
    );
  });

  it("has an Output form", async () => {
    expect((await outputValue(getGpuTypeOutput({ id: pulumi.output(MI300X) }))).pool).toBeNull();
  });
});

describe("getCheapestGpuType", () => {
  it.each([
    { case: "48 GB", args: { minMemory: 48 }, id: A6000, price: 0.49 },
    { case: "80 GB", args: { minMemory: 80 }, id: A100, price: 1.64 },
    { case: "80 GB in COMMUNITY", args: { minMemory: 80, cloud: "COMMUNITY" as const }, id: A100, price: 1.19 },
    { case: "100 GB", args: { minMemory: 100 }, id: MI300X, price: 2.49 },
    {
      case: "24 GB, 8 per pod, in stock in EU-SE-1",
      args: { minMemory: 24, count: 8, dataCenter: "EU-SE-1", inStock: true },
      id: H100,
      price: 2.99,
    },
    {
      case: "48 GB, 8 per pod in COMMUNITY, in stock",
      args: { minMemory: 48, count: 8, cloud: "COMMUNITY" as const, inStock: true },
      id: A6000,
      price: 0.33,
    },
  ])("$case: $id", async ({ args, id, price }) => {
    const cheapest = await getCheapestGpuType(args);
    expect(cheapest.id).toBe(id);
    expect(args.cloud === "COMMUNITY" ? cheapest.price.community : cheapest.price.secure).toBe(price);
    expect(requests()).toEqual(["GET /v2/catalog/gpus"]);
  });

  it.each([
    { case: "serverless, 24 GB: the lowest pool rate", args: { product: "SERVERLESS" as const, minMemory: 24 }, id: RTX_4090, price: 0.77 },
    {
      case: "serverless, 48 GB in COMMUNITY",
      args: { product: "SERVERLESS" as const, minMemory: 48, cloud: "COMMUNITY" as const },
      id: A6000,
      price: 0.85,
    },
    {
      case: "clusters, 24 GB: only types offered for clusters",
      args: { product: "CLUSTER" as const, minMemory: 24 },
      id: MI300X,
      price: 2.49,
    },
    {
      case: "clusters, 24 GB, in stock in US-CA-2",
      args: { product: "CLUSTER" as const, minMemory: 24, dataCenter: "US-CA-2", inStock: true },
      id: H100,
      price: 2.99,
    },
  ])("$case: $id", async ({ args, id, price }) => {
    const cheapest = await getCheapestGpuType(args);
    expect(cheapest.id).toBe(id);
    expect(args.product === "SERVERLESS" ? cheapest.price.serverless : cheapest.price.secure).toBe(price);
    expect(requests()).toEqual(["GET /v2/catalog/gpus"]);
  });

  it.each([
    [{ minMemory: 100, cloud: "COMMUNITY" as const }, "at least 100 GB of memory; product POD with 1 GPU per pod in the COMMUNITY cloud"],
    [
      { minMemory: 80, dataCenter: "CA-MTL-1", inStock: true },
      "at least 80 GB of memory; product POD with 1 GPU per pod in the SECURE cloud; in stock in data center CA-MTL-1",
    ],
    [
      { minMemory: 192, count: 8, inStock: true },
      "at least 192 GB of memory; product POD with 8 GPUs per pod in the SECURE cloud; in stock",
    ],
    [
      { product: "SERVERLESS" as const, minMemory: 100 },
      "at least 100 GB of memory; product SERVERLESS with 1 GPU per worker in the SECURE cloud",
    ],
    [
      { product: "CLUSTER" as const, minMemory: 24, cloud: "COMMUNITY" as const },
      "at least 24 GB of memory; product CLUSTER with 1 GPU per node in the COMMUNITY cloud",
    ],
    [
      { minMemory: 24, maxPrice: 0.3, manufacturer: "NVIDIA", countryCodes: ["US", "CA"], minCudaVersion: "12.4", dataCenter: "US-TX-3" },
      "at least 24 GB of memory; product POD with 1 GPU per pod in the SECURE cloud; at most 0.3 USD per GPU-hour; made by NVIDIA; " +
        "in a data center in US or CA; on CUDA 12.4 or newer; offered in data center US-TX-3",
    ],
  ])("fails listing the need when no type meets %j", async (args, need) => {
    await expect(getCheapestGpuType(args)).rejects.toThrow(new UserError(`getCheapestGpuType: no GPU type meets the need: ${need}`));
  });

  it("requires minMemory", async () => {
    await expect(getCheapestGpuType({} as never)).rejects.toThrow(
      new UserError("getCheapestGpuType: invalid arguments: minMemory: Invalid input: expected number, received undefined"),
    );
    expect(requests()).toEqual([]);
  });

  it("has an Output form whose fields are usable as Inputs", async () => {
    const gpu = getCheapestGpuTypeOutput({ minMemory: pulumi.output(48), inStock: true });
    expect(await outputValue(gpu.id)).toBe(A6000);
    expect(await outputValue(gpu.price.secure)).toBe(0.49);
  });
});

describe("getCpuTypes and getCpuType", () => {
  it.each([
    { case: "every flavor", args: {}, expected: ["cpu3c", "cpu3g", "cpu5c"] },
    { case: "48 vCPUs", args: { minVcpus: 48 }, expected: ["cpu3g"] },
    { case: "24 vCPUs in stock (32-vCPU instances)", args: { minVcpus: 24, inStock: true }, expected: ["cpu3c", "cpu3g", "cpu5c"] },
    { case: "32 vCPUs in stock in EU-RO-1", args: { minVcpus: 32, dataCenter: "EU-RO-1", inStock: true }, expected: [] },
    { case: "offered in US-CA-2", args: { dataCenter: "US-CA-2" }, expected: ["cpu3g", "cpu5c"] },
    { case: "64 vCPUs in stock", args: { minVcpus: 64, inStock: true }, expected: ["cpu3g"] },
    { case: "serverless", args: { product: "SERVERLESS" as const, inStock: true }, expected: ["cpu3c", "cpu3g", "cpu5c"] },
  ])("$case", async ({ args, expected }) => {
    expect(ids((await getCpuTypes(args)).cpus)).toEqual(expected);
    expect(requests()).toEqual(["GET /v2/catalog/cpus"]);
  });

  it("reads one flavor with its availability for an instance size", async () => {
    const flavor = await getCpuType({ id: "cpu5c", vcpuCount: 8 });
    expect(flavor).toEqual(await apiGet(emulator, "/v2/catalog/cpus/cpu5c?include=AVAILABILITY&product=POD&vcpuCount=8"));
    expect(flavor.dataCenters).toEqual([
      { id: "US-CA-2", name: "US California 2", availability: "LOW" },
      { id: "EU-SE-1", name: "Europe Sweden 1", availability: "HIGH" },
    ]);
  });

  it("refuses bad arguments before any call, and names an unknown flavor", async () => {
    await expect(getCpuType({ id: "cpu3c", vcpuCount: 6 })).rejects.toThrow(
      new UserError("getCpuType: invalid arguments: vcpuCount: must be a power of two"),
    );
    await expect(getCpuTypes({ minVcpus: 0 })).rejects.toThrow(
      new UserError("getCpuTypes: invalid arguments: minVcpus: Too small: expected number to be >=1"),
    );
    expect(requests()).toEqual([]);
    await expect(getCpuType({ id: "cpu9z" })).rejects.toThrow(new UserError('getCpuType: the catalog has no CPU flavor "cpu9z"'));
  });

  it("has Output forms", async () => {
    expect(ids((await outputValue(getCpuTypesOutput({ minVcpus: pulumi.output(48) }))).cpus)).toEqual(["cpu3g"]);
    expect((await outputValue(getCpuTypeOutput({ id: pulumi.output("cpu3g") }))).ramGbPerVcpu).toBe(4);
  });
});

describe("getDataCenters and getDataCenter", () => {
  it.each([
    { case: "every data center", args: {}, expected: ["US-TX-3", "US-CA-2", "EU-RO-1", "EU-SE-1", "CA-MTL-1"] },
    { case: "Europe with GDPR", args: { regions: ["EUROPE" as const], compliance: ["GDPR" as const] }, expected: ["EU-RO-1", "EU-SE-1"] },
    { case: "without global networking", args: { globalNetwork: false }, expected: ["EU-RO-1", "CA-MTL-1"] },
    {
      case: "both volume types",
      args: { networkVolumeTypes: ["STANDARD" as const, "HIGH_PERFORMANCE" as const] },
      expected: ["US-TX-3", "EU-RO-1"],
    },
    { case: "renewable and SOC 2", args: { compliance: ["RENEWABLE" as const, "SOC_2_TYPE_2" as const] }, expected: ["CA-MTL-1"] },
  ])("$case", async ({ args, expected }) => {
    expect(ids((await getDataCenters(args)).dataCenters)).toEqual(expected);
    expect(requests()).toEqual(["GET /v2/catalog/datacenters"]);
  });

  it("adds availability when asked", async () => {
    const { dataCenters } = await getDataCenters({ regions: ["EUROPE"], include: ["GPU_AVAILABILITY", "CPU_AVAILABILITY"] });
    expect(dataCenters).toEqual(
      (await apiGet(emulator, "/v2/catalog/datacenters?regions=EUROPE&include=GPU_AVAILABILITY,CPU_AVAILABILITY")).dataCenters,
    );
    expect(dataCenters[1]?.cpuAvailability).toEqual([{ id: "cpu5c", name: "Compute-Optimized", availability: "HIGH" }]);
  });

  it("reads one data center", async () => {
    expect(await getDataCenter({ id: "CA-MTL-1" })).toEqual({
      id: "CA-MTL-1",
      name: "Canada Montreal 1",
      region: "NORTH_AMERICA",
      globalNetwork: false,
      networkVolumeTypes: [],
      compliance: ["SOC_2_TYPE_2", "RENEWABLE"],
    });
    await expect(getDataCenter({ id: "MARS-1" })).rejects.toThrow(new UserError('getDataCenter: the catalog has no data center "MARS-1"'));
  });

  it("refuses empty and unknown filters before any call", async () => {
    await expect(getDataCenters({ regions: [] })).rejects.toThrow(
      new UserError("getDataCenters: invalid arguments: regions: needs at least one entry; omit it for no filter"),
    );
    await expect(getDataCenters({ compliance: ["SOC2" as never] })).rejects.toThrow(
      /^getDataCenters: invalid arguments: compliance\[0\]: Invalid option/,
    );
    expect(requests()).toEqual([]);
  });

  it("has Output forms", async () => {
    expect(ids((await outputValue(getDataCentersOutput({ compliance: pulumi.output(["RENEWABLE" as const]) }))).dataCenters)).toEqual([
      "EU-SE-1",
      "CA-MTL-1",
    ]);
    expect(
      (await outputValue(getDataCenterOutput({ id: pulumi.output("EU-RO-1"), include: ["CPU_AVAILABILITY"] }))).cpuAvailability,
    ).toEqual([{ id: "cpu3c", name: "Compute-Optimized", availability: "MEDIUM" }]);
  });
});
