import { describe, expect, it } from "vitest";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { changedFields, type DriftedField, type DriftedResource, driftCollector, formatDrift } from "../../cli/driftReport";

describe("changedFields", () => {
  const rows: Array<{ what: string; state: Record<string, unknown>; live: Record<string, unknown>; fields: DriftedField[] }> = [
    { what: "equal arguments", state: { size: 20, env: { A: "1" } }, live: { size: 20, env: { A: "1" } }, fields: [] },
    { what: "a changed number", state: { size: 20 }, live: { size: 40 }, fields: [{ field: "size", state: 20, live: 40 }] },
    {
      what: "records key by key, sorted",
      state: { env: { B: "1", A: "x" } },
      live: { env: { B: "2", A: "y" } },
      fields: [
        { field: "env.A", state: "x", live: "y" },
        { field: "env.B", state: "1", live: "2" },
      ],
    },
    { what: "a key only live", state: { env: {} }, live: { env: { NEW: "1" } }, fields: [{ field: "env.NEW", live: "1" }] },
    { what: "a key only in state", state: { disk: 20 }, live: {}, fields: [{ field: "disk", state: 20 }] },
    {
      what: "arrays as a whole",
      state: { ports: ["22/tcp"] },
      live: { ports: ["22/tcp", "80/http"] },
      fields: [{ field: "ports", state: ["22/tcp"], live: ["22/tcp", "80/http"] }],
    },
    { what: "the engine's serialized provider", state: { __provider: "a" }, live: { __provider: "b" }, fields: [] },
    {
      what: "a record replaced by a scalar",
      state: { gpu: { count: 1 } },
      live: { gpu: "none" },
      fields: [{ field: "gpu", state: { count: 1 }, live: "none" }],
    },
  ];
  for (const row of rows) {
    it(row.what, () => expect(changedFields(row.state, row.live)).toEqual(row.fields));
  }
});

describe("formatDrift", () => {
  const rows: Array<{ what: string; resource: DriftedResource; lines: string[] }> = [
    {
      what: "a deleted resource, with its id",
      resource: { type: "NetworkVolume", name: "data", id: "vol-1", drift: "deleted", fields: [] },
      lines: ["NetworkVolume data (vol-1): deleted outside the stack"],
    },
    {
      what: "one line per field, absent values as (none)",
      resource: {
        type: "Pod",
        name: "trainer",
        id: "pod-1",
        drift: "changed",
        fields: [
          { field: "disk", state: 20, live: 40 },
          { field: "env.NEW", live: "1" },
        ],
      },
      lines: ["Pod trainer disk: state 20, live 40", 'Pod trainer env.NEW: state (none), live "1"'],
    },
    {
      what: "a secret by its path, never its values",
      resource: { type: "Template", name: "base", id: "tpl-1", drift: "changed", fields: [{ field: "env.HF_TOKEN", secret: true }] },
      lines: ["Template base env.HF_TOKEN: changed (secret)"],
    },
  ];
  for (const row of rows) {
    it(row.what, () => expect(formatDrift(row.resource)).toEqual(row.lines));
  }
});

describe("driftCollector", () => {
  const masked = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "[secret]" };
  const type = "pulumi-nodejs:dynamic/computeplatform:Pod";
  const urn = (name: string) => `urn:pulumi:dev::project::${type}::${name}`;
  const refreshed = (name: string, op: string, inputs: Record<string, unknown>): EngineEvent[] => [
    { sequence: 0, timestamp: 0, resourcePreEvent: { metadata: { op: "refresh", urn: urn(name), type, provider: "" } } },
    {
      sequence: 0,
      timestamp: 0,
      resOutputsEvent: {
        metadata: {
          op,
          urn: urn(name),
          type,
          provider: "",
          old: { type, urn: urn(name), id: `${name}-1`, parent: "", provider: "", inputs: { disk: 20, env: masked }, outputs: {} },
          new: { type, urn: urn(name), id: `${name}-1`, parent: "", provider: "", inputs, outputs: {} },
        },
      },
    } as EngineEvent,
  ];
  const planned = (name: string, op: string): EngineEvent =>
    ({ sequence: 0, timestamp: 0, resourcePreEvent: { metadata: { op, urn: urn(name), type, provider: "" } } }) as EngineEvent;

  it("reads again only the resources found changed or that the plan changes, and names their secrets' changed paths", async () => {
    const collector = driftCollector();
    const events = [
      ...refreshed("drifted", "update", { disk: 40, env: masked }),
      ...refreshed("unchanged", "same", { disk: 20, env: masked }),
      ...refreshed("planned", "refresh", { disk: 20, env: masked }),
      planned("planned", "update"),
      planned("unchanged", "same"),
    ];
    for (const event of events) collector.onEvent(event);
    const asked: string[] = [];
    await collector.readSecrets(async ({ urn: read, type: kind, id, secrets }) => {
      asked.push(`${kind} ${id} ${secrets.join(",")}`);
      return read.endsWith("::drifted") ? ["env.MODE"] : [];
    });
    expect(asked.sort()).toEqual(["Pod drifted-1 env", "Pod planned-1 env"]);
    expect(collector.drift()).toEqual([
      {
        type: "Pod",
        name: "drifted",
        id: "drifted-1",
        drift: "changed",
        fields: [
          { field: "disk", state: 20, live: 40 },
          { field: "env.MODE", secret: true },
        ],
      },
    ]);
    expect(collector.checked()).toBe(3);
  });
});
