/**
 * `pulumi preview --diff` of a Pulumi YAML program, through the real Pulumi CLI, the Pulumi YAML language host and
 * the packed package's native plugin: the plugin answers the diff per property, so the engine shows which property
 * changes in place and which one forces the replace.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ensurePulumiCli, fileBackend } from "../../automation";
import { type Emulator, startEmulator } from "../../emulator";
import { repoRoot } from "../support/paths";
import { suiteWorkDir } from "../support/workDir";

const execFileAsync = promisify(execFile);

/** A volume whose name (in place) and type (replaces) come from the stack's config. */
const PROGRAM = `name: yaml-preview-diff
runtime: yaml
plugins:
  providers:
    - name: computeplatform
      path: ./node_modules/.bin
config:
  volumeName:
    type: string
    default: data
  volumeType:
    type: string
    default: STANDARD
resources:
  data:
    type: computeplatform:index:NetworkVolume
    properties:
      name: \${volumeName}
      size: 20
      dataCenter: US-TX-3
      type: \${volumeType}
`;

interface PreviewStep {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
  replaceReasons?: string[];
}

describe("pulumi preview --diff of a Pulumi YAML program: per-property diffs from the plugin", () => {
  const apiKey = `e2e-${randomBytes(18).toString("base64url")}`;
  let emulator: Emulator;
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

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKeys: [apiKey] });
    const { stdout: languageHost } = await execFileAsync("bash", [path.join(repoRoot, "scripts/pulumi-language-yaml.sh")]);
    pulumiPath = (await ensurePulumiCli()).path;
    workDir = suiteWorkDir("yaml-preview-diff");
    fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), PROGRAM);
    fs.symlinkSync(path.join(inject("programFolder"), "node_modules"), path.join(workDir, "node_modules"));
    env = {
      PATH: `${path.dirname(languageHost.trim())}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: path.join(workDir, ".pulumi-home"),
      PULUMI_BACKEND_URL: fileBackend(path.join(workDir, ".pulumi-state")),
      PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    await execFileAsync(pulumiPath, ["stack", "init", "e2e", "--non-interactive"], { cwd: workDir, env: { ...process.env, ...env } });
    await pulumi("config", "set", "computeplatform:apiUrl", emulator.url);
    await pulumi("config", "set", "--secret", "computeplatform:apiKey", apiKey);
    await pulumi("up", "--yes", "--skip-preview");
  });

  afterAll(async () => {
    try {
      if (pulumiPath !== undefined && workDir !== undefined) await pulumi("destroy", "--yes", "--skip-preview");
    } finally {
      await emulator?.close();
    }
  });

  it("names the renamed property as an update and the new type as the one that forces the replace", async () => {
    await pulumi("config", "set", "volumeName", "scratch");
    await pulumi("config", "set", "volumeType", "HIGH_PERFORMANCE");
    emulator.resetRequests();

    const { steps } = JSON.parse(await pulumi("preview", "--diff", "--json")) as { steps: PreviewStep[] };
    const volume = steps.find((step) => step.urn.endsWith("NetworkVolume::data"));
    expect(volume).toMatchObject({ op: "replace", replaceReasons: ["type"] });
    expect(volume?.detailedDiff).toEqual({
      name: { kind: "update", inputDiff: false },
      type: { kind: "update-replace", inputDiff: false },
    });

    const shown = await pulumi("preview", "--diff");
    expect(shown).toMatch(/~ name\s*: "data" => "scratch"/);
    expect(shown).toMatch(/~ type\s*: "STANDARD" => "HIGH_PERFORMANCE"/);
    expect(emulator.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });
});
