// A Cluster's lifetime through the generic lifetime wrapper and `expire`'s verdicts, against the emulator with its
// clock moved: check refuses a stop and plans `expiresAt`; past `terminateAfter` the update deletes the cluster
// with one call and keeps it in state as expired; a renewal creates it again; members idle past `whenIdle.for`
// terminate it, and a busy member in between resets the idle clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enforce } from "../../cli/expire/enforce";
import { verdicts } from "../../cli/expire/verdicts";
import type { Emulator } from "../../emulator";
import * as cluster from "../../provider/resources/cluster/cluster.provider";
import { clusterEndings } from "../../provider/resources/cluster/clusterEndings";
import { recordOf } from "../../provider/resources/lifetime/lifetimeOutputs";
import { lifetimePlan } from "../../provider/resources/lifetime/withLifetime";
import type { ClusterInputs } from "../../provider/resources/cluster/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { providerOnClock } from "../support/providerClock";
import { emulatorForProvider, passedCheck, writes } from "./providerHarness";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Properties = Record<string, unknown>;

const args = (lifetime: ClusterInputs["lifetime"], name = "sweep"): ClusterInputs => ({
  name,
  type: "TRAINING",
  compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
  image: "org/trainer:1",
  lifetime,
});
const checked = async (inputs: ClusterInputs, olds: Properties = {}): Promise<Properties> => ({
  ...(await passedCheck(cluster.check, inputs, olds as never)),
});

let emulator: Emulator;
let restoreClock: () => void;
beforeAll(async () => {
  emulator = await emulatorForProvider({ timings: { provisioningMs: 20, startingMs: 20 } });
  restoreClock = providerOnClock(emulator.clock);
});
afterAll(async () => {
  restoreClock();
  await emulator.close();
});
beforeEach(() => emulator.resetRequests());

describe("check", () => {
  it("refuses stopAfter and whenIdle.then stop on a Cluster, naming the field and why, before any API call", async () => {
    const result = await cluster.check({}, {
      ...args({ terminateAfter: "3h" }),
      lifetime: { stopAfter: "2h", whenIdle: { gpuUtilizationBelow: 5, for: "1h", then: "stop" } },
    } as never);
    expect(result.failures).toEqual([
      {
        property: "lifetime.stopAfter",
        reason: "a cluster cannot be stopped (the API has no stop for a cluster, only delete): use terminateAfter",
      },
      {
        property: "lifetime.whenIdle.then",
        reason: 'a cluster cannot be stopped (the API has no stop for a cluster, only delete): use then: "terminate"',
      },
    ]);
    expect(emulator.requests).toEqual([]);
  });

  it("plans expiresAt from the service's time for a new lifetime, and keeps what it planned while the lifetime stands", async () => {
    /** How long from the service's time now until the `expiresAt` check planned. */
    const untilExpiry = (inputs: Properties) => Date.parse(String(inputs.expiresAt)) - sharedClient().serverNow();
    const planned = await checked(args({ terminateAfter: "3h" }));
    expect(untilExpiry(planned)).toBeGreaterThan(3 * HOUR - 5_000);
    expect(untilExpiry(planned)).toBeLessThanOrEqual(3 * HOUR);
    emulator.clock.advance(HOUR);
    // The service's time is known from its answers.
    await sharedClient().clusters.list();
    expect((await checked(args({ terminateAfter: "3h" }), planned)).expiresAt).toBe(planned.expiresAt);
    const renewed = await checked(args({ terminateAfter: "4h" }), planned);
    expect(untilExpiry(renewed)).toBeGreaterThan(4 * HOUR - 5_000);
    expect(untilExpiry(renewed)).toBeLessThanOrEqual(4 * HOUR);
    // Only whenIdle: no time is known.
    expect((await checked(args({ whenIdle: { gpuUtilizationBelow: 5, for: "1h", then: "terminate" } }))).expiresAt).toBeUndefined();
  });
});

describe("terminateAfter", () => {
  let id: string;
  let outs: Properties;

  it("creates the cluster with its lifetime record", async () => {
    const created = await cluster.create((await checked(args({ terminateAfter: "3h" }))) as never);
    id = created.id;
    outs = { ...created.outs };
    expect(outs).toMatchObject({ lifetime: { terminateAfter: "3h" }, lifetimeState: "active" });
    expect(Date.parse(String(outs.expiresAt)) - Date.parse(String(outs.lifetimeSince))).toBe(3 * HOUR);
    expect(writes(emulator)).toEqual(["POST /v2/clusters"]);
  });

  it("past terminateAfter, the unchanged program deletes it with one call and keeps it in state as expired", async () => {
    emulator.clock.advance(3 * HOUR + MINUTE);
    await sharedClient().clusters.get(id);
    const news = await checked(args({ terminateAfter: "3h" }), outs);
    expect(await cluster.diff(id, outs as never, news as never)).toMatchObject({ changes: true, replaces: [] });
    expect(lifetimePlan(cluster)?.planned(outs, news).deletes).toEqual(["lifetime"]);
    emulator.resetRequests();
    const { outs: ended } = await cluster.update(id, outs as never, news as never);
    expect(writes(emulator)).toEqual([`DELETE /v2/clusters/${id}`]);
    expect(ended).toMatchObject({
      lifetimeState: "terminated: lifetime",
      endedBy: "terminate",
      members: [],
      pods: { total: 0, byStatus: {} },
    });
    expect(ended).not.toHaveProperty("expiresAt");
    expect(emulator.snapshot().clusters).toEqual([]);
    outs = { ...ended };

    emulator.resetRequests();
    expect(await cluster.read(id, outs as never)).toEqual({ id, props: outs });
    expect(await cluster.diff(id, outs as never, news as never)).toMatchObject({ changes: false });
    expect(emulator.requests).toEqual([]);
  });

  it("a renewed lifetime replaces it: create again", async () => {
    const news = await checked(args({ terminateAfter: "6h" }), outs);
    expect(await cluster.diff(id, outs as never, news as never)).toMatchObject({ changes: true, replaces: ["lifetime"] });
    const again = await cluster.create(news as never);
    expect(again.id).not.toBe(id);
    expect(again.outs).toMatchObject({ lifetime: { terminateAfter: "6h" }, lifetimeState: "active" });
    expect(emulator.snapshot().clusters.map((live) => live.id)).toEqual([again.id]);
    await cluster.delete(again.id);
  });
});

describe("whenIdle", () => {
  it("terminates once every GPU of every member has sat idle that long; a busy member resets the clock", async () => {
    const created = await cluster.create(
      (await checked(args({ whenIdle: { gpuUtilizationBelow: 5, for: "30m", then: "terminate" } }, "idle"))) as never,
    );
    let outputs: Properties = { ...created.outs };
    const members = emulator.snapshot().pods.filter((pod) => pod.cluster?.id === created.id);
    expect(members).toHaveLength(2);
    const client = sharedClient();
    /** One run of `expire` on this cluster: its verdict, and what it records. */
    const run = async () => {
      const resource = {
        urn: "urn:cluster",
        id: created.id,
        resource: "idle",
        outputs,
        record: recordOf(outputs),
        endings: clusterEndings,
      };
      const [verdict] = verdicts([resource], await client.pods.list({ includeClusterPods: true }), client.serverNow(), 0);
      outputs = (await enforce(client, [verdict!])).get("urn:cluster") ?? outputs;
      return verdict!;
    };
    for (const member of members) emulator.gpuUtilization.set(member.id, 2);
    expect((await run()).record.idleSince).toBeDefined();

    emulator.clock.advance(20 * MINUTE);
    emulator.gpuUtilization.set(members[1]!.id, 50);
    expect((await run()).record.idleSince).toBeUndefined();
    expect(outputs.lifetimeState).toBe("active");

    emulator.gpuUtilization.set(members[1]!.id, 2);
    expect((await run()).due).toBeUndefined();
    emulator.clock.advance(20 * MINUTE);
    expect((await run()).due).toBeUndefined();
    emulator.resetRequests();
    // The service's Date has whole seconds: a minute more than the 30 is past them whatever the rounding.
    emulator.clock.advance(11 * MINUTE);
    expect((await run()).due).toMatchObject({ action: "terminate", because: "whenIdle" });
    expect(writes(emulator)).toEqual([`DELETE /v2/clusters/${created.id}`]);
    expect(outputs.lifetimeState).toBe("terminated: lifetime");
    expect(emulator.snapshot().clusters).toEqual([]);
  });
});
