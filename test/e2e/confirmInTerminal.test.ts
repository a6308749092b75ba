/**
 * `computeplatform up` and `destroy` in a terminal (a pseudo-terminal made by util-linux `script`), through the packed
 * package, the real Pulumi engine and the emulator: they show the plan and ask; a no changes nothing and exits 1, a
 * yes acts, and `--yes` acts without asking.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const MANIFEST = [
  "resources:",
  "  data:",
  "    type: NetworkVolume",
  "    properties: { name: data, size: 10, dataCenter: US-TX-3 }",
  "",
].join("\n");

describe("computeplatform up and destroy in a terminal", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  /** Runs the CLI on a pseudo-terminal, typing `answer` (a line) on it. */
  const inTerminal = (answer: string, ...args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    const command = [process.execPath, cli, ...args].map((word) => `'${word}'`).join(" ");
    return exec("script", ["-qec", command, "/dev/null"], { cwd: folder, env, stdin: `${answer}\n` });
  };
  const volumes = () => api.emulator.snapshot().networkVolumes.length;

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("confirm-in-terminal");
    env = await stackCommandEnvironment(folder, api);
    fs.writeFileSync(path.join(folder, "manifest.yaml"), MANIFEST);
  });

  afterAll(async () => {
    await inTerminal("", "destroy", "manifest.yaml", "--yes");
    await api?.emulator.close();
  });

  it("up shows the plan and asks; a no creates nothing and exits 1", async () => {
    const result = await inTerminal("n", "up", "manifest.yaml");
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain("+  create   NetworkVolume data");
    expect(result.stdout).toContain("Plan: 1 to create; 0 unchanged");
    expect(result.stdout).toContain("Update stack dev? [y/N]");
    expect(result.stdout).toContain("Nothing was changed.");
    expect(volumes()).toBe(0);
  });

  it("up with a yes creates", async () => {
    const result = await inTerminal("y", "up", "manifest.yaml");
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain("Done: 1 created");
    expect(volumes()).toBe(1);
  });

  it("destroy shows what it would delete and asks; a no deletes nothing", async () => {
    const result = await inTerminal("n", "destroy", "manifest.yaml");
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain("-  delete   NetworkVolume data");
    expect(result.stdout).toContain("Delete every resource of stack dev? [y/N]");
    expect(volumes()).toBe(1);
  });

  it("destroy --yes deletes without asking", async () => {
    const result = await inTerminal("", "destroy", "manifest.yaml", "--yes");
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).not.toContain("[y/N]");
    expect(volumes()).toBe(0);
  });
});
