import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import * as path from "node:path";
import { repoRoot } from "./paths";

const main = path.join(repoRoot, "dist", "cli", "main.js");

/** A `computeplatform dev` running as a subprocess, with what it printed so far. */
export interface DevServer {
  /** The URL its "Listening on" line printed. */
  url: string;
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once stdout has a line matching `pattern`, with that line's match. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Stops it as Ctrl-C would and resolves to its exit code and output. */
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * Starts the built CLI's `dev` (or its alias) with `args` in `cwd` and waits until it listens. Stops it and rejects
 * when it exits or does not listen within `timeoutMs`, with what it printed. `cli` is another CLI entry point to
 * run, such as an installed package's.
 */
export async function startDevServer(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; cli?: string },
): Promise<DevServer> {
  // A variable set to undefined is left out, as if the user had not set it. The user's config folder, where dev
  // keeps the key of its cache's digests, is inside the test's folder unless the test chooses: never the real one.
  const defaults = { XDG_CONFIG_HOME: path.join(options.cwd, ".user-config") };
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...defaults, ...options.env }).filter(([, value]) => value !== undefined),
  );
  const child = spawn(process.execPath, [options.cli ?? main, ...args], { cwd: options.cwd, env });
  child.stdin.end();
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = once(child, "close");
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) => waitForOutput(child, output, pattern, timeoutMs);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    const [code] = (await exited) as [number | null];
    return { code, ...output };
  };
  let url: string;
  try {
    url = (await waitFor(/^Listening on (\S+)/m, options.timeoutMs ?? 60_000))[1]!;
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    get stdout() {
      return output.stdout;
    },
    get stderr() {
      return output.stderr;
    },
    waitFor,
    stop,
  };
}

function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  output: { stdout: string; stderr: string },
  pattern: RegExp,
  timeoutMs: number,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = output.stdout.match(pattern);
      if (match) finish(() => resolve(match));
    };
    const onClose = () =>
      finish(() => reject(new Error(`computeplatform exited before printing ${pattern}:\n${output.stdout}${output.stderr}`)));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${output.stdout}${output.stderr}`))),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout.off("data", check);
      child.off("close", onClose);
      settle();
    };
    child.stdout.on("data", check);
    child.on("close", onClose);
    check();
    if (child.exitCode !== null || child.signalCode !== null) onClose();
  });
}
