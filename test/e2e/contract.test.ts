// The contract every resource kind keeps, for every kind in the registry (provider/kinds.ts) and through both ways
// the package serves it, as it ships: the packed package installed once per run, its provider modules loaded by the
// `require()` path state records, and its plugin binary over gRPC. Each runs against the real emulator over HTTP; a
// recorder in front of it keeps the request bodies the emulator does not. Every output is held to the package schema.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { KIND_NAMES, type KindName } from "../../provider/kindRegistry";
import type { Properties } from "../../provider/plugin/properties";
import { ECHO_ENDPOINT, fixtures } from "../contract/kindFixtures";
import { schemaViolations } from "../contract/packageSchemaOutputs";
import { API_KEY, type ServingPath, shippedServingPaths } from "../contract/servingPaths";
import { startWireRecorder, type WireRecorder } from "../contract/wireRecorder";

let emulator: Emulator;
let wire: WireRecorder;
let echoEndpoint: string;

/** Writes on the wire since the last reset, with their bodies. */
const writes = () => wire.requests.filter((request) => request.method !== "GET");
/** The outputs, asserted to be what the package schema says the kind's outputs are. */
const schemaChecked = (kind: KindName, outputs: Properties) => {
  expect(schemaViolations(kind, outputs), `${kind}'s outputs against the package schema`).toEqual([]);
  return outputs;
};
const resolved = (args: Properties) => (args.endpointId === ECHO_ENDPOINT ? { ...args, endpointId: echoEndpoint } : args);

beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [API_KEY], timings: { provisioningMs: 50, startingMs: 50 } });
  wire = await startWireRecorder(emulator.url);
  const echo = await fetch(`${emulator.url}/v2/serverless`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "echo",
      type: "QUEUE",
      image: "org/echo:1",
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    }),
  });
  echoEndpoint = ((await echo.json()) as { id: string }).id;
});

afterAll(async () => {
  await wire?.close();
  await emulator?.close();
});

describe.each(Object.entries(shippedServingPaths(inject("programFolder"))))("through %s", (_path, start) => {
  let serving: ServingPath;
  beforeAll(async () => {
    serving = await start(wire.url);
  });
  afterAll(() => serving?.close());

  describe.each(KIND_NAMES)("%s", (kind) => {
    const fixture = fixtures[kind];
    let args: Properties;
    let id: string;
    let outs: Properties;
    let gone = false;

    const checked = async (olds: Properties, news: Properties) => {
      const result = await serving.check(kind, olds, news);
      expect(result.failures).toEqual([]);
      return result.inputs;
    };

    beforeAll(async () => {
      args = resolved(fixture.args);
      ({ id, outs } = await serving.create(kind, await checked({}, args)));
      schemaChecked(kind, outs);
    }, 60_000);

    afterAll(async () => {
      if (!gone) await serving.delete(kind, id, outs);
    });

    it("an invalid argument fails check, naming it, with zero API calls", async () => {
      wire.reset();
      emulator.resetRequests();
      const result = await serving.check(kind, args, { ...args, ...fixture.invalid.change });
      expect(result.failures).toEqual([fixture.invalid.failure]);
      expect(wire.requests).toEqual([]);
      expect(emulator.requests).toEqual([]);
    });

    it.runIf(fixture.replace.replaces.length > 0)("a change of a replacing field is a replace at preview, with no write", async () => {
      wire.reset();
      const news = await checked(args, { ...args, ...fixture.replace.change });
      expect(await serving.diff(kind, id, outs, news)).toEqual({ changes: true, replaces: fixture.replace.replaces });
      expect(writes()).toEqual([]);
    });

    it.runIf(fixture.inPlace !== undefined)("an in-place change is one write of exactly the changed fields", async () => {
      const news = await checked(args, { ...args, ...fixture.inPlace!.change });
      expect(await serving.diff(kind, id, outs, news)).toEqual({ changes: true, replaces: [] });
      wire.reset();
      outs = schemaChecked(kind, await serving.update(kind, id, outs, news));
      expect(writes()).toEqual([fixture.inPlace!.write(id)]);
      expect(outs).toMatchObject(fixture.inPlace!.change);
      args = { ...args, ...fixture.inPlace!.change };
    });

    it.runIf(fixture.adoptable)("adopting it makes no write and gives no diff", async () => {
      const inputs = await checked({}, { ...args, adopt: id });
      wire.reset();
      const adopted = await serving.create(kind, inputs);
      expect(adopted.id).toBe(id);
      expect(writes()).toEqual([]);
      schemaChecked(kind, adopted.outs);
      expect(await serving.diff(kind, id, adopted.outs, inputs)).toEqual({ changes: false, replaces: [] });
    });

    it.runIf(fixture.replace.replaces.length > 0)(
      "a replace creates the new one before it deletes the old one, as the engine does",
      async () => {
        const news = await checked(args, { ...args, ...fixture.replace.change });
        const replacement = await serving.create(kind, news);
        expect(replacement.id).not.toBe(id);
        expect(schemaChecked(kind, replacement.outs)).toMatchObject(fixture.replace.change);
        await serving.delete(kind, id, outs);
        if (fixture.collection !== undefined) expect(await serving.read(kind, id, outs)).toEqual({ id: "", props: {} });
        const read = await serving.read(kind, replacement.id, replacement.outs);
        expect(read.id).toBe(replacement.id);
        expect(schemaChecked(kind, read.props)).toMatchObject(fixture.replace.change);
        ({ id, outs } = replacement);
        args = { ...args, ...fixture.replace.change };
      },
    );

    it.runIf(fixture.collection !== undefined)("deleted elsewhere, a refresh drops it and a delete then succeeds", async () => {
      const deleted = await fetch(`${emulator.url}${fixture.collection}/${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      expect(deleted.status).toBe(204);
      wire.reset();
      emulator.resetRequests();
      expect(await serving.read(kind, id, outs)).toEqual({ id: "", props: {} });
      await serving.delete(kind, id, outs);
      gone = true;
      expect(writes()).toEqual([{ method: "DELETE", path: `${fixture.collection}/${id}` }]);
      expect(emulator.requests.filter((request) => request.method === "DELETE")).toEqual([
        { method: "DELETE", path: `${fixture.collection}/${id}`, status: 404 },
      ]);
    });
  });
});
