// A Cluster with placement against the real emulator over HTTP, called as the engine calls it: H100 nodes are
// sold out, so the members are made on the MI300X alternative, with no create sent for the H100.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as cluster from "../../provider/resources/cluster.provider";
import type { ClusterInputs } from "../../provider/resources/cluster/inputs";
import { providerOnClock } from "../support/providerClock";
import { emulatorForProvider, passedCheck, writes } from "./providerHarness";

const H100 = "NVIDIA H100 80GB HBM3";
const MI300X = "AMD Instinct MI300X OAM";
let emulator: Emulator;
let restoreClock: () => void;

beforeAll(async () => {
  emulator = await emulatorForProvider({
    gpuStock: {
      [H100]: { "US-CA-2": { clusterNodes: 0 }, "EU-SE-1": { clusterNodes: 0 } },
      [MI300X]: { "EU-RO-1": { clusterNodes: 4 } },
    },
  });
  restoreClock = providerOnClock(emulator.clock);
});
afterAll(async () => {
  restoreClock();
  await emulator.close();
});

const args = (overrides: Partial<ClusterInputs> = {}): ClusterInputs => ({
  name: "hpc",
  type: "SLURM",
  compute: { gpuTypeId: H100, gpuCountPerPod: 8, podCount: 2 },
  placement: { alternatives: [{ id: MI300X, count: 4 }] },
  image: "org/slurm:24",
  readyTimeoutSeconds: 60,
  ...overrides,
});

describe("a cluster with placement", () => {
  it("is made on the alternative when the first type has no nodes, and `compute` says which", async () => {
    emulator.resetRequests();
    const created = await cluster.create(await passedCheck(cluster.check, args()));
    expect(created.outs?.compute).toEqual({ gpuTypeId: MI300X, gpuCountPerPod: 4, podCount: 2 });
    expect(created.outs?.dataCenterId).toBe("EU-RO-1");
    expect(writes(emulator)).toEqual(["POST /v2/clusters"]);
    // One read of the GPU list for the process's prices (the cost estimate), one for its availability (placement).
    expect(emulator.requests.filter((request) => request.path === "/v2/catalog/gpus")).toHaveLength(2);
    await cluster.delete(created.id);
  });

  it("check fails on placement when no candidate is offered in the acceptable data centers, before any create", async () => {
    emulator.resetRequests();
    const result = await cluster.check({}, args({ dataCenterIds: ["US-TX-3"] }));
    expect(result.failures).toEqual([
      {
        property: "placement",
        reason: `no acceptable GPU configuration is offered: 8 x ${H100}: not offered in US-TX-3; 4 x ${MI300X}: not offered in US-TX-3 (see gpu and placement)`,
      },
    ]);
    expect(writes(emulator)).toEqual([]);
  });

  it("check fails before any API call when placement is malformed", async () => {
    emulator.resetRequests();
    const result = await cluster.check({}, args({ placement: { alternatives: [{ id: "", count: 0 }], order: "fastest" as never } }));
    expect(result.failures?.map((failure) => failure.property).sort()).toEqual([
      "placement.alternatives[0].count",
      "placement.alternatives[0].id",
      "placement.order",
    ]);
    expect(emulator.requests).toEqual([]);
  });
});
