/**
 * `computeplatform init` as a user meets it: the packed package's CLI scaffolds a project, which installs the
 * packed tarball with npm, type-checks its index.ts, validates its manifest of three workers, previews it against a
 * local emulator through the real Pulumi CLI (creating nothing), deploys it with `up` and deletes it with `destroy`.
 * The installed CLI's `dev` then serves the workers as they are, and its `init . --force` leaves a deleted agent
 * file deleted.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import Ajv from "ajv";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startDevServer } from "../support/devServer";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";

/**
 * `npx <command>` in the project, as a user runs it, with npm's own warnings about the machine's npm
 * configuration taken out of stderr: they are not the command's output.
 */
async function npx(project: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Finished> {
  const finished = await exec("npx", args, { cwd: project, ...(env === undefined ? {} : { env }) });
  const stderr = finished.stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn "))
    .join("\n");
  return { ...finished, stderr };
}

describe("a project made by computeplatform init", () => {
  let folder: string;
  let project: string;
  let api: TestEmulator;
  /** The stack commands' environment, targeting `api`. */
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const programFolder = inject("programFolder");
    // Outside the program folder, so that nothing resolves from its node_modules: the project has only its own.
    folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-init-e2e-")));
    project = path.join(folder, "gpu-lab");
    const packedCli = path.join(programFolder, "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    const scaffolded = await exec(process.execPath, [packedCli, "init", project], { cwd: folder });
    expect([scaffolded.code, scaffolded.stderr]).toEqual([0, ""]);

    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    const tarball = path.join(programFolder, `pulumi-computeplatform-${version}.tgz`);
    const installed = await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: project });
    expect(installed.code, installed.stderr).toBe(0);
    api = await startTestEmulator();
    env = await stackCommandEnvironment(folder, api);
  });

  afterAll(async () => {
    await api?.emulator.close();
    if (folder !== undefined) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("installs the schema that the manifest's first line names, and the manifest conforms to it", () => {
    const text = fs.readFileSync(path.join(project, "manifest.yaml"), "utf8");
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json");
    const schema = JSON.parse(
      fs.readFileSync(path.join(project, "node_modules", "pulumi-computeplatform", "schema", "manifest.json"), "utf8"),
    );
    const conforms = new Ajv({ strict: true, allowUnionTypes: true }).compile(schema);
    expect(conforms(parseYaml(text)) ? [] : conforms.errors).toEqual([]);
  });

  it("type-checks its index.ts against the installed package", async () => {
    expect(await npx(project, ["tsc", "--noEmit"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("has a valid manifest of three described workers", async () => {
    expect(await npx(project, ["computeplatform", "validate", "manifest.yaml"])).toEqual({
      code: 0,
      stdout: [
        "manifest.yaml is valid: 3 resources, in the order they are created:",
        "  ServerlessEndpoint  lb-worker   Answers HTTP requests straight from CPU workers.",
        "  ServerlessEndpoint  gpu-worker  Runs jobs that need a GPU, one at a time per worker.",
        "  ServerlessEndpoint  cpu-worker  Runs jobs that need no GPU, such as preparing inputs.",
        "outputs: lbWorkerUrl, gpuWorkerRunSyncUrl, cpuWorkerRunSyncUrl",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("previews a create of each worker against the emulator, and creates nothing, not even the stack", async () => {
    const result = await npx(project, ["computeplatform", "preview", "manifest.yaml", "--stack", "dev"], env);

    expect(result).toEqual({
      code: 0,
      stdout: [
        "Stack dev does not exist yet: previewing its creation (only `computeplatform up` creates it).",
        "Previewing stack dev with manifest.yaml:",
        "  +  create   ServerlessEndpoint cpu-worker",
        "  +  create   ServerlessEndpoint gpu-worker",
        "  +  create   ServerlessEndpoint lb-worker",
        "Plan: 3 to create; 0 unchanged",
        // No standing workers (workers.min 0): each costs only what its requests use, $0 without a usage file.
        "Cost (USD)                                           per hour            per month",
        "Resource                       Change  before   after    diff  before  after  diff",
        "ServerlessEndpoint cpu-worker  create       -  0.0000  0.0000       -   0.00  0.00",
        "ServerlessEndpoint gpu-worker  create       -  0.0000  0.0000       -   0.00  0.00",
        "ServerlessEndpoint lb-worker   create       -  0.0000  0.0000       -   0.00  0.00",
        "Stack total                            0.0000  0.0000  0.0000    0.00   0.00  0.00",
        "Use-based parts at $0, for want of a usage estimate (--usage-file): ServerlessEndpoint cpu-worker (Workers scaled up by requests), " +
          "ServerlessEndpoint gpu-worker (Workers scaled up by requests), ServerlessEndpoint lb-worker (Workers scaled up by requests).",
        "",
      ].join("\n"),
      stderr: "Removed stack dev again: only `computeplatform up` creates a stack.\n",
    });
    expect(api.emulator.requests.filter((request) => request.method !== "GET")).toEqual([]);
    expect(api.emulator.snapshot()).toEqual({
      pods: [],
      clusters: [],
      endpoints: [],
      networkVolumes: [],
      templates: [],
      registries: [],
      delegations: [],
      sshKeys: {},
    });
  });

  it("deploys the three workers with up, as the manifest declares them, and ends with their URLs", async () => {
    const result = await npx(project, ["computeplatform", "up", "manifest.yaml", "--stack", "dev"], env);

    expect(result.code, result.stdout + result.stderr).toBe(0);
    const endpoints = api.emulator.snapshot().endpoints.sort((a, b) => a.name.localeCompare(b.name));
    expect(endpoints.map(({ name, type, gpu, cpu }) => ({ name, type, gpu: gpu?.pools, cpu }))).toEqual([
      { name: "gpu-lab-cpu-worker", type: "QUEUE", gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2, memory: 4 }] },
      { name: "gpu-lab-gpu-worker", type: "QUEUE", gpu: ["ADA_24"], cpu: undefined },
      { name: "gpu-lab-lb-worker", type: "LOAD_BALANCER", gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2, memory: 4 }] },
    ]);
    const urls = Object.fromEntries(endpoints.map((endpoint) => [endpoint.name, endpoint.requestUrls as Record<string, string>]));
    expect(result.stdout.trimEnd().split("\n").slice(-5)).toEqual([
      "Done: 3 created",
      "Outputs:",
      `  cpuWorkerRunSyncUrl: ${urls["gpu-lab-cpu-worker"]?.runSync}`,
      `  gpuWorkerRunSyncUrl: ${urls["gpu-lab-gpu-worker"]?.runSync}`,
      `  lbWorkerUrl: ${urls["gpu-lab-lb-worker"]?.base}`,
    ]);
  });

  it("destroy deletes the three workers", async () => {
    const result = await npx(project, ["computeplatform", "destroy", "manifest.yaml", "--stack", "dev"], env);

    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("Done: 3 deleted");
    expect(api.emulator.snapshot().endpoints).toEqual([]);
  });

  it(
    "the installed CLI's dev serves the three workers as they are, deploying each as a live- endpoint on its first call",
    { timeout: 180_000 },
    async () => {
      const installedCli = path.join(project, "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
      const server = await startDevServer(["dev", "--host", "127.0.0.1", "--no-reload"], { cwd: project, env, cli: installedCli });
      try {
        expect(server.stdout.split("\n").slice(0, 5)).toEqual([
          "computeplatform dev: manifest.yaml, 3 serverless endpoints",
          "  ENDPOINT    TYPE           ROUTE                     DESCRIPTION",
          "  lb-worker   LOAD_BALANCER  POST /lb-worker/{route}   Answers HTTP requests straight from CPU workers.",
          "  gpu-worker  QUEUE          POST /gpu-worker/runsync  Runs jobs that need a GPU, one at a time per worker.",
          "  cpu-worker  QUEUE          POST /cpu-worker/runsync  Runs jobs that need no GPU, such as preparing inputs.",
        ]);
        const call = (route: string, body: unknown) =>
          fetch(`${server.url}${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

        const job = await call("/gpu-worker/runsync", { input: { prompt: "hello" } });
        const passedThrough = await call("/lb-worker/v1/embed?model=small", { text: "hello" });

        expect([job.status, (await job.json()) as { status: string; output: unknown }]).toMatchObject([
          200,
          { status: "COMPLETED", output: { prompt: "hello" } },
        ]);
        expect([passedThrough.status, await passedThrough.json()]).toEqual([
          200,
          { method: "POST", path: "/v1/embed", query: { model: "small" }, body: { text: "hello" } },
        ]);
        expect(
          api.emulator
            .snapshot()
            .endpoints.map(({ name, type }) => ({ name, type }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        ).toEqual([
          { name: "live-gpu-lab-gpu-worker", type: "QUEUE" },
          { name: "live-gpu-lab-lb-worker", type: "LOAD_BALANCER" },
        ]);
      } finally {
        await server.stop();
      }
      // With the user's config folder the gateway had (its default in the test), whose key marks the cache's entries.
      const cleaned = await exec(process.execPath, [installedCli, "dev", "--clean"], {
        cwd: project,
        env: { XDG_CONFIG_HOME: path.join(project, ".user-config"), ...env },
      });
      expect(cleaned.code, cleaned.stdout + cleaned.stderr).toBe(0);
      expect(api.emulator.snapshot().endpoints).toEqual([]);
    },
  );

  it("the installed CLI's init . --force overwrites the templates, and does not write a deleted agent file again", async () => {
    fs.rmSync(path.join(project, "AGENTS.md"));

    const result = await npx(project, ["computeplatform", "init", ".", "--force"]);

    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout.split("\n").slice(0, 12)).toEqual([
      `Project "gpu-lab" in ${project}:`,
      "  overwritten Pulumi.yaml",
      "  overwritten package.json",
      "  overwritten tsconfig.json",
      "  overwritten index.ts",
      "  overwritten manifest.yaml",
      "  overwritten .gitignore",
      "  overwritten .env.example",
      "  overwritten README.md",
      "  skipped     AGENTS.md",
      "  kept        CLAUDE.md -> AGENTS.md",
      "Skipped agent files were deleted after init wrote them, or point to one that was; init does not write them again.",
    ]);
    expect(fs.existsSync(path.join(project, "AGENTS.md"))).toBe(false);
  });
});
