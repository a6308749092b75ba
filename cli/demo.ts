/**
 * `npm run demo`: deploys examples/gpu-pod against a local emulator through the real Pulumi engine,
 * prints the stack outputs, then destroys everything and cleans up (also on failure and on Ctrl-C).
 *
 * The example runs from a throwaway folder under the OS temp dir into which this checkout is packed and
 * installed as a user would install it. Nothing outside that folder and the emulator is touched.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CommandError } from "@pulumi/pulumi/automation";
import { changeSummary, engineProgress, ensurePulumiCli, fileBackend, openStack, type StackDriver } from "../automation";
import { copiedProgram, prepareProgramFolder } from "../automation/programFolder";
import { startEmulator } from "../emulator";

const repoRoot = path.resolve(__dirname, "..", "..");
const example = "gpu-pod";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

const say = (line: string) => process.stdout.write(`${line}\n`);
const step = (line: string) => say(`\n== ${line}`);
const indent = (line: string) => say(`   ${line}`);

async function main(signal: AbortSignal): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    step("Pulumi CLI");
    const cli = await ensurePulumiCli({ log: indent });
    indent(cli.path);

    step("Emulator");
    const apiKey = `demo-${randomBytes(18).toString("base64url")}`;
    // Slower than the emulator's defaults so that the pod's way to RUNNING is visible.
    const emulator = await startEmulator({ port: 0, apiKeys: [apiKey], timings: { provisioningMs: 1500, startingMs: 2500 } });
    cleanups.push(() => emulator.close());
    indent(`serving the v2 API at ${emulator.url} (fresh random API key)`);

    step("Packing this checkout into a program folder");
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-demo-"));
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const packedAt = Date.now();
    await prepareProgramFolder({ folder, packages: [repoRoot] });
    indent(`${folder} (${((Date.now() - packedAt) / 1000).toFixed(1)}s)`);
    const program = copiedProgram(path.join(repoRoot, "dist", "examples", example), folder);
    stopIfInterrupted();

    const stack = await openStack({
      program,
      stackName: "demo",
      projectName: example,
      workDir: folder,
      backendUrl: fileBackend(path.join(folder, ".pulumi-state")),
      pulumiHome: path.join(folder, ".pulumi-home"),
      passphrase: randomBytes(16).toString("hex"),
      pulumiCommand: cli.command,
      config: {
        "computeplatform:apiUrl": { value: emulator.url },
        "computeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
    cleanups.push(() => stack.remove());
    cleanups.push(() => destroyIfNeeded(stack));

    step(`pulumi up (examples/${example})`);
    const watcher = watchPods(emulator);
    const progress = engineProgress(indent);
    let up;
    try {
      up = await stack.up({
        onEvent: (event) => {
          watcher.poll(); // so a pod's last status change prints before the engine reports it created
          progress(event);
        },
        signal,
      });
    } finally {
      watcher.stop();
    }
    indent(`summary: ${JSON.stringify(changeSummary(up))}`);
    stopIfInterrupted();

    step("Stack outputs");
    for (const [name, output] of Object.entries(up.outputs)) {
      const value = output.secret ? "[secret]" : output.value;
      indent(`${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
    }

    step("pulumi destroy");
    const destroyed = await stack.destroy({ onEvent: engineProgress(indent), signal });
    indent(`summary: ${JSON.stringify(changeSummary(destroyed))}`);
    const left = emulator.snapshot();
    indent(`emulator now holds ${live(left.pods).length} pods and ${left.networkVolumes.length} network volumes`);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`cleanup: ${messageOf(error)}\n`);
      }
    }
  }
}

/** After a failure or Ctrl-C, deletes whatever the stack still holds. */
async function destroyIfNeeded(stack: StackDriver): Promise<void> {
  const state = await stack.exportState();
  const resources = (state.deployment?.resources ?? []) as { type: string }[];
  if (!resources.some((r) => r.type.startsWith("pulumi-nodejs:dynamic/"))) return;
  step("cleaning up: pulumi destroy");
  await stack.destroy({ onEvent: engineProgress(indent) });
}

/** Prints each pod's status changes while `up` waits for the pods to become RUNNING. */
function watchPods(emulator: Emulator): { poll(): void; stop(): void } {
  const seen = new Map<string, string>();
  const poll = () => {
    for (const pod of live(emulator.snapshot().pods)) {
      if (seen.get(pod.id) === pod.status) continue;
      seen.set(pod.id, pod.status);
      indent(`  pod ${pod.name} (${pod.id}): ${pod.status}`);
    }
  };
  const timer = setInterval(poll, 100);
  return { poll, stop: () => clearInterval(timer) };
}

function live<T extends { status: string }>(pods: readonly T[]): T[] {
  return pods.filter((pod) => pod.status !== "TERMINATED");
}

function stopIfInterrupted(): void {
  if (interrupted) throw new Error("interrupted");
}

function messageOf(error: unknown): string {
  // The engine's errors were already printed as progress lines; its full output would repeat them.
  if (error instanceof CommandError) return "the Pulumi operation failed (its errors are listed above)";
  return error instanceof Error ? error.message : String(error);
}

// Ctrl-C in a terminal reaches the Pulumi CLI too (same process group), which then cancels gracefully.
// Only if the signal was sent to this process alone is the CLI still busy after a grace period; then it
// is interrupted through the Automation API.
const controller = new AbortController();
let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) process.exit(130);
  interrupted = true;
  process.stderr.write(`\n${signal}: stopping and cleaning up (press Ctrl-C again to quit at once)\n`);
  setTimeout(() => controller.abort(), 10_000).unref();
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

main(controller.signal).then(
  () => {
    if (interrupted) process.exit(130);
    step("done");
  },
  (error: unknown) => {
    process.stderr.write(`\ndemo failed: ${interrupted ? "interrupted" : messageOf(error)}\n`);
    process.exit(interrupted ? 130 : 1);
  },
);
