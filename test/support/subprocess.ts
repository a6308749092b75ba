import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import * as fs from "node:fs";
import * as path from "node:path";
import { ensurePulumiCli } from "../../automation/pulumiCli";
import type { TestEmulator } from "./emulator";

/** How a subprocess ended; `code` is null when a signal ended it. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, with `stdin` as its standard input; a failing exit is a result here, not an exception. */
export async function exec(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string },
): Promise<Finished> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, npm_config_update_notifier: "false", ...options.env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? "");
  const [code] = (await once(child, "close")) as [number | null];
  return { code, stdout, stderr };
}

/**
 * The environment in which `computeplatform preview|up|refresh|destroy` targets `api`, with the Pulumi CLI first on
 * PATH and every piece of Pulumi state (backend, home, passphrase) inside `folder`, so that a developer's own
 * login or ~/.pulumi never take part.
 */
export async function stackCommandEnvironment(folder: string, api: TestEmulator): Promise<NodeJS.ProcessEnv> {
  const pulumi = await ensurePulumiCli();
  const backend = path.join(folder, ".pulumi-state");
  fs.mkdirSync(backend, { recursive: true });
  return {
    COMPUTEPLATFORM_API_URL: api.emulator.url,
    COMPUTEPLATFORM_API_KEY: api.apiKey,
    PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
    PULUMI_HOME: path.join(folder, ".pulumi-home"),
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PATH: `${path.dirname(pulumi.path)}${path.delimiter}${process.env.PATH ?? ""}`,
  };
}
