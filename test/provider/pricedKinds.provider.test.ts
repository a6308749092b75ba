// The estimates of ServerlessEndpoint and NetworkVolume at check, and the storage table's config, against the real
// emulator over HTTP: figures computed here from the catalog it serves. Pod's are in podCost.provider.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { configure } from "../../provider/config";
import * as endpoint from "../../provider/resources/serverlessEndpoint.provider";
import * as volume from "../../provider/resources/networkVolume/networkVolume.provider";
import type { ServerlessEndpointInputs } from "../../provider/resources/serverlessEndpoint/inputs";
import { estimate, micro, standingPart, volumeEstimate } from "./expectedCosts";
import { apiGet, emulatorForProvider, passedCheck, rejection } from "./providerHarness";

let emulator: Emulator;
let gpus: { id: string; pool: string | null; price: { serverless?: number } }[];
let cpu5c: number;

beforeAll(async () => {
  emulator = await emulatorForProvider();
  gpus = (await apiGet(emulator, "/v2/catalog/gpus")).gpus;
  cpu5c = (await apiGet(emulator, "/v2/catalog/cpus")).cpus.find((cpu: { id: string }) => cpu.id === "cpu5c").price.serverlessPerVcpu;
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

/** Points the provider at the emulator, with `computeplatform:storagePrices` set to `storagePrices` when given. */
async function configured(storagePrices?: string): Promise<void> {
  const config: Record<string, string> = {
    "computeplatform:apiKey": "sk-provider-test-key-5f2c",
    "computeplatform:apiUrl": emulator.url,
    ...(storagePrices === undefined ? {} : { "computeplatform:storagePrices": storagePrices }),
  };
  await configure({ config: { get: (key) => config[key], require: (key) => config[key]! } });
}

const endpointArgs = (overrides: Partial<ServerlessEndpointInputs>): ServerlessEndpointInputs => ({
  name: "echo",
  type: "QUEUE",
  image: "org/echo:1",
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  ...overrides,
});
const requests = (workerHourly: number, source: string) => ({
  name: "Workers scaled up by requests",
  unit: "worker-seconds",
  hourlyQuantity: 0,
  price: workerHourly / 3600,
  hourlyCost: 0,
  usageBased: true,
  priceNotFound: false,
  source,
});

describe("ServerlessEndpoint estimate", () => {
  it("prices the standing workers' GPUs at the serverless price of the pool's first type not excluded", async () => {
    const [first, second] = gpus.filter((gpu) => gpu.pool === "ADA_24");
    const placed = second ?? first!;
    const excluded = second === undefined ? [] : [first!.id];
    const checked = await passedCheck(
      endpoint.check,
      endpointArgs({ gpu: { pools: ["ADA_24"], excludedTypes: excluded, count: 2 }, workers: { min: 3, max: 5 } }),
    );
    const source = `catalog: ${placed.id} serverless price (pool ADA_24)`;
    const price = placed.price.serverless!;
    expect({ estimatedHourlyCost: checked.estimatedHourlyCost, costBreakdown: checked.costBreakdown }).toEqual(
      estimate(
        standingPart(`Standing workers' GPUs (${placed.id}, serverless)`, "GPU-hours", 6, price, source),
        requests(2 * price, source),
      ),
    );
    expect(checked.estimatedHourlyCost).toBe(micro(6 * price));
  });

  it("prices CPU workers per vCPU of their first configuration at the serverless price", async () => {
    const checked = await passedCheck(endpoint.check, endpointArgs({ cpu: [{ id: "cpu5c", vcpuCount: 4 }], workers: { min: 2, max: 4 } }));
    const source = "catalog: cpu5c serverless price per vCPU";
    expect(checked.costBreakdown).toEqual([
      standingPart("Standing workers' vCPUs (cpu5c, serverless)", "vCPU-hours", 8, cpu5c, source),
      requests(4 * cpu5c, source),
    ]);
    expect(checked.estimatedHourlyCost).toBe(micro(8 * cpu5c));
  });
});

describe("NetworkVolume estimate and the storage table", () => {
  afterAll(() => configured());

  it("takes the price of a type from computeplatform:storagePrices, and the default for a type it leaves out", async () => {
    await configured('{"STANDARD":0.05}');
    const standard = await passedCheck(volume.check, { name: "a", size: 146, dataCenter: "US-TX-3" });
    const fast = await passedCheck(volume.check, { name: "b", size: 100, dataCenter: "US-TX-3", type: "HIGH_PERFORMANCE" });
    expect(standard.costBreakdown).toEqual([
      standingPart("Network volume storage (STANDARD)", "GB-months", 146 / 730, 0.05, "storage table (computeplatform:storagePrices)"),
    ]);
    expect(standard.estimatedHourlyCost).toBe(0.01);
    expect({ estimatedHourlyCost: fast.estimatedHourlyCost, costBreakdown: fast.costBreakdown }).toEqual(
      volumeEstimate(100, "HIGH_PERFORMANCE"),
    );
    expect(emulator.requests).toEqual([]);
  });

  it.each([
    [
      "not JSON",
      "{STANDARD:1}",
      'computeplatform:storagePrices is not JSON: set it to a map of volume type to USD per GB-month, such as {"STANDARD":0.05}',
    ],
    [
      "a negative price",
      '{"STANDARD":-1}',
      "computeplatform:storagePrices must map volume types (STANDARD, HIGH_PERFORMANCE) to USD per GB-month, at least 0: ✖ Too small: expected number to be >=0\n  → at STANDARD",
    ],
    [
      "about another volume type",
      '{"FAST":1}',
      'computeplatform:storagePrices must map volume types (STANDARD, HIGH_PERFORMANCE) to USD per GB-month, at least 0: ✖ Unrecognized key: "FAST"',
    ],
  ])("refuses a storage table that is %s, naming the config key", async (_what, value, message) => {
    await configured(value);
    expect((await rejection(volume.check({}, { name: "a", size: 10, dataCenter: "US-TX-3" }))).message).toBe(message);
  });
});
