// A Pod's lifetime through both serving paths, against the emulator with its clock moved: the plugin over gRPC and
// the provider module as the dynamic provider calls it give the same diff of an unchanged program, before and after
// `expire` stopped the pod, and the same change of one past `stopAfter` or renewed; the plugin names what the
// lifetime changes: `desiredStatus` for a stop, `lifetime` (deleted with the pod) for a terminate.
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enforce } from "../../cli/expire/enforce";
import { verdicts } from "../../cli/expire/verdicts";
import type { Emulator } from "../../emulator";
import { plainProperties, type Properties, toStruct } from "../../provider/plugin/properties";
import { recordOf } from "../../provider/resources/lifetime/lifetimeOutputs";
import * as pod from "../../provider/resources/pod/pod.provider";
import { podEndings } from "../../provider/resources/pod/podEndings";
import { sharedClient } from "../../provider/sharedClient";
import { type PluginUnderTest, startPlugin } from "./pluginHarness";
import { emulatorForProvider, writes } from "./providerHarness";

const HOUR = 3_600_000;
const TOKEN = "computeplatform:index:Pod";
const URN = `urn:pulumi:test::lifetime::${TOKEN}::notebook`;
const inputs = (stopAfter: string): Properties => ({
  name: "notebook",
  image: "jupyter/base-notebook:latest",
  gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
  lifetime: { stopAfter },
});

describe("a Pod's lifetime through the plugin and the provider module", () => {
  let emulator: Emulator;
  let plugin: PluginUnderTest;
  let id: string;
  let outs: Properties;

  const check = async (news: Properties, olds: Properties = {}) => {
    const response = await plugin.call<proto.CheckResponse>(
      "check",
      new proto.CheckRequest().setUrn(URN).setType(TOKEN).setOlds(toStruct(olds)).setNews(toStruct(news)),
    );
    expect(response.getFailuresList().map((failure) => failure.toObject())).toEqual([]);
    return plainProperties(response.getInputs());
  };
  /** The diff of `news` from the recorded outputs through both paths, as `{ changes, replaces, properties }`. */
  const diffs = async (olds: Properties, news: Properties) => {
    const checked = await check(news, olds);
    const viaPlugin = await plugin.call<proto.DiffResponse>(
      "diff",
      new proto.DiffRequest().setUrn(URN).setType(TOKEN).setId(id).setOlds(toStruct(olds)).setNews(toStruct(checked)),
    );
    const viaModule = await pod.diff(id, olds as never, (await pod.check(olds as never, news as never)).inputs as never);
    return {
      plugin: {
        changes: viaPlugin.getChanges() === proto.DiffResponse.DiffChanges.DIFF_SOME,
        replaces: viaPlugin.getReplacesList(),
        properties: [...viaPlugin.getDetaileddiffMap().keys()].sort(),
      },
      module: { changes: viaModule.changes, replaces: viaModule.replaces ?? [] },
    };
  };

  beforeAll(async () => {
    emulator = await emulatorForProvider({ timings: { provisioningMs: 50, startingMs: 50 } });
    plugin = await startPlugin();
    await plugin.call(
      "configure",
      new proto.ConfigureRequest().setArgs(toStruct({ apiUrl: emulator.url, apiKey: "sk-provider-test-key-5f2c" })),
    );
    const created = await plugin.call<proto.CreateResponse>(
      "create",
      new proto.CreateRequest()
        .setUrn(URN)
        .setType(TOKEN)
        .setProperties(toStruct(await check(inputs("2h")))),
    );
    id = created.getId();
    outs = plainProperties(created.getProperties());
  }, 60_000);

  afterAll(async () => {
    if (id) await plugin.call("delete", new proto.DeleteRequest().setUrn(URN).setType(TOKEN).setId(id).setProperties(toStruct(outs)));
    plugin?.close();
    await emulator?.close();
  });

  it("the plugin's check plans expiresAt for a create, from the service's time: preview shows it", async () => {
    const planned = await check(inputs("2h"));
    const untilExpiry = Date.parse(String(planned.expiresAt)) - sharedClient().serverNow();
    expect(untilExpiry).toBeGreaterThan(2 * HOUR - 5_000);
    expect(untilExpiry).toBeLessThanOrEqual(2 * HOUR);
  });

  it("an unchanged program is no change while the lifetime runs", async () => {
    expect(outs).toMatchObject({ status: "RUNNING", lifetimeState: "active", lifetime: { stopAfter: "2h" } });
    expect(await diffs(outs, inputs("2h"))).toEqual({
      plugin: { changes: false, replaces: [], properties: [] },
      module: { changes: false, replaces: [] },
    });
  });

  it("past stopAfter, an unchanged program stops the pod; once expire stopped it, it is no change; a renewal starts it", async () => {
    emulator.clock.advance(2 * HOUR + 60_000);
    // The service's time, by which lifetimes count, is known from its answers.
    const client = sharedClient();
    const live = await client.pods.list();
    // The plugin's per-property diff compares the arguments as the lifetime plans them: it holds the pod at EXITED.
    expect(await diffs(outs, inputs("2h"))).toEqual({
      plugin: { changes: true, replaces: [], properties: ["desiredStatus"] },
      module: { changes: true, replaces: [] },
    });

    const statePod = { urn: URN, id, resource: "notebook", outputs: outs, record: recordOf(outs), endings: podEndings };
    const recorded = await enforce(client, verdicts([statePod], live, client.serverNow(), 0));
    const stopped = recorded.get(URN)!;
    expect(stopped).toMatchObject({ status: "EXITED", lifetimeState: "stopped: lifetime" });
    emulator.resetRequests();

    expect(await diffs(stopped, inputs("2h"))).toEqual({
      plugin: { changes: false, replaces: [], properties: [] },
      module: { changes: false, replaces: [] },
    });
    expect(await diffs(stopped, inputs("4h"))).toEqual({
      plugin: { changes: true, replaces: [], properties: ["desiredStatus", "lifetime"] },
      module: { changes: true, replaces: [] },
    });
    expect(writes(emulator)).toEqual([]);
  });

  it("past terminateAfter, the plugin names lifetime as deleted: the update terminates the pod with it", async () => {
    const terminating = { ...outs, lifetime: { terminateAfter: "1h" } };
    const news = await check({ ...inputs("2h"), lifetime: { terminateAfter: "1h" } }, terminating);
    const viaPlugin = await plugin.call<proto.DiffResponse>(
      "diff",
      new proto.DiffRequest().setUrn(URN).setType(TOKEN).setId(id).setOlds(toStruct(terminating)).setNews(toStruct(news)),
    );
    expect(viaPlugin.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(viaPlugin.getReplacesList()).toEqual([]);
    expect(Object.fromEntries([...viaPlugin.getDetaileddiffMap().entries()].map(([name, diff]) => [name, diff.getKind()]))).toEqual({
      lifetime: proto.PropertyDiff.Kind.DELETE,
    });
    expect(writes(emulator)).toEqual([]);
  });
});
