import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { PulumiCommand } from "@pulumi/pulumi/automation";
import { UserError } from "../provider/errors";

const execFileAsync = promisify(execFile);

/** A Pulumi CLI the Automation API can drive. */
export interface PulumiCli {
  /** Absolute path of the `pulumi` executable. */
  path: string;
  /** The handle to pass as `pulumiCommand` to the Automation API. */
  command: PulumiCommand;
}

/** Options of {@link ensurePulumiCli}. */
export interface EnsurePulumiCliOptions {
  /**
   * Receives the build script's progress lines (only printed when the CLI has to be built).
   * @default writes them to stderr
   */
  log?: (line: string) => void;
}

let pending: Promise<PulumiCli> | undefined;

/**
 * Finds the Pulumi CLI, building it once if needed.
 *
 * Order: a `pulumi` on PATH; otherwise, in a source checkout of this package, `scripts/pulumi-cli.sh`,
 * which builds the CLI version pinned in `tools/pulumi-cli` into `~/.cache/pulumi-computeplatform`
 * (a few minutes, once per machine). The published package does not ship that script, so there the
 * CLI must be on PATH. The result is memoised for the process.
 */
export function ensurePulumiCli(options: EnsurePulumiCliOptions = {}): Promise<PulumiCli> {
  pending ??= locate(options).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function locate(options: EnsurePulumiCliOptions): Promise<PulumiCli> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const script = buildScript();
  const binary = script ? await runBuildScript(script, log) : findOnPath("pulumi");
  if (!binary) {
    throw new UserError(
      "The Pulumi CLI was not found on PATH. Install it (https://www.pulumi.com/docs/install/) " +
        "or run from a source checkout of pulumi-computeplatform, which builds it with Go.",
    );
  }
  return { path: binary, command: await commandFor(binary) };
}

/** The build script of a source checkout, or undefined in the published package. */
function buildScript(): string | undefined {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "pulumi-computeplatform") {
        const script = path.join(dir, "scripts", "pulumi-cli.sh");
        return fs.existsSync(script) ? script : undefined;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

async function runBuildScript(script: string, log: (line: string) => void): Promise<string> {
  const child = execFileAsync("bash", [script], { maxBuffer: 16 * 1024 * 1024 });
  child.child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(line);
  });
  const { stdout } = await child;
  return stdout.trim();
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

async function commandFor(binary: string): Promise<PulumiCommand> {
  // PulumiCommand.get({ root }) runs <root>/bin/pulumi and puts <root>/bin first on the engine's PATH,
  // which is where the engine looks for bundled plugins such as pulumi-resource-pulumi-nodejs.
  const real = fs.realpathSync(binary);
  const bin = path.dirname(real);
  if (path.basename(bin) === "bin" && path.basename(real) === "pulumi") {
    return PulumiCommand.get({ root: path.dirname(bin) });
  }
  return PulumiCommand.get();
}
