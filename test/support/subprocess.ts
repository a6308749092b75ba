import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { ensurePulumiCli } from "../../automation/pulumiCli";
import type { TestEmulator } from "./emulator";

const execFileAsync = promisify(execFile);

/** How a subprocess ended. */
export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; a failing exit is a result here, not an exception. */
export async function exec(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Finished> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, {
      cwd: options.cwd,
      env: { ...process.env, npm_config_update_notifier: "false", ...options.env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof code !== "number") throw error;
    return { code, stdout: stdout ?? "", stderr: stderr ?? "" };
  }
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
