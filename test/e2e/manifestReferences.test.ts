/**
 * A reference below an output that the schema allows but that finds nothing once deployed (`members[5]` of a
 * 2-member cluster), through the packed package's `computeplatform up` against a local emulator and the real Pulumi
 * CLI: the deployment fails naming the reference and what was there, instead of the output becoming undefined.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { repoRoot } from "../support/paths";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const cluster = `${fs.readFileSync(path.join(repoRoot, "test/fixtures/manifests/twoMemberCluster.yaml"), "utf8")}outputs:
  head: \${training.members[0].cluster.ip}
`;

describe("a manifest reference to a cluster member that is not there", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;

  const computeplatform = (...args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env });
  };
  const writeManifest = (text: string) => fs.writeFileSync(path.join(folder, "manifest.yaml"), text);

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("manifest-references");
    env = await stackCommandEnvironment(folder, api);
  });

  // No destroy: the emulator holding the resources ends here, and the state is in the run's temporary folder.
  afterAll(async () => {
    await api?.emulator.close();
  });

  it("up fails at the reference's file:line:col, naming it and the 2 members there are", async () => {
    writeManifest(`${cluster}  sixth: \${training.members[5].cluster.ip}\n`);
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code).toBe(1);
    const failure =
      "manifest.yaml:12:10: ${training.members[5].cluster.ip} reaches nothing at deployment: training.members has 2 elements, no [5]";
    const lines = result.stdout.trimEnd().split("\n");
    // Said once, when the update fails.
    expect(lines.filter((line) => line.includes(failure))).toHaveLength(1);
    expect(lines.at(-1)?.startsWith(`up failed: ${failure}`), lines.at(-1)).toBe(true);
    expect(result.stdout).not.toContain("Outputs:");
  });

  it("up with the members that are there outputs the head's address", async () => {
    writeManifest(cluster);
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const head = api.emulator.snapshot().pods.find((pod) => pod.cluster?.rank === 0);
    expect(head?.cluster?.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(result.stdout.trimEnd().split("\n").slice(-2)).toEqual(["Outputs:", `  head: ${head?.cluster?.ip}`]);
  });
});
