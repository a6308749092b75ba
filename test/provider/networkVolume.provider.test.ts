// The NetworkVolume provider, derived from its declaration, against the real emulator over HTTP, called as the engine calls it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as volume from "../../provider/resources/networkVolume/networkVolume.provider";
import type { CostEstimate } from "../../provider/cost/costEstimate";
import type { NetworkVolumeOutputs } from "../../provider/resources/networkVolume/declaration";
import type { NetworkVolumeInputs } from "../../provider/resources/networkVolume/inputs";
import { UNKNOWN } from "../../provider/values/unknown";
import { volumeEstimate } from "./expectedCosts";
import { emulatorForProvider, passedCheck, rejection, writes } from "./providerHarness";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorForProvider();
});
afterAll(async () => emulator.close());
beforeEach(() => {
  emulator.faults.clear();
  emulator.resetRequests();
});

const args = (overrides: Partial<NetworkVolumeInputs> = {}): NetworkVolumeInputs => ({
  name: "data",
  size: 20,
  dataCenter: "US-TX-3",
  ...overrides,
});
const checked = (inputs: NetworkVolumeInputs, olds: Partial<NetworkVolumeInputs> = {}) => passedCheck(volume.check, inputs, olds);

describe("check", () => {
  it("applies the declared default type", async () => {
    expect(await volume.check({}, args())).toEqual({ inputs: { ...args(), type: "STANDARD", ...volumeEstimate(20) } });
    expect(emulator.requests).toEqual([]);
  });

  it.each([
    ["a size below 10", { size: 9 }, "size", "Too small: expected number to be >=10"],
    ["a fractional size", { size: 10.5 }, "size", "Invalid input: expected int, received number"],
    ["an unknown type", { type: "FAST" as never }, "type", 'Invalid option: expected one of "STANDARD"|"HIGH_PERFORMANCE"'],
    ["an unknown property", { zone: "a" } as never, "zone", "unknown property"],
  ])("rejects %s naming the property, with zero API calls", async (_label, change, property, reason) => {
    expect(await volume.check({}, { ...args(), ...change })).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });

  it("refuses to shrink, and lets a size unknown at preview through", async () => {
    expect(await volume.check(args({ size: 50 }), args({ size: 40 }))).toEqual({
      failures: [{ property: "size", reason: "cannot shrink from 50 to 40 GB: a network volume only grows" }],
    });
    expect(await volume.check(args({ size: 50 }), args({ size: UNKNOWN as never }))).toEqual({
      inputs: { ...args({ size: UNKNOWN as never }), type: "STANDARD", estimatedHourlyCost: UNKNOWN, costBreakdown: UNKNOWN },
    });
  });
});

describe("with a volume", () => {
  let id: string;
  let outs: NetworkVolumeOutputs & CostEstimate;
  let createCalls: string[];
  beforeAll(async () => {
    emulator.resetRequests();
    const created = await volume.create(await checked(args()));
    id = created.id;
    outs = created.outs!;
    createCalls = emulator.requests.map((r) => `${r.method} ${r.path}`);
  });

  it("created it with one list (to recognise an interrupted create) and one POST", () => {
    expect(outs).toEqual({ name: "data", size: 20, dataCenter: "US-TX-3", type: "STANDARD", ...volumeEstimate(20) });
    expect(createCalls).toEqual(["GET /v2/network-volumes", "POST /v2/network-volumes"]);
  });

  it("diffs by each field's declared fate", async () => {
    expect(await volume.diff(id, outs, await checked(args()))).toEqual({ changes: false, replaces: [] });
    expect(await volume.diff(id, outs, await checked(args({ name: "renamed", size: 30 })))).toEqual({ changes: true, replaces: [] });
    expect(await volume.diff(id, outs, await checked(args({ dataCenter: "EU-RO-1", type: "HIGH_PERFORMANCE" })))).toEqual({
      changes: true,
      replaces: ["dataCenter", "type"],
    });
    expect(emulator.requests).toEqual([]);
  });

  it("refuses to adopt across a field that replaces, and to replace what it adopted", async () => {
    expect((await rejection(volume.create(await checked(args({ type: "HIGH_PERFORMANCE", adopt: id }))))).message).toBe(
      `adopt: network volume "${id}" differs from the arguments in type, which cannot change in place; ` +
        "declare the volume's current values or create a new volume instead",
    );
    expect((await rejection(volume.create(await checked(args({ adopt: "nosuchvol1" }))))).message).toBe(
      'adopt: there is no network volume with id "nosuchvol1"',
    );
    await expect(volume.diff(id, outs, await checked(args({ dataCenter: "EU-RO-1", adopt: id })))).rejects.toThrow(
      `network volume ${id} was adopted and dataCenter cannot change in place.`,
    );
    expect(writes(emulator)).toEqual([]);
  });

  it("reads it, handing inputs back at an import and for drift only", async () => {
    expect(await volume.read(id, outs)).toEqual({ id, props: outs });
    // An import has no estimate to keep: the next check makes one.
    const { estimatedHourlyCost: _hourly, costBreakdown: _breakdown, ...imported } = outs;
    expect(await volume.read(id)).toEqual({ id, props: imported, inputs: imported });
    expect(await volume.read(id, { ...outs, size: 10 })).toEqual({ id, props: outs, inputs: outs });
    await volume.delete(id);
  });
});
