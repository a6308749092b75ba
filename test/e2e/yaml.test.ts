/**
 * examples/yaml-gpu-pod, a real Pulumi YAML program, through the real Pulumi CLI and the Pulumi YAML language host
 * built from Go modules, with the packed package's native plugin found through `plugins.providers` in Pulumi.yaml:
 * up (a volume, a pod mounting it on the GPU type an `fn::invoke` picked, and a volume in a second account through
 * an explicit provider), a no-op preview, an in-place edit, a replacing edit, `pulumi import` of a pod created
 * outside Pulumi, refresh after an out-of-band delete, and destroy. After every step the emulator holds exactly
 * what the stack's state says, and neither API key is in the state in plain text; the pod's plain env value is in no
 * file of the state backend, and `preview --diff` shows it as `[secret]`.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { type Deployment, type EngineEvent, LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { changeSummary, ensurePulumiCli, fileBackend } from "../../automation";
import { startEmulator } from "../../emulator";
import { estimate, standingPart, volumeEstimate } from "../provider/expectedCosts";
import { expectEmulatorMatchesState } from "../support/compare";
import { repoRoot } from "../support/paths";
import { dynamicType, filesHolding, type StateResource, stateContains } from "../support/state";
import { suiteWorkDir } from "../support/workDir";

const execFileAsync = promisify(execFile);
const NATIVE = "computeplatform:index:";

/**
 * The state with each native resource under the dynamic resource's type, which the emulator comparison reads:
 * the two forms of a kind hold the same outputs.
 */
function asDynamicTypes(state: Deployment): Deployment {
  const resources = ((state.deployment?.resources ?? []) as StateResource[]).map((resource) =>
    resource.type.startsWith(NATIVE) ? { ...resource, type: dynamicType(resource.type.slice(NATIVE.length)) } : resource,
  );
  return { ...state, deployment: { ...state.deployment, resources } };
}

function nativeResources(state: Deployment, kind: string): StateResource[] {
  return ((state.deployment?.resources ?? []) as StateResource[]).filter(
    (resource) => resource.type === `${NATIVE}${kind}` && !resource.delete,
  );
}

describe("examples/yaml-gpu-pod: Pulumi YAML through the native plugin", () => {
  const apiKey = `e2e-${randomBytes(18).toString("base64url")}`;
  const teamKey = `e2e-team-${randomBytes(18).toString("base64url")}`;
  /** The pod's env value in the example, a secret input and output. */
  const envValue = "nightly";
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let stack: Stack;
  let workDir: string;
  let env: Record<string, string>;
  let pulumiPath: string;

  /** The Pulumi CLI in the program folder, as a user runs it. */
  async function pulumi(...args: string[]): Promise<string> {
    const { stdout } = await execFileAsync(pulumiPath, [...args, "--stack", "e2e", "--non-interactive"], {
      cwd: workDir,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  }

  /** The stored state (not `--show-secrets`), after asserting that the emulator holds exactly what it says. */
  async function expectInSync(): Promise<Deployment> {
    const state = JSON.parse(await pulumi("stack", "export")) as Deployment;
    expectEmulatorMatchesState(emulator.snapshot(), asDynamicTypes(state));
    expect(stateContains(state, apiKey)).toBe(false);
    expect(stateContains(state, teamKey)).toBe(false);
    expect(filesHolding(path.join(workDir, ".pulumi-state"), envValue)).toEqual([]);
    return state;
  }

  function request(key: string, method: string, route: string, body?: unknown): Promise<Response> {
    return fetch(new URL(route, emulator.url), {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      apiKeys: [apiKey, { key: teamKey, account: "team" }],
      timings: { provisioningMs: 200, startingMs: 300 },
    });
    const { stdout: languageHost } = await execFileAsync("bash", [path.join(repoRoot, "scripts/pulumi-language-yaml.sh")]);
    pulumiPath = (await ensurePulumiCli()).path;

    // The example as a user has it after `npm install`: its node_modules holds the packed package and its bin.
    workDir = suiteWorkDir("yaml-gpu-pod");
    fs.copyFileSync(path.join(repoRoot, "examples/yaml-gpu-pod/Pulumi.yaml"), path.join(workDir, "Pulumi.yaml"));
    fs.symlinkSync(path.join(inject("programFolder"), "node_modules"), path.join(workDir, "node_modules"));

    env = {
      PATH: `${path.dirname(languageHost.trim())}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: path.join(workDir, ".pulumi-home"),
      PULUMI_BACKEND_URL: fileBackend(path.join(workDir, ".pulumi-state")),
      PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "e2e", workDir },
      { workDir, envVars: env, pulumiHome: env.PULUMI_HOME, pulumiCommand: (await ensurePulumiCli()).command },
    );
    await stack.setAllConfig({
      "computeplatform:apiUrl": { value: emulator.url },
      "computeplatform:apiKey": { value: apiKey, secret: true },
      "yaml-gpu-pod:teamApiUrl": { value: emulator.url },
      "yaml-gpu-pod:teamApiKey": { value: teamKey, secret: true },
    });
  });

  afterAll(async () => {
    try {
      if (stack && ((await stack.exportStack()).deployment?.resources?.length ?? 0) > 0) await stack.destroy();
      await stack?.workspace.removeStack("e2e", { force: true });
    } finally {
      await emulator?.close();
    }
  });

  it("preview shows the pod's and the volume's estimated cost before they exist, from the plugin's check, and --diff the env as [secret]", async () => {
    const events: EngineEvent[] = [];
    const result = await stack.preview({ onEvent: (event) => events.push(event), diff: true });
    expect(changeSummary(result)).toEqual({ create: 5 });
    expect(result.stdout).toContain("[secret]");
    expect(result.stdout).not.toContain(envValue);
    const outputs = (name: string) =>
      events.find((event) => event.resOutputsEvent?.metadata.urn.endsWith(`::${name}`))?.resOutputsEvent?.metadata.new?.outputs ?? {};
    const { gpus } = (await (await request(apiKey, "GET", "/v2/catalog/gpus")).json()) as {
      gpus: { id: string; price: { secure: number } }[];
    };
    const picked = gpus.find((gpu) => gpu.id === outputs("trainer").gpu?.id)!;
    expect(outputs("trainer")).toMatchObject(
      estimate(standingPart(`GPU (${picked.id}, secure cloud)`, "GPU-hours", 1, picked.price.secure, `catalog: ${picked.id} secure price`)),
    );
    expect(outputs("data")).toMatchObject(volumeEstimate(50));
    expect(emulator.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("up creates the volume, the pod that mounts it on the GPU type the invoke picked, and the second account's volume", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 5 });
    const state = await expectInSync();

    const [pod] = nativeResources(state, "Pod");
    const volumes = nativeResources(state, "NetworkVolume");
    const data = volumes.find((volume) => volume.outputs?.name === "data");
    const datasets = volumes.find((volume) => volume.outputs?.name === "datasets");
    expect(pod?.outputs?.status).toBe("RUNNING");
    expect(pod?.outputs?.mounts).toEqual({ network: [{ volumeId: data?.id, path: "/workspace" }] });
    expect(pod?.outputs?.gpu).toMatchObject({ id: result.outputs.gpuType?.value, count: 1 });
    expect(result.outputs.datasetsVolumeId?.value).toBe(datasets?.id);
    // The pod's env never reaches state in plain text, as an input or as an output, as with the dynamic resource.
    for (const env of [pod?.inputs?.env, pod?.outputs?.env])
      expect(env).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" });

    // The explicit provider's volume belongs to the second account: the first account's key cannot see it.
    expect((await request(teamKey, "GET", `/v2/network-volumes/${datasets?.id}`)).status).toBe(200);
    expect((await request(apiKey, "GET", `/v2/network-volumes/${datasets?.id}`)).status).toBe(403);
    expect((await request(apiKey, "GET", `/v2/network-volumes/${data?.id}`)).status).toBe(200);
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 5 });
    await expectInSync();
  });

  it("a mount path edit updates the pod in place", async () => {
    const before = nativeResources(await expectInSync(), "Pod")[0]?.id;
    await stack.setConfig("mountPath", { value: "/data" });
    expect(changeSummary(await stack.up())).toEqual({ same: 4, update: 1 });
    const [pod] = nativeResources(await expectInSync(), "Pod");
    expect(pod?.id).toBe(before);
    expect(pod?.outputs?.mounts).toMatchObject({ network: [{ path: "/data" }] });
  });

  it("a GPU memory edit that picks another GPU type replaces the pod", async () => {
    const before = nativeResources(await expectInSync(), "Pod")[0];
    await stack.setConfig("minGpuMemory", { value: "80" });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 4, replace: 1 });
    const [pod] = nativeResources(await expectInSync(), "Pod");
    expect(pod?.id).not.toBe(before?.id);
    expect(result.outputs.gpuType?.value).not.toBe((before?.outputs?.gpu as { id: string }).id);
    expect(pod?.outputs?.gpu).toMatchObject({ id: result.outputs.gpuType?.value });
  });

  it("pulumi import takes over a pod created outside Pulumi, and with the code it generates the next preview shows no changes", async () => {
    const created = await request(apiKey, "POST", "/v2/pods", {
      name: "notebook",
      image: "jupyter/base-notebook:2024-10",
      cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const generated = path.join(workDir, "imported.yaml");
    await pulumi("import", `${NATIVE}Pod`, "notebook", id, "--yes", "--protect=false", "--out", generated);
    const state = await expectInSync();
    expect(nativeResources(state, "Pod").map((pod) => pod.id)).toContain(id);

    const program = parse(fs.readFileSync(path.join(workDir, "Pulumi.yaml"), "utf8")) as { resources: Record<string, unknown> };
    const imported = parse(fs.readFileSync(generated, "utf8")) as { resources: Record<string, unknown> };
    expect(Object.keys(imported.resources)).toEqual(["notebook"]);
    fs.writeFileSync(
      path.join(workDir, "Pulumi.yaml"),
      stringify({ ...program, resources: { ...program.resources, ...imported.resources } }),
    );
    expect(changeSummary(await stack.preview())).toEqual({ same: 6 });
  });

  it("refresh after an out-of-band delete drops the pod from state", async () => {
    const notebook = nativeResources(await expectInSync(), "Pod").find((pod) => pod.outputs?.name === "notebook");
    expect((await request(apiKey, "DELETE", `/v2/pods/${notebook?.id}`)).status).toBe(204);
    expect(changeSummary(await stack.refresh())).toEqual({ same: 5, delete: 1 });
    const state = await expectInSync();
    expect(nativeResources(state, "Pod").map((pod) => pod.outputs?.name)).toEqual(["trainer"]);
  });

  it("destroy deletes everything, in both accounts", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 5 });
    const state = await expectInSync();
    expect(state.deployment?.resources ?? []).toEqual([]);
    expect(emulator.snapshot().networkVolumes).toEqual([]);
  });
});
