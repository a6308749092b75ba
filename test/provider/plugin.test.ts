// The native plugin's own part, over gRPC as the engine calls it, against the real emulator: its config per provider
// instance, the secrets it marks, the engine's deadlines, invokes, and unknown tokens.
import type { ServiceError } from "@grpc/grpc-js";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import * as status from "@pulumi/pulumi/proto/status_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import * as pkg from "../../provider";
import { dataFunctions } from "../../provider/plugin/functions";
import { plainProperties, type Properties, secret, toStruct } from "../../provider/plugin/properties";
import { providerOnClock } from "../support/providerClock";
import { type PluginUnderTest, startPlugin } from "./pluginHarness";
import { rejection } from "./providerHarness";

const API_KEY = "sk-plugin-test-key-8d1e";
const SECRET_SIGNATURE = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const POD = "computeplatform:index:Pod";
const podUrn = (name: string) => `urn:pulumi:test::plugin::${POD}::${name}`;

describe("the native plugin", () => {
  let emulator: Emulator;
  let plugin: PluginUnderTest;
  let restoreClock: () => void;

  /** The response's property bag as the engine decodes it: secrets still wrapped. */
  const wire = (struct: { toJavaScript(): unknown } | undefined) => (struct?.toJavaScript() ?? {}) as Properties;

  async function checked(type: string, news: Properties): Promise<Properties> {
    const response = await plugin.call<proto.CheckResponse>(
      "check",
      new proto.CheckRequest().setUrn(podUrn("p")).setType(type).setNews(toStruct(news)),
    );
    expect(response.getFailuresList()).toEqual([]);
    return wire(response.getInputs());
  }

  beforeAll(async () => {
    // Pods take 4 s to start, so that an engine deadline of 1 s runs out first; "doomed" ones then go to ERROR. The
    // plugin runs on the emulator's clock, which its pauses move: the waits take no real time.
    emulator = await startEmulator({
      apiKeys: [API_KEY],
      timings: { provisioningMs: 2000, startingMs: 2000 },
      faults: { failPodsNamed: "^doomed" },
    });
    restoreClock = providerOnClock(emulator.clock);
    plugin = await startPlugin();
    await plugin.call("configure", new proto.ConfigureRequest().setArgs(toStruct({ apiUrl: emulator.url, apiKey: secret(API_KEY) })));
  });

  afterAll(async () => {
    restoreClock?.();
    plugin?.close();
    await emulator?.close();
  });

  it("checkConfig keeps apiKey secret even when it was written in plain text", async () => {
    const response = await plugin.call<proto.CheckResponse>(
      "checkConfig",
      new proto.CheckRequest().setNews(toStruct({ apiUrl: "http://127.0.0.1:1", apiKey: "plain", version: "0.1.0" })),
    );
    expect(wire(response.getInputs())).toEqual({
      apiUrl: "http://127.0.0.1:1",
      apiKey: { ...SECRET_SIGNATURE, value: "plain" },
      version: "0.1.0",
    });
  });

  it.each([
    { name: "the same settings", olds: { apiUrl: "u", apiKey: "k" }, news: { apiUrl: "u", apiKey: secret("k") }, diffs: [] },
    { name: "another key", olds: { apiUrl: "u", apiKey: "k" }, news: { apiUrl: "u", apiKey: "k2" }, diffs: ["apiKey"] },
    { name: "another URL and a job URL", olds: { apiUrl: "u" }, news: { apiUrl: "v", jobUrl: "j" }, diffs: ["apiUrl", "jobUrl"] },
  ])("diffConfig with $name: changes $diffs in place, replacing nothing", async ({ olds, news, diffs }) => {
    const response = await plugin.call<proto.DiffResponse>(
      "diffConfig",
      new proto.DiffRequest().setOlds(toStruct(olds)).setNews(toStruct(news)),
    );
    const changes = diffs.length > 0 ? proto.DiffResponse.DiffChanges.DIFF_SOME : proto.DiffResponse.DiffChanges.DIFF_NONE;
    expect({ changes: response.getChanges(), diffs: response.getDiffsList(), replaces: response.getReplacesList() }).toEqual({
      changes,
      diffs,
      replaces: [],
    });
  });

  it("configure accepts no secrets, resources or previews: the engine sends plain values and the plugin marks secrets", async () => {
    const response = await plugin.call<proto.ConfigureResponse>(
      "configure",
      new proto.ConfigureRequest().setArgs(toStruct({ apiUrl: emulator.url, apiKey: API_KEY })),
    );
    expect(response.toObject()).toMatchObject({ acceptsecrets: false, acceptresources: false, supportspreview: false });
  });

  it("a registry's credentials are secret in its checked inputs, and in its outputs", async () => {
    const inputs = await checked("computeplatform:index:Registry", { name: "ghcr", username: "robot", password: "hunter2" });
    expect(inputs).toMatchObject({
      username: { ...SECRET_SIGNATURE, value: "robot" },
      password: { ...SECRET_SIGNATURE, value: "hunter2" },
    });
    const created = await plugin.call<proto.CreateResponse>(
      "create",
      new proto.CreateRequest()
        .setUrn(podUrn("ghcr"))
        .setType("computeplatform:index:Registry")
        .setProperties(toStruct(plainProperties(toStruct(inputs)))),
    );
    expect(wire(created.getProperties())).toEqual({
      name: "ghcr",
      username: { ...SECRET_SIGNATURE, value: "robot" },
      password: { ...SECRET_SIGNATURE, value: "hunter2" },
    });
    await plugin.call(
      "delete",
      new proto.DeleteRequest().setUrn(podUrn("ghcr")).setType("computeplatform:index:Registry").setId(created.getId()),
    );
  });

  it("the engine's create deadline (customTimeouts) bounds the pod's wait, and the failed pod is deleted", async () => {
    emulator.resetRequests();
    const inputs = await checked(POD, { name: "slow", image: "org/slow:1", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } });
    expect(inputs.readyTimeoutSeconds).toBe(600);
    const error = await rejection(
      plugin.call("create", new proto.CreateRequest().setUrn(podUrn("slow")).setType(POD).setProperties(toStruct(inputs)).setTimeout(1)),
    );
    const deletes = emulator.requests.filter((request) => request.method === "DELETE").map((request) => request.path);
    expect(deletes).toEqual([expect.stringMatching(/^\/v2\/pods\/\w+$/)]);
    const id = deletes[0]?.split("/").pop();
    expect(error.message).toBe(
      `2 UNKNOWN: pod "slow" did not become RUNNING: pod ${id} did not become RUNNING within 1s (last seen: PROVISIONING). It was deleted; nothing was left behind.`,
    );
    expect(emulator.snapshot().pods.filter((pod) => pod.status !== "TERMINATED")).toEqual([]);
  });

  it("without a deadline from the engine, the pod waits as long as readyTimeoutSeconds; state records the declared bound and env as a secret", async () => {
    const inputs = await checked(POD, {
      name: "steady",
      image: "org/steady:1",
      cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 },
      env: { TOKEN: "t" },
    });
    const created = await plugin.call<proto.CreateResponse>(
      "create",
      new proto.CreateRequest().setUrn(podUrn("steady")).setType(POD).setProperties(toStruct(inputs)),
    );
    const outputs = wire(created.getProperties());
    expect(outputs).toMatchObject({ status: "RUNNING", readyTimeoutSeconds: 600, env: { ...SECRET_SIGNATURE, value: { TOKEN: "t" } } });
    await plugin.call("delete", new proto.DeleteRequest().setUrn(podUrn("steady")).setType(POD).setId(created.getId()));
  });

  it("a pod that exists but did not initialise reaches state with env as a secret, as a created pod does", async () => {
    const inputs = await checked(POD, {
      name: "doomed",
      image: "org/doomed:1",
      cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 },
      env: { TOKEN: "t" },
    });
    // The pod goes to ERROR, and deleting it is refused, so the plugin reports it as existing but not initialised.
    emulator.faults.injectStatus(409, { method: "DELETE", path: /^\/v2\/pods\// });
    const error = (await rejection(
      plugin.call("create", new proto.CreateRequest().setUrn(podUrn("doomed")).setType(POD).setProperties(toStruct(inputs))),
    )) as ServiceError;

    const [details] = error.metadata.get("grpc-status-details-bin") as Buffer[];
    const [any] = status.Status.deserializeBinary(new Uint8Array(details!)).getDetailsList();
    expect(any?.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
    const failure = proto.ErrorResourceInitFailed.deserializeBinary(any!.getValue_asU8());
    const [pod] = emulator.snapshot().pods.filter((live) => live.name === "doomed");
    expect(failure.getId()).toBe(pod?.id);
    expect(wire(failure.getProperties())).toMatchObject({ status: "ERROR", env: { ...SECRET_SIGNATURE, value: { TOKEN: "t" } } });
    await plugin.call("delete", new proto.DeleteRequest().setUrn(podUrn("doomed")).setType(POD).setId(failure.getId()));
  });

  it("check returns env as a secret input on every kind that has one, so that state never holds it in plain text", async () => {
    const kinds: Record<string, Properties> = {
      Pod: { name: "trainer", image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 1 } },
      Template: { name: "base", image: "org/base:1" },
      Cluster: { name: "hpc", type: "SLURM", compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 }, image: "i" },
      ServerlessEndpoint: {
        name: "api",
        type: "QUEUE",
        image: "org/api:1",
        cpu: [{ id: "cpu3c", vcpuCount: 2 }],
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      },
    };
    for (const [kind, args] of Object.entries(kinds)) {
      const inputs = await checked(`computeplatform:index:${kind}`, { ...args, env: { TOKEN: "t" } });
      expect(inputs.env, kind).toEqual({ ...SECRET_SIGNATURE, value: { TOKEN: "t" } });
    }
  });

  it("a template's env is a secret input and output", async () => {
    const TEMPLATE = "computeplatform:index:Template";
    const inputs = await checked(TEMPLATE, { name: "trainer", image: "org/trainer:1", env: { HF_TOKEN: "hf_t" } });
    expect(inputs.env).toEqual({ ...SECRET_SIGNATURE, value: { HF_TOKEN: "hf_t" } });
    const created = await plugin.call<proto.CreateResponse>(
      "create",
      new proto.CreateRequest().setUrn(podUrn("trainer")).setType(TEMPLATE).setProperties(toStruct(inputs)),
    );
    expect(wire(created.getProperties())).toMatchObject({ name: "trainer", env: { ...SECRET_SIGNATURE, value: { HF_TOKEN: "hf_t" } } });
    await plugin.call("delete", new proto.DeleteRequest().setUrn(podUrn("trainer")).setType(TEMPLATE).setId(created.getId()));
  });

  it("an invoke runs the data function of its token", async () => {
    const response = await plugin.call<proto.InvokeResponse>(
      "invoke",
      new proto.InvokeRequest().setTok("computeplatform:index:getCpuType").setArgs(toStruct({ id: "cpu3c" })),
    );
    expect(wire(response.getReturn())).toMatchObject({ id: "cpu3c" });
  });

  it("serves every data function the package exports as an invoke", () => {
    const exported = Object.keys(pkg).filter((name) => /^get[A-Z]/.test(name) && !name.endsWith("Output"));
    expect([...dataFunctions.keys()].sort()).toEqual(exported.sort());
    expect(exported).toEqual(
      expect.arrayContaining([
        "getNetworkVolume",
        "getNetworkVolumes",
        "getRegistry",
        "getRegistries",
        "getRegistryDelegation",
        "getRegistryDelegations",
      ]),
    );
  });

  it("an invoke of a network volume, registry or delegation lookup answers from the API", async () => {
    const invoke = async (token: string) =>
      wire(
        (
          await plugin.call<proto.InvokeResponse>(
            "invoke",
            new proto.InvokeRequest().setTok(`computeplatform:index:${token}`).setArgs(toStruct({})),
          )
        ).getReturn(),
      );
    expect(await invoke("getNetworkVolumes")).toEqual({ networkVolumes: [] });
    expect(await invoke("getRegistries")).toEqual({ registries: [] });
    expect(await invoke("getRegistryDelegations")).toEqual({ delegations: [] });
  });

  it.each([
    {
      method: "invoke",
      request: () => new proto.InvokeRequest().setTok("computeplatform:index:getNothing"),
      message: '2 UNKNOWN: computeplatform: unknown function "computeplatform:index:getNothing"',
    },
    {
      method: "invoke",
      request: () => new proto.InvokeRequest().setTok("computeplatform:index:getPodOutput"),
      message: '2 UNKNOWN: computeplatform: unknown function "computeplatform:index:getPodOutput"',
    },
    {
      method: "check",
      request: () => new proto.CheckRequest().setType("computeplatform:index:Gadget"),
      message: '2 UNKNOWN: computeplatform: unknown resource type "computeplatform:index:Gadget"',
    },
    {
      method: "check",
      request: () => new proto.CheckRequest().setUrn("urn:pulumi:s::p::other:index:Pod::x"),
      message: '2 UNKNOWN: computeplatform: unknown resource type "other:index:Pod"',
    },
  ])("$method answers an unknown token with an error naming it", async ({ method, request, message }) => {
    expect((await rejection(plugin.call(method, request()))).message).toBe(message);
  });
});
