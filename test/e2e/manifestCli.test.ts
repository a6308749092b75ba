/**
 * The sample manifest (manifest.yaml at the repository root) through the packed package's `computeplatform` CLI,
 * run as a subprocess as a pipeline would, against a local emulator and the real Pulumi CLI:
 * preview without its config secret → up → edit → preview (exact plan, exit code 2) → up → preview (exit code 0)
 * → destroy. After each deployment the emulator holds exactly what the stack's state says.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectEmulatorMatchesState } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exportedStackState, stateContains } from "../support/state";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const registryPassword = "ghp_manifest-e2e-token";

describe("computeplatform preview/up/destroy on the sample manifest", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let deployed = false;

  const computeplatform = (...args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env });
  };
  const pulumi = (...args: string[]) => exec("pulumi", [...args, "--stack", "dev", "--non-interactive"], { cwd: folder, env });
  const exportedState = async () => exportedStackState(env, path.basename(folder));
  const editManifest = (edit: (text: string) => string) => {
    const file = path.join(folder, "manifest.yaml");
    fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8")));
  };
  const lines = (text: string) => text.trimEnd().split("\n");

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("manifest-cli");
    fs.copyFileSync(path.join(repoRoot, "manifest.yaml"), path.join(folder, "manifest.yaml"));
    env = await stackCommandEnvironment(folder, api);
  });

  afterAll(async () => {
    if (deployed) await computeplatform("destroy", "manifest.yaml");
    await api?.emulator.close();
  });

  it("preview and up stop before the engine when the manifest's config secret is not set; only up keeps the new stack", async () => {
    const project = path.basename(folder);
    const unset = (where: string) =>
      `manifest.yaml:15:17: \${config.registryPassword} is not set in ${where}; set it with ` +
      `\`pulumi config set --stack dev ${project}:registryPassword <value>\`, or for a secret \`pulumi config set --stack dev --secret ${project}:registryPassword\`, which prompts for it\n`;
    const wrote = `Wrote Pulumi.yaml (project ${project}): the manifest's folder had no Pulumi project.\n`;
    expect(await computeplatform("preview", "manifest.yaml")).toEqual({
      code: 1,
      stdout: wrote + "Stack dev does not exist yet: previewing its creation (only `computeplatform up` creates it).\n",
      stderr:
        unset("stack dev, which does not exist yet (`computeplatform up` creates it and stops here too)") +
        "Removed stack dev again and Pulumi.yaml: only `computeplatform up` creates a stack.\n",
    });
    expect(fs.existsSync(path.join(folder, "Pulumi.yaml"))).toBe(false);
    expect(await computeplatform("up", "manifest.yaml")).toEqual({ code: 1, stdout: wrote, stderr: unset("stack dev") });
    expect(api.emulator.requests).toEqual([]);
  });

  it("up creates the four resources and ends with the stack outputs", async () => {
    expect((await pulumi("config", "set", "--secret", "registryPassword", registryPassword)).code).toBe(0);
    const result = await computeplatform("up", "manifest.yaml");
    deployed = true;
    expect(result.code, result.stdout + result.stderr).toBe(0);

    const { pods, networkVolumes } = api.emulator.snapshot();
    const [pod] = pods;
    expect(lines(result.stdout)[0]).toBe("Updating stack dev with manifest.yaml:");
    expect(lines(result.stdout).slice(-5)).toEqual([
      "Done: 4 created",
      "Outputs:",
      `  costPerHour: ${pod?.cost}`,
      `  ssh: ${pod?.ssh.proxy?.command}`,
      `  volumeId: ${networkVolumes[0]?.id}`,
    ]);
    expect(pod?.status).toBe("RUNNING");
    const state = await exportedState();
    expectEmulatorMatchesState(api.emulator.snapshot(), state);
    expect(stateContains(state, registryPassword)).toBe(false);
  });

  it("after an edit, preview prints exactly the updates and the replacement it implies and exits 2", async () => {
    editManifest((text) => text.replace("size: 50", "size: 60").replace("trainer:1.4", "trainer:1.5").replace("count: 1", "count: 2"));
    const writes = api.emulator.requests.length;

    expect(await computeplatform("preview", "manifest.yaml", "--detailed-exitcode")).toEqual({
      code: 2,
      stdout: [
        "Previewing stack dev with manifest.yaml:",
        "  ~  update   NetworkVolume data (size)",
        "  +- replace  Pod trainer (gpu)",
        "  ~  update   Template trainer-template (image)",
        "Plan: 2 to update, 1 to replace; 1 unchanged",
        // 1 → 2 A100 80GB PCIe at $1.64 each, and 50 → 60 GB of standard network volume at $0.07 per GB-month.
        "Cost (USD)                                  per hour                      per month",
        "Resource            Change   before   after     diff    before     after       diff",
        "NetworkVolume data  update   0.0048  0.0058  +0.0010      3.50      4.20      +0.70",
        "Pod trainer         replace  1.6400  3.2800  +1.6400  1,197.20  2,394.40  +1,197.20",
        "Stack total                  1.6448  3.2858  +1.6410  1,200.70  2,398.60  +1,197.90",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(api.emulator.requests.slice(writes).filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("up applies the edit, and then preview finds nothing to change and exits 0", async () => {
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(lines(result.stdout)).toContain("Done: 2 updated, 1 replaced, 1 unchanged");
    expectEmulatorMatchesState(api.emulator.snapshot(), await exportedState());

    expect(await computeplatform("preview", "manifest.yaml", "--detailed-exitcode")).toEqual({
      code: 0,
      stdout: "Previewing stack dev with manifest.yaml:\nPlan: no changes; 4 unchanged\n",
      stderr: "",
    });
    const json = await computeplatform("preview", "manifest.yaml", "--json");
    expect(json.code).toBe(0);
    const { projects, timeGenerated, ...report } = JSON.parse(json.stdout) as Record<string, unknown> & {
      projects: Array<Record<"pastBreakdown" | "breakdown" | "diff", { resources: Array<{ name: string; hourlyCost: string }> }>>;
    };
    // The stack as deployed: 2 × $1.64 an hour for the pod, 60 GB × $0.07 a month ÷ 730 (to the millionth) for the volume.
    const total = { hourly: "3.285753", monthly: "2398.59969" };
    expect(report).toEqual({
      operation: "preview",
      stack: "dev",
      manifest: "manifest.yaml",
      changes: [],
      summary: { same: 4 },
      outputs: {},
      version: "0.2",
      currency: "USD",
      totalHourlyCost: total.hourly,
      totalMonthlyCost: total.monthly,
      pastTotalHourlyCost: total.hourly,
      pastTotalMonthlyCost: total.monthly,
      diffTotalHourlyCost: "0",
      diffTotalMonthlyCost: "0",
    });
    expect(timeGenerated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const priced = (side: "pastBreakdown" | "breakdown" | "diff") =>
      projects[0]?.[side].resources.map((resource) => [resource.name, resource.hourlyCost]);
    expect(priced("breakdown")).toEqual([
      ["data", "0.005753"],
      ["trainer", "3.28"],
    ]);
    expect(priced("pastBreakdown")).toEqual(priced("breakdown"));
    expect(priced("diff")).toEqual([]);
  });

  it("destroy deletes every resource", async () => {
    const result = await computeplatform("destroy", "manifest.yaml");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    deployed = false;
    expect(lines(result.stdout).at(-1)).toBe("Done: 4 deleted");
    const { pods, networkVolumes, templates, registries } = api.emulator.snapshot();
    expect(pods.filter((pod) => pod.status !== "TERMINATED")).toEqual([]);
    expect({ networkVolumes, templates, registries }).toEqual({ networkVolumes: [], templates: [], registries: [] });
  });
});
