/**
 * No secret on a command line (issue 19, finding 6): any user of the machine reads every process's arguments
 * (`ps`, /proc/<pid>/cmdline). While the driver sets the secret API key as stack config and deploys
 * examples/gpu-pod against the emulator through the real Pulumi CLI, every process's arguments are read over and
 * over until the deployment ends; none may hold the key.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { stateContains, stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

/** What a scan of every process's arguments found. */
interface CommandLines {
  /** The argument lists that held the secret. */
  holdingSecret: string[][];
  /** The first two arguments of every `pulumi` process seen, e.g. `config set`, once each. */
  pulumiCommands: Set<string>;
}

/** Reads every process's arguments over and over, until `stop` is called; then says what it found. */
function scanCommandLines(secret: string): { stop(): Promise<CommandLines> } {
  const found: CommandLines = { holdingSecret: [], pulumiCommands: new Set() };
  let stopped = false;
  const scanOnce = () => {
    for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      let argv: string[];
      try {
        argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
      } catch {
        continue; // the process ended between the listing and the read
      }
      if (argv.some((arg) => arg.includes(secret))) found.holdingSecret.push(argv);
      if (argv[0] !== undefined && path.basename(argv[0]) === "pulumi") found.pulumiCommands.add(argv.slice(1, 3).join(" "));
    }
  };
  const scanning = (async () => {
    while (!stopped) {
      scanOnce();
      // A short pause between scans leaves the two cores to the deployment; a Pulumi CLI process lives far longer.
      await delay(5);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await scanning;
      scanOnce();
      return found;
    },
  };
}

describe("secrets never go on a command line", () => {
  let api: TestEmulator | undefined;
  let stack: StackDriver | undefined;

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("setting the secret API key and deploying: no process's arguments hold the key, and the deployment succeeds", async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("secrets-off-command-line");
    const scan = scanCommandLines(api.apiKey);
    let created: Record<string, number>;
    let found: CommandLines;
    try {
      stack = await openTestStack({
        program: exampleProgram(workDir, "gpu-pod"),
        stackName: "e2e",
        projectName: "gpu-pod",
        workDir,
        config: api.stackConfig,
      });
      created = changeSummary(await stack.up());
    } finally {
      found = await scan.stop();
    }

    expect(found.holdingSecret).toEqual([]);
    // The scan watched the processes that matter: the CLI that set the key, and the one that deployed.
    expect(found.pulumiCommands).toContain("config set");
    expect(found.pulumiCommands).toContain("up --yes");
    expect(created).toEqual({ create: 3 });
    expect(stateResources(await stack.exportState(), "Pod")[0]?.outputs?.status).toBe("RUNNING");
    expect(stateContains(await stack.exportState(), api.apiKey)).toBe(false);
    expect(await stack.stack.getConfig("computeplatform:apiKey")).toEqual({ value: api.apiKey, secret: true });
    const settings = fs.readFileSync(path.join(workDir, "Pulumi.e2e.yaml"), "utf8");
    expect(settings).toMatch(/^ {2}computeplatform:apiKey:\n {4}secure: \S+$/m);
    expect(settings).not.toContain(api.apiKey);
  });
});
