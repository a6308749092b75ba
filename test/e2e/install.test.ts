/**
 * The README's install section, run as written in a fresh folder: `npm install pulumi-computeplatform
 * @pulumi/pulumi`, the program it shows, and the CLI. This checkout is not on the registry, so its packed
 * tarball stands in for the package name; everything else comes from the registry as for a user. It also shows
 * that such an install pulls no server framework until the user asks for the emulator.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, stackCommandEnvironment } from "../support/subprocess";

const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
const pulumiSdkVersion = (JSON.parse(fs.readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8")) as { version: string })
  .version;

/** The code block that follows `<!-- install: NAME -->` in the README. */
function readmeBlock(name: string): string {
  const marker = `<!-- install: ${name} -->`;
  const start = readme.indexOf(marker);
  if (start === -1) throw new Error(`README.md has no ${marker}`);
  const block = /```\w*\n([\s\S]*?)```/.exec(readme.slice(start));
  if (block?.[1] === undefined) throw new Error(`README.md has no code block after ${marker}`);
  return block[1];
}

const SERVER_PACKAGES = ["fastify", "find-my-way", "light-my-request", "swagger-ui-dist"];

describe("the README's install steps in a fresh folder", () => {
  let folder: string;
  let api: TestEmulator;
  const run = (command: string, args: string[], env?: NodeJS.ProcessEnv) => exec(command, args, { cwd: folder, ...(env ? { env } : {}) });

  beforeAll(async () => {
    folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-install-e2e-")));
    const tarball = path.join(inject("programFolder"), `pulumi-computeplatform-${version}.tgz`);
    const command = readmeBlock("sh").trim();
    expect(command).toBe("npm install pulumi-computeplatform @pulumi/pulumi");
    expect((await run("npm", ["init", "-y"])).code).toBe(0);
    const installed = await run("npm", [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      tarball,
      `@pulumi/pulumi@${pulumiSdkVersion}`,
    ]);
    expect(installed.code, installed.stderr).toBe(0);
    api = await startTestEmulator();
  });

  afterAll(async () => {
    await api?.emulator.close();
    if (folder !== undefined) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("installs no server framework", async () => {
    const listed = await run("npm", ["ls", "--all", "--parseable"]);
    const installed = listed.stdout.split("\n").map((line) => path.basename(line));
    expect(SERVER_PACKAGES.filter((name) => installed.includes(name))).toEqual([]);
  });

  it("runs the CLI by both of its names, and says its version", async () => {
    expect(await run("npx", ["computeplatform", "--version"])).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect(await run("npx", ["pulumi-computeplatform", "--version"])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it("says what to install when the emulator is asked for without its server framework", async () => {
    const message =
      "The Compute Platform emulator needs fastify, left out of installs that only deploy. Install it beside " +
      "pulumi-computeplatform: `npm install fastify@^5.12.8` (add -g when pulumi-computeplatform is installed globally).";
    const loaded = await run(process.execPath, ["-e", "require('pulumi-computeplatform/emulator')"]);
    expect(loaded.code).toBe(1);
    expect(loaded.stderr).toContain(`Error: ${message}`);
    expect(await run("npx", ["computeplatform", "emulator", "--port", "0"])).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `computeplatform: ${message}\n`,
    });
  });

  it("deploys and destroys the README's program against the API it is pointed at", async () => {
    const program = ts.transpileModule(readmeBlock("index.ts"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    fs.writeFileSync(path.join(folder, "index.js"), program.outputText);
    // No Node.js language host exists here, so the program runs inline through the folder's own Automation API.
    fs.writeFileSync(
      path.join(folder, "deploy.js"),
      `const { LocalWorkspace } = require("@pulumi/pulumi/automation");
(async () => {
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "dev", projectName: "install-check", program: async () => ({ ...require("./index.js") }) },
    { workDir: __dirname, projectSettings: { name: "install-check", runtime: "nodejs" } },
  );
  await stack.setConfig("computeplatform:apiUrl", { value: process.env.API_URL });
  await stack.setConfig("computeplatform:apiKey", { value: process.env.API_KEY, secret: true });
  const { outputs } = await stack.up();
  process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, o.value]))) + "\\n");
  await stack.destroy();
})().catch((error) => { console.error(error); process.exit(1); });
`,
    );
    // Pointed at the API by stack config, as the README says, not by the variables the test environment sets.
    const { COMPUTEPLATFORM_API_URL: _url, COMPUTEPLATFORM_API_KEY: _key, ...environment } = await stackCommandEnvironment(folder, api);
    const env = { ...environment, API_URL: api.emulator.url, API_KEY: api.apiKey };
    const deployed = await run(process.execPath, ["deploy.js"], env);
    expect(deployed.code, deployed.stderr).toBe(0);
    const outputs = JSON.parse(deployed.stdout) as Record<string, unknown>;
    expect(outputs).toEqual({ volumeId: expect.any(String), volumeName: expect.stringMatching(/^data-[0-9a-f]{7}$/) });
    expect(api.emulator.snapshot().networkVolumes).toEqual([]);
    expect(api.emulator.requests.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
      "/v2/network-volumes",
    ]);
  });

  it("runs the emulator once the user installs its server framework", async () => {
    expect((await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "fastify@^5.12.8"])).code).toBe(0);
    // The installed bin itself, not npx: npx does not hand Ctrl+C on to the command it runs.
    const bin = path.join(folder, "node_modules", ".bin", "computeplatform");
    const emulator = spawn(bin, ["emulator", "--port", "0", "--api-key", "install-check-key"], { cwd: folder });
    let stdout = "";
    emulator.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    // "close", not "exit": the output may still be on its way when the process has exited.
    const [code] = await Promise.race([
      once(emulator, "close"),
      (async () => {
        while (!stdout.includes("Press Ctrl+C")) await sleep(100);
        emulator.kill("SIGINT");
        return once(emulator, "close");
      })(),
    ]);
    expect(stdout).toMatch(/^computeplatform emulator listening on http:\/\/127\.0\.0\.1:\d+\n {2}API key: install-check-key\n/);
    expect(stdout.endsWith("Press Ctrl+C to stop.\nStopped on SIGINT.\n")).toBe(true);
    expect(code).toBe(0);
  });
});
