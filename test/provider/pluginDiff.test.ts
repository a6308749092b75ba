// The native plugin and the dynamic resources on one table of changes, for every resource kind: each kind is created
// through the plugin's gRPC service against the real emulator, then every change goes through `check` and `diff`
// twice: over gRPC as the engine calls the plugin, and on the provider module directly as the dynamic provider
// calls it. Both must give the row's diff.
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { plainProperties, type Properties, toStruct } from "../../provider/plugin/properties";
import { KIND_NAMES, kinds } from "../../provider/kindRegistry";
import { type ResourceKindName, resources } from "../../provider/plugin/resources";
import { type Fixture, fixtures } from "../contract/kindFixtures";
import { type PluginUnderTest, startPlugin } from "./pluginHarness";
import { apiRequest, emulatorForProvider } from "./providerHarness";

const SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP a@computeplatform.test";
const OTHER_SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDZHiKwypbiqN9B2YcG24m0FMbMVQWYN5vaI0QjO0sJI b@computeplatform.test";
const ECHO_ENDPOINT = "(the echo endpoint)";

interface Change {
  change: string;
  news: Properties;
  diff: { changes: boolean; replaces: string[] };
}

/**
 * Each kind's arguments at create, and changes to them with the diff they must give; a kind not listed here is tried
 * with its contract fixture: no change, its in-place change and its replacing change.
 */
const listed: Partial<Record<ResourceKindName, { inputs: Properties; changes: Change[] }>> = {
  NetworkVolume: {
    inputs: { name: "data", size: 20, dataCenter: "US-TX-3" },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "a larger size", news: { size: 30 }, diff: { changes: true, replaces: [] } },
      { change: "another data center", news: { dataCenter: "EU-RO-1" }, diff: { changes: true, replaces: ["dataCenter"] } },
    ],
  },
  Pod: {
    inputs: { name: "trainer", image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 1 }, env: { TOKEN: "t" } },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another image", news: { image: "org/trainer:2" }, diff: { changes: true, replaces: [] } },
      { change: "another env value", news: { env: { TOKEN: "u" } }, diff: { changes: true, replaces: [] } },
      { change: "another cloud", news: { cloud: "COMMUNITY" }, diff: { changes: true, replaces: ["cloud"] } },
      {
        change: "cpu instead of gpu",
        news: { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } },
        diff: { changes: true, replaces: ["cpu"] },
      },
    ],
  },
  Template: {
    inputs: { name: "base", image: "org/base:1" },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another image", news: { image: "org/base:2" }, diff: { changes: true, replaces: [] } },
    ],
  },
  Registry: {
    inputs: { name: "private", username: "robot", password: "hunter2" },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another password", news: { password: "hunter3" }, diff: { changes: true, replaces: ["password"] } },
    ],
  },
  RegistryDelegation: {
    inputs: { resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer" },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      {
        change: "another repository",
        news: { resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/server" },
        diff: { changes: true, replaces: ["resource"] },
      },
    ],
  },
  AccountSshKeys: {
    inputs: { keys: [SSH_KEY], adopt: "account-ssh-keys" },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another key", news: { keys: [SSH_KEY, OTHER_SSH_KEY] }, diff: { changes: true, replaces: [] } },
    ],
  },
  Cluster: {
    inputs: {
      name: "hpc",
      type: "SLURM",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
      image: "org/slurm:24",
    },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another name", news: { name: "hpc-2" }, diff: { changes: true, replaces: [] } },
      { change: "another image", news: { image: "org/slurm:25" }, diff: { changes: true, replaces: ["image"] } },
    ],
  },
  ServerlessEndpoint: {
    inputs: {
      name: "api",
      type: "QUEUE",
      image: "org/api:1",
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another image", news: { image: "org/api:2" }, diff: { changes: true, replaces: [] } },
      {
        change: "another type",
        news: { type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 10 } },
        diff: { changes: true, replaces: ["type"] },
      },
    ],
  },
  Job: {
    inputs: { endpointId: ECHO_ENDPOINT, input: { n: 1 } },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another input", news: { input: { n: 2 } }, diff: { changes: true, replaces: ["input"] } },
      { change: "another timeout", news: { timeoutSeconds: 60 }, diff: { changes: true, replaces: [] } },
    ],
  },
  TextToVideoJob: {
    inputs: { input: { prompt: "a fox", duration: 5 } },
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      { change: "another prompt", news: { input: { prompt: "a hare", duration: 5 } }, diff: { changes: true, replaces: ["input"] } },
    ],
  },
};

const table = Object.fromEntries(KIND_NAMES.map((kind) => [kind, listed[kind] ?? fromFixture(fixtures[kind])])) as Record<
  ResourceKindName,
  { inputs: Properties; changes: Change[] }
>;

function fromFixture({ args, inPlace, replace }: Fixture): { inputs: Properties; changes: Change[] } {
  return {
    inputs: args,
    changes: [
      { change: "nothing", news: {}, diff: { changes: false, replaces: [] } },
      ...(inPlace === undefined ? [] : [{ change: "its in-place change", news: inPlace.change, diff: { changes: true, replaces: [] } }]),
      ...(replace.replaces.length === 0
        ? []
        : [{ change: "its replacing change", news: replace.change, diff: { changes: true, replaces: replace.replaces } }]),
    ],
  };
}

describe("the native plugin and the dynamic resources give the same diff", () => {
  let emulator: Emulator;
  let plugin: PluginUnderTest;
  let echoEndpoint: string;
  const created: Array<{ kind: ResourceKindName; id: string; outs: Properties }> = [];

  const token = (kind: ResourceKindName) => `computeplatform:index:${kind}`;
  const urn = (kind: ResourceKindName) => `urn:pulumi:test::diff::${token(kind)}::${kind.toLowerCase()}`;
  const resolved = (inputs: Properties) => (inputs.endpointId === ECHO_ENDPOINT ? { ...inputs, endpointId: echoEndpoint } : inputs);

  async function pluginCheck(kind: ResourceKindName, olds: Properties, news: Properties): Promise<Properties> {
    const request = new proto.CheckRequest().setUrn(urn(kind)).setType(token(kind)).setOlds(toStruct(olds)).setNews(toStruct(news));
    const response = await plugin.call<proto.CheckResponse>("check", request);
    expect(response.getFailuresList().map((failure) => failure.toObject())).toEqual([]);
    return plainProperties(response.getInputs());
  }

  beforeAll(async () => {
    emulator = await emulatorForProvider({ timings: { provisioningMs: 50, startingMs: 50 } });
    plugin = await startPlugin();
    const apiKey = "sk-provider-test-key-5f2c";
    await plugin.call("configure", new proto.ConfigureRequest().setArgs(toStruct({ apiUrl: emulator.url, apiKey })));
    echoEndpoint = (
      await apiRequest(emulator, "POST", "/v2/serverless", {
        name: "echo",
        type: "QUEUE",
        image: "org/echo:1",
        cpu: [{ id: "cpu3c", vcpuCount: 2 }],
        scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
      })
    ).body.id;
    for (const kind of Object.keys(table) as ResourceKindName[]) {
      const checked = await pluginCheck(kind, {}, resolved(table[kind].inputs));
      const response = await plugin.call<proto.CreateResponse>(
        "create",
        new proto.CreateRequest().setUrn(urn(kind)).setType(token(kind)).setProperties(toStruct(checked)),
      );
      created.push({ kind, id: response.getId(), outs: plainProperties(response.getProperties()) });
    }
  }, 120_000);

  afterAll(async () => {
    for (const { kind, id, outs } of created.reverse()) {
      await plugin.call("delete", new proto.DeleteRequest().setUrn(urn(kind)).setType(token(kind)).setId(id).setProperties(toStruct(outs)));
    }
    plugin?.close();
    await emulator?.close();
  });

  const rows = Object.entries(table).flatMap(([kind, { changes }]) => changes.map((row) => ({ kind: kind as ResourceKindName, ...row })));

  // `pulumi import` reads with no properties: the inputs read back pass check and diff as no change from what was read.
  // Every kind its declaration says is importable; not a Registry (the API never returns the password) and jobs (read by endpoint too).
  it.each(KIND_NAMES.filter((kind) => kinds[kind].importable))("%s: an import reads inputs that diff as no change", async (kind) => {
    const { id } = created.find((resource) => resource.kind === kind)!;
    const read = await plugin.call<proto.ReadResponse>("read", new proto.ReadRequest().setUrn(urn(kind)).setType(token(kind)).setId(id));
    expect(read.getId()).toBe(id);
    expect(read.hasInputs()).toBe(true);
    const checked = await pluginCheck(kind, {}, plainProperties(read.getInputs()));
    const diff = await plugin.call<proto.DiffResponse>(
      "diff",
      new proto.DiffRequest().setUrn(urn(kind)).setType(token(kind)).setId(id).setOlds(read.getProperties()).setNews(toStruct(checked)),
    );
    expect({ changes: diff.getChanges(), replaces: diff.getReplacesList() }).toEqual({
      changes: proto.DiffResponse.DiffChanges.DIFF_NONE,
      replaces: [],
    });
  });

  it.each(rows)("$kind: $change", async ({ kind, news, diff }) => {
    const { id, outs } = created.find((resource) => resource.kind === kind)!;
    const olds = resolved(table[kind].inputs);
    const inputs = Object.fromEntries(Object.entries(resolved({ ...olds, ...news })).filter(([, value]) => value !== undefined));

    const viaPlugin = await plugin.call<proto.DiffResponse>(
      "diff",
      new proto.DiffRequest()
        .setUrn(urn(kind))
        .setType(token(kind))
        .setId(id)
        .setOlds(toStruct(outs))
        .setNews(toStruct(await pluginCheck(kind, olds, inputs))),
    );
    const { provider } = resources[kind];
    const checked = await provider.check(olds, inputs);
    const viaModule = await provider.diff(id, outs, checked.inputs);

    const someChanges = viaPlugin.getChanges() === proto.DiffResponse.DiffChanges.DIFF_SOME;
    expect({ changes: someChanges, replaces: viaPlugin.getReplacesList() }).toEqual(diff);
    expect({ changes: viaModule.changes, replaces: viaModule.replaces ?? [] }).toEqual(diff);
  });
});
