import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiCommand } from "@pulumi/pulumi/automation";

// The Automation API's own result and error types, which its callers (LocalWorkspace, Stack) expect from a run.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CommandResult } = require("@pulumi/pulumi/automation/cmd") as {
  CommandResult: new (stdout: string, stderr: string, code: number, err?: Error) => object;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createCommandError } = require("@pulumi/pulumi/automation/errors") as { createCommandError(result: object): Error };

/** The Pulumi CLI processes of this process still running, each the leader of a process group of its own. */
const running = new Set<ChildProcessWithoutNullStreams>();
/** Those of them that run an engine operation, which a SIGINT cancels. */
const operations = new Set<ChildProcessWithoutNullStreams>();
/** How many times {@link interruptEngine} was called. */
let interrupts = 0;

/** The commands that run the engine: the Automation API's `up`, `preview`, `refresh` and `destroy`. */
const ENGINE_OPERATIONS = new Set(["up", "preview", "refresh", "destroy"]);
const exited = new Set<() => void>();

/** How a run of {@link runInOwnGroup} ended. */
export interface Finished {
  stdout: string;
  stderr: string;
  /** The exit code, or 128 plus the number of the signal that ended it. */
  code: number;
}

/** Options of {@link runInOwnGroup}. */
export interface RunOptions {
  cwd: string;
  /** Added to this process's environment. */
  env: Record<string, string>;
  /** Written to the command's stdin, which is then closed. @default nothing */
  input?: string;
  onOutput?: (data: string) => void;
  onError?: (data: string) => void;
  /** Sends the command one SIGINT when aborted. */
  signal?: AbortSignal;
  /**
   * Whether the command runs an engine operation, which {@link interruptEngine} signals. Other commands (reading or
   * writing config, exporting or importing the state) are short, and always run to their end.
   * @default false
   */
  operation?: boolean;
}

/**
 * Runs a Pulumi CLI command in a process group of its own, so that a terminal's Ctrl-C (SIGINT to the foreground
 * group) reaches this process only, which then decides what the engine gets: exactly one SIGINT to cancel as
 * `pulumi up` does on a Ctrl-C (no new operations, those in flight finished and recorded, the state written, the
 * lock released), and a second only to force (see {@link interruptEngine}). Without this, the engine would get the
 * terminal's SIGINT and this process's own, which it takes as "terminate now", or none at all when only this
 * process is signalled; and it is never stopped in the middle of writing the state because this process ended.
 */
export function runInOwnGroup(file: string, args: readonly string[], options: RunOptions): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, detached: true });
    running.add(child);
    if (options.operation) operations.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      options.onOutput?.(chunk.toString());
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      options.onError?.(chunk.toString());
    });
    // A command that ends without reading its input closes the pipe: its exit code says how it went, not EPIPE.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input);
    const abort = () => child.kill("SIGINT");
    options.signal?.addEventListener("abort", abort, { once: true });
    const finish = () => {
      options.signal?.removeEventListener("abort", abort);
      running.delete(child);
      operations.delete(child);
      if (running.size === 0) for (const notify of exited) notify();
    };
    child.on("error", (error) => {
      finish();
      reject(error);
    });
    child.on("close", (code, signal) => {
      finish();
      // A signal to this process's group can reach the child only between its fork and its own group: it then ends
      // before it runs the command, which is run again. An operation's run is not: it was interrupted.
      if (!options.operation && (signal === "SIGINT" || signal === "SIGTERM")) resolve(runInOwnGroup(file, args, options));
      else resolve({ stdout, stderr, code: code ?? 128 + (signal ? os.constants.signals[signal] : 0) });
    });
  });
}

/**
 * The Pulumi CLI `command`, run by {@link runInOwnGroup}. Each run takes `--non-interactive`, the CLI's folder first
 * on PATH (its bundled plugins) and `PULUMI_AUTOMATION_API`, as the Automation API's own runner does.
 */
export function inOwnProcessGroup(command: PulumiCommand): PulumiCommand {
  const run = async (
    args: string[],
    cwd: string,
    additionalEnv: Record<string, string>,
    onOutput?: (data: string) => void,
    onError?: (data: string) => void,
    signal?: AbortSignal,
  ): Promise<object> => {
    const operation = ENGINE_OPERATIONS.has(args[0] ?? "");
    // An operation that would start after the interruption is cancelled before it starts.
    if (operation && interrupts > 0) throw createCommandError(new CommandResult("", "error: update canceled before it started", 255));
    if (!args.includes("--non-interactive")) args.push("--non-interactive");
    const env: Record<string, string> = { ...additionalEnv, PULUMI_AUTOMATION_API: "true" };
    if (path.isAbsolute(command.command))
      env.PATH = `${path.dirname(command.command)}${path.delimiter}${additionalEnv.PATH ?? process.env.PATH ?? ""}`;
    let finished: Finished;
    try {
      finished = await runInOwnGroup(command.command, args, {
        cwd,
        env,
        operation,
        ...(onOutput ? { onOutput } : {}),
        ...(onError ? { onError } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw createCommandError(new CommandResult("", (error as Error).message, -2, error as Error));
    }
    if (finished.code === 0) return new CommandResult(finished.stdout, finished.stderr, finished.code);
    // Which command failed, as the Automation API's own runner says it; not its arguments, which may hold a value.
    const failed = new Error(`Command failed with exit code ${finished.code}: ${path.basename(command.command)} ${args[0] ?? ""}`);
    throw createCommandError(new CommandResult(finished.stdout, finished.stderr, finished.code, failed));
  };
  return Object.assign(Object.create(Object.getPrototypeOf(command) as object) as PulumiCommand, command, { run });
}

/**
 * Sends SIGINT to every engine operation this process runs, as a terminal's Ctrl-C would: the first makes the engine
 * cancel, a second makes it stop waiting for the operations in flight. Operations that would start afterwards fail
 * at once as cancelled. Returns how many were signalled.
 */
export function interruptEngine(): number {
  interrupts += 1;
  for (const child of operations) child.kill("SIGINT");
  return operations.size;
}

/** Kills every Pulumi CLI this process runs at once, leaving the state as a kill does (see `up`'s settling). */
export function killEngine(): void {
  for (const child of running) if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
}

/** Resolves once no Pulumi CLI of this process is running. */
export function engineStopped(): Promise<void> {
  if (running.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const notify = () => {
      exited.delete(notify);
      resolve();
    };
    exited.add(notify);
  });
}
