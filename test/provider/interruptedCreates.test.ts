// Settling the creates a killed deployment left pending, against the real emulator over HTTP. The checkpoints are
// built here in the shape `pulumi stack export` prints (only the fields the settling reads).
import type { Deployment } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findInterruptedCreates, settledMessage, settledState, unsettledMessage } from "../../automation/interruptedCreates";
import type { Emulator } from "../../emulator";
import { ComputePlatformClient } from "../../provider/client";
import { API_KEY, gpuPod, startHarness } from "../emulator/harness";

const POD = "pulumi-nodejs:dynamic/computeplatform:Pod";
const urn = (name: string) => `urn:pulumi:dev::p::${POD}::${name}`;
const inputs = (name: string) => ({
  name,
  image: "alpine:3",
  gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
  cloud: "SECURE",
  readyTimeoutSeconds: 600,
});

function checkpoint(startedAt: string, pending: Array<{ name: string; type?: string }>, resources: Array<{ id: string }> = []): Deployment {
  return {
    version: 3,
    deployment: {
      manifest: { time: startedAt },
      resources: [{ urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack" }, ...resources],
      pending_operations: pending.map(({ name, type }) => ({
        type: "creating",
        resource: { urn: urn(name), type: type ?? POD, inputs: inputs(name) },
      })),
    },
  } as Deployment;
}

describe("interrupted creates", () => {
  let emulator: Emulator;
  let client: ComputePlatformClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const harness = await startHarness({ rateLimit: false });
    emulator = harness.emulator;
    client = new ComputePlatformClient({ baseUrl: emulator.url, apiKey: API_KEY });
    for (const [key, name] of [
      ["made", "made"],
      ["twinA", "twin"],
      ["twinB", "twin"],
      ["adopted", "adopted"],
    ] as const) {
      ids[key] = (await harness.call("POST", "/v2/pods", { body: gpuPod({ name, image: "alpine:3" }) })).body.id as string;
    }
  });

  afterAll(() => emulator.close());

  it("finds, for each pending create, the matching resources made since the deployment started and not in the state", async () => {
    const state = checkpoint(
      new Date(Date.now() - 5_000).toISOString(),
      [{ name: "made" }, { name: "twin" }, { name: "never" }, { name: "adopted" }],
      [{ id: ids.adopted! }],
    );
    expect(await findInterruptedCreates(state, client)).toEqual([
      { urn: urn("made"), kind: "Pod", inputs: inputs("made"), what: 'Pod "made"', candidates: [ids.made] },
      { urn: urn("twin"), kind: "Pod", inputs: inputs("twin"), what: 'Pod "twin"', candidates: [ids.twinA, ids.twinB] },
      { urn: urn("never"), kind: "Pod", inputs: inputs("never"), what: 'Pod "never"', candidates: [] },
      { urn: urn("adopted"), kind: "Pod", inputs: inputs("adopted"), what: 'Pod "adopted"', candidates: [] },
    ]);
  });

  it("takes nothing made before the deployment started (a look-alike of another stack) as the create's", async () => {
    const state = checkpoint(new Date(Date.now() + 3_600_000).toISOString(), [{ name: "made" }]);
    expect(await findInterruptedCreates(state, client)).toEqual([
      { urn: urn("made"), kind: "Pod", inputs: inputs("made"), what: 'Pod "made"', candidates: [] },
    ]);
  });

  it("names look-alikes by id with the adopt line that takes one over", () => {
    expect(
      unsettledMessage([{ urn: urn("twin"), kind: "Pod", inputs: inputs("twin"), what: 'Pod "twin"', candidates: ["a1", "b2"] }]),
    ).toBe(
      'Pod "twin" was being created when an earlier deployment was interrupted, and 2 existing resource(s) made since could be ' +
        "the one it made: a1, b2. Add `adopt: a1` to its arguments to take one over and delete the others, or delete them all; " +
        "the next deployment then goes ahead.",
    );
  });

  it("settles the state: a create with one candidate becomes that resource, one with none is dropped, others stay pending", () => {
    const state = checkpoint("2026-01-01T00:00:00Z", [
      { name: "made" },
      { name: "never" },
      { name: "bucket", type: "aws:s3/bucket:Bucket" },
    ]);
    const settled = settledState(state, [
      { urn: urn("made"), kind: "Pod", inputs: inputs("made"), what: 'Pod "made"', candidates: ["p1"] },
      { urn: urn("never"), kind: "Pod", inputs: inputs("never"), what: 'Pod "never"', candidates: [] },
    ]).deployment as { resources: Array<Record<string, unknown>>; pending_operations: Array<{ resource: { urn: string } }> };
    expect(settled.resources.at(-1)).toEqual({ urn: urn("made"), type: POD, id: "p1", inputs: inputs("made"), outputs: inputs("made") });
    expect(settled.resources).toHaveLength(2);
    expect(settled.pending_operations.map((op) => op.resource.urn)).toEqual([urn("bucket")]);
  });

  it("says what settling did, by kind and id", () => {
    const made = { urn: urn("made"), kind: "Pod", inputs: inputs("made"), what: 'Pod "made"', candidates: ["p1"] };
    const never = { urn: urn("never"), kind: "Pod", inputs: inputs("never"), what: 'Pod "never"', candidates: [] };
    expect(settledMessage([made])).toBe("settled 1 pod created by the interrupted run (p1).");
    expect(settledMessage([made, { ...made, candidates: ["p2"] }, never])).toBe(
      "settled 2 pods created by the interrupted run (p1, p2); 1 create(s) of the interrupted run never took effect and were dropped.",
    );
    expect(settledMessage([])).toBeUndefined();
  });
});
