import { describe, expect, it } from "vitest";
import type { AccountSnapshot } from "../../cli/import/accountSnapshot";
import { parse } from "../../cli/import";
import { parseKinds } from "../../cli/import/importKinds";
import { planImport } from "../../cli/import/importPlan";
import { literalValues } from "../../cli/import/literalValues";
import { withReferences } from "../../cli/import/references";
import { withSecretEnv } from "../../cli/import/secretSettings";
import type { Pod } from "../../provider/resources/pod/inputs";
import type { Template } from "../../provider/resources/template/inputs";

const declared = new Map([
  ["vol-1", "training-data"],
  ["tpl-1", "trainer"],
  ["reg-1", "ghcr-acme"],
]);

describe("withReferences", () => {
  it.each([
    [{ registry: "reg-1" }, { registry: "${ghcr-acme.id}" }],
    [{ registry: null }, { registry: null }],
    [{ templateId: "tpl-1" }, { templateId: "${trainer.id}" }],
    [{ templateId: "public-tpl" }, { templateId: "public-tpl" }],
    [{ networkVolumes: ["vol-1", "vol-elsewhere"] }, { networkVolumes: ["${training-data.id}", "vol-elsewhere"] }],
    [
      { mounts: { network: [{ volumeId: "vol-1", path: "/workspace" }] } },
      { mounts: { network: [{ volumeId: "${training-data.id}", path: "/workspace" }] } },
    ],
    [{ mounts: { persistent: { size: 20, path: "/data" } } }, { mounts: { persistent: { size: 20, path: "/data" } } }],
    [
      { name: "vol-1", image: "reg-1" },
      { name: "vol-1", image: "reg-1" },
    ],
  ])("%j → %j", (args, expected) => {
    expect(withReferences(args, declared)).toEqual(expected);
  });
});

describe("withSecretEnv", () => {
  const claimed: string[] = [];
  const claim = (name: string, reason: string) => {
    claimed.push(reason);
    return `key${name}`;
  };
  it.each([
    [{ LOG: "info" }, { LOG: "info" }, []],
    [{ HF_TOKEN: "anything" }, { HF_TOKEN: "${config.keyHF_TOKEN}" }, ["env HF_TOKEN looks like a secret"]],
    [{ DATABASE: "postgres://app:pw@db/app" }, { DATABASE: "${config.keyDATABASE}" }, ["env DATABASE is a URL with credentials"]],
    [
      { OPENAI: "sk-abcdefghijklmnopqrstuvwxyz", MODE: "train" },
      { OPENAI: "${config.keyOPENAI}", MODE: "train" },
      ["env OPENAI has a value that looks like an API key (sk-…)"],
    ],
    [{ PASSWORD: "" }, { PASSWORD: "" }, []],
    [{ PUBLIC_KEY: "ssh-ed25519 AAAA" }, { PUBLIC_KEY: "ssh-ed25519 AAAA" }, []],
  ])("%j → %j", (env, expected, reasons) => {
    claimed.length = 0;
    expect(withSecretEnv(env, claim)).toEqual(expected);
    expect(claimed).toEqual(reasons);
  });
});

describe("literalValues", () => {
  it.each([
    ["echo ${HOME}", "echo $${HOME}"],
    [
      { args: "a ${b} ${c}", n: 3, list: ["${x}"] },
      { args: "a $${b} $${c}", n: 3, list: ["$${x}"] },
    ],
    [null, null],
  ])("%j → %j", (value, expected) => {
    expect(literalValues(value)).toEqual(expected);
  });
});

describe("parseKinds", () => {
  it.each([
    [undefined, ["Registry", "RegistryDelegation", "AccountSshKeys", "NetworkVolume", "Template", "Pod", "Cluster", "ServerlessEndpoint"]],
    ["Pod, NetworkVolume", ["NetworkVolume", "Pod"]],
    ["Template,Template", ["Template"]],
  ])("%j → %j", (list, expected) => {
    expect(parseKinds(list)).toEqual(expected);
  });

  it.each([
    [
      "Pod,Volume",
      '--kinds: unknown kind "Volume"; the kinds are Registry, RegistryDelegation, AccountSshKeys, NetworkVolume, Template, Pod, Cluster, ServerlessEndpoint',
    ],
    [
      "Job,pod",
      '--kinds: unknown kinds "Job", "pod"; the kinds are Registry, RegistryDelegation, AccountSshKeys, NetworkVolume, Template, Pod, Cluster, ServerlessEndpoint',
    ],
    [
      ",",
      "--kinds: no kind; the kinds are Registry, RegistryDelegation, AccountSshKeys, NetworkVolume, Template, Pod, Cluster, ServerlessEndpoint",
    ],
  ])("%j is refused", (list, message) => {
    expect(() => parseKinds(list)).toThrow(message);
  });
});

describe("planImport", () => {
  const template: Template = {
    id: "tpl-1",
    name: "trainer",
    image: "org/trainer:1",
    args: "",
    disk: 20,
    env: { HF_TOKEN: "hf_abcdefghijklmnopqrstuvwxyz0123456789", MODE: "train" },
    ports: [],
    registry: null,
    mounts: {},
    public: false,
    serverless: false,
    category: "NVIDIA",
    startSsh: true,
    startJupyter: true,
    allowedCudaVersions: [],
  } as Template;
  const pod = (id: string, name: string, fields: Partial<Pod>): Pod =>
    ({
      id,
      name,
      status: "RUNNING",
      actions: [],
      image: "org/trainer:1",
      args: "",
      disk: 20,
      mounts: {},
      ports: [],
      env: { PUBLIC_KEY: "ssh-ed25519 AAAA", JUPYTER_PASSWORD: "injected" },
      registry: null,
      gpu: { id: "NVIDIA L40S", count: 1 },
      cloud: "SECURE",
      dataCenterId: "US-TX-3",
      cudaVersion: null,
      ssh: { proxy: null, direct: null },
      template: null,
      cost: 0.5,
      locked: false,
      runtime: null,
      createdAt: "2026-01-01T00:00:00Z",
      startedAt: null,
      globalNetworking: { enabled: false },
      ...fields,
    }) as Pod;
  const account: AccountSnapshot = {
    pods: [
      pod("pod-1", "trainer", {
        env: { ...pod("", "", {}).env, HF_TOKEN: "hf_abcdefghijklmnopqrstuvwxyz0123456789", MODE: "train" },
        template: "tpl-1",
      }),
      pod("pod-2", "Trainer", { status: "EXITED", image: "org/trainer:2", env: { RUN: "${run}" } }),
      pod("pod-3", "2 GPU job", { mounts: { network: [{ volumeId: "vol-1", path: "/workspace" }] } }),
    ],
    clusterMembers: [],
    clusters: [],
    networkVolumes: [{ id: "vol-1", name: "trainer", size: 20, dataCenter: "US-TX-3", type: "STANDARD" }],
    templates: [template],
    endpoints: [],
    registries: [{ id: "reg-1", name: "config" }],
    delegations: [],
    sshKeys: [],
  };
  const all = { kinds: parseKinds(undefined), exclude: [], stackIds: new Set<string>() };

  it("names each resource uniquely and validly, refers by reference, reads secrets from config and adopts by id", () => {
    expect(planImport(account, all)).toEqual({
      resources: [
        {
          kind: "Registry",
          id: "reg-1",
          name: "config",
          logicalName: "registry-config",
          properties: {
            name: "config",
            username: "${config.registryConfigUsername}",
            password: "${config.registryConfigPassword}",
            adopt: "reg-1",
          },
        },
        {
          kind: "NetworkVolume",
          id: "vol-1",
          name: "trainer",
          logicalName: "trainer",
          properties: { name: "trainer", size: 20, dataCenter: "US-TX-3", adopt: "vol-1" },
        },
        {
          kind: "Template",
          id: "tpl-1",
          name: "trainer",
          logicalName: "trainer-template",
          properties: {
            name: "trainer",
            image: "org/trainer:1",
            env: { HF_TOKEN: "${config.trainerTemplateHfToken}", MODE: "train" },
            adopt: "tpl-1",
          },
        },
        {
          kind: "Pod",
          id: "pod-1",
          name: "trainer",
          logicalName: "trainer-pod",
          properties: { name: "trainer", templateId: "${trainer-template.id}", gpu: { id: "NVIDIA L40S", count: 1 }, adopt: "pod-1" },
        },
        {
          kind: "Pod",
          id: "pod-2",
          name: "Trainer",
          logicalName: "trainer-pod-2",
          properties: {
            name: "Trainer",
            image: "org/trainer:2",
            disk: 20,
            env: { RUN: "$${run}" },
            gpu: { id: "NVIDIA L40S", count: 1 },
            desiredStatus: "EXITED",
            adopt: "pod-2",
          },
        },
        {
          kind: "Pod",
          id: "pod-3",
          name: "2 GPU job",
          logicalName: "pod-2-gpu-job",
          properties: {
            name: "2 GPU job",
            image: "org/trainer:1",
            disk: 20,
            gpu: { id: "NVIDIA L40S", count: 1 },
            mounts: { network: [{ volumeId: "${trainer.id}", path: "/workspace" }] },
            adopt: "pod-3",
          },
        },
      ],
      inStack: [],
      secrets: [
        { key: "registryConfigUsername", holds: 'the username of registry credential "config"', reason: "the API never returns it" },
        { key: "registryConfigPassword", holds: 'the password of registry credential "config"', reason: "the API never returns it" },
        { key: "trainerTemplateHfToken", holds: 'env HF_TOKEN of template "trainer"', reason: "env HF_TOKEN looks like a secret" },
      ],
    });
  });

  it("filters by kind, name prefix and id, and lists what the stack manages instead of declaring it", () => {
    const plan = planImport(account, {
      kinds: ["Pod", "NetworkVolume"],
      namePrefix: "t",
      exclude: ["pod-3"],
      stackIds: new Set(["vol-1"]),
    });
    expect(plan.resources.map(({ logicalName, id }) => [logicalName, id])).toEqual([["trainer", "pod-1"]]);
    expect(plan.resources[0]?.properties.templateId).toBe("tpl-1");
    expect(plan.inStack.map(({ id }) => id)).toEqual(["vol-1"]);
  });

  it("refuses an excluded id that is none of the kinds imported", () => {
    expect(() => planImport(account, { ...all, kinds: ["Template", "Pod"], exclude: ["vol-1"] })).toThrow(
      '--exclude: no Template or Pod of the account has the id "vol-1"',
    );
  });

  it("refuses an excluded id the account does not have", () => {
    expect(() => planImport(account, { ...all, exclude: ["pod-1", "gone", "also-gone"] })).toThrow(
      '--exclude: no resource of the account has the id "gone", "also-gone"',
    );
  });
});

describe("computeplatform import's usage", () => {
  it.each([
    [[], "expects --out FILE, the manifest to write (or --json for the plan)"],
    [["--out", "m.yaml", "extra"], "takes no arguments, got extra"],
    [["--out", "no-such-folder/m.yaml"], "no-such-folder/m.yaml: its folder does not exist"],
    [["--out", "package.json"], "package.json exists; --force replaces it"],
    [["--json", "--pulumi-import-file", "package.json"], "package.json exists; --force replaces it"],
    [
      ["--json", "--kinds", "Pods"],
      '--kinds: unknown kind "Pods"; the kinds are Registry, RegistryDelegation, AccountSshKeys, NetworkVolume, Template, Pod, Cluster, ServerlessEndpoint',
    ],
  ])("%j is refused: %s", (args, message) => {
    expect(() => parse(args)).toThrow(message);
  });

  it("reads the filters", () => {
    expect(
      parse(["-o", "m.yaml", "--kinds", "Pod", "--name-prefix", "team-", "--exclude", "a", "--exclude", "b", "--stack", "prod"]),
    ).toEqual({
      out: "m.yaml",
      force: false,
      kinds: ["Pod"],
      namePrefix: "team-",
      exclude: ["a", "b"],
      stack: "prod",
      backend: undefined,
      pulumiImportFile: undefined,
      json: false,
      envFile: undefined,
    });
  });
});
