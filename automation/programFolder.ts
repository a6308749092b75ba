import { execFile } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { promisify } from "node:util";
import type { PulumiFn } from "@pulumi/pulumi/automation";

const execFileAsync = promisify(execFile);

/** Options of {@link prepareProgramFolder}. */
export interface PrepareProgramFolderOptions {
  /** Folder to create; programs run in it or in any folder below it. */
  folder: string;
  /** Local package folders to `npm pack` and install, e.g. this repository's root after `npm run build`. */
  packages: string[];
  /**
   * The `@pulumi/pulumi` package folder that the calling process uses.
   * @default the one `require` resolves from this file
   */
  pulumiSdk?: string;
}

/** What {@link prepareProgramFolder} made. */
export interface ProgramFolder {
  folder: string;
  /** The packed tarballs, in the order of `packages`. */
  tarballs: string[];
}

/**
 * Makes a folder whose `node_modules` holds packed builds of local packages, installed as a user would.
 *
 * Used by the demo and the end-to-end tests of a source checkout. A packed install is what makes Pulumi
 * serialize a dynamic provider as `require("<package>/dist/...")` instead of inlining its code; a `file:`
 * link to a source folder resolves outside `node_modules` and gets inlined.
 *
 * `@pulumi/pulumi` is not installed but linked to the caller's copy: inline programs must register their
 * resources with the very module instance that runs the Automation API, and Node identifies modules by
 * their real path. It also makes the install take seconds, from npm's cache.
 *
 * @internal not part of the package's public API.
 */
export async function prepareProgramFolder(options: PrepareProgramFolderOptions): Promise<ProgramFolder> {
  const folder = path.resolve(options.folder);
  fs.mkdirSync(folder, { recursive: true });

  const tarballs: string[] = [];
  const dependencies: Record<string, string> = {};
  for (const pkg of options.packages) {
    const { name, tarball } = await pack(pkg, folder);
    tarballs.push(tarball);
    dependencies[name] = `file:./${path.basename(tarball)}`;
  }
  fs.writeFileSync(
    path.join(folder, "package.json"),
    `${JSON.stringify({ name: "computeplatform-program", private: true, dependencies }, null, 2)}\n`,
  );
  await npm(["install", "--prefer-offline", "--no-audit", "--no-fund", "--legacy-peer-deps", "--no-package-lock"], folder);

  const link = path.join(folder, "node_modules", "@pulumi", "pulumi");
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(options.pulumiSdk ?? callerPulumiSdk(), link, "dir");
  return { folder, tarballs };
}

async function pack(packageFolder: string, destination: string): Promise<{ name: string; tarball: string }> {
  const stdout = await npm(["pack", "--json", "--pack-destination", destination], packageFolder);
  const [packed] = JSON.parse(stdout) as { name: string; filename: string }[];
  if (!packed) throw new Error(`npm pack printed nothing for ${packageFolder}`);
  return { name: packed.name, tarball: path.join(destination, packed.filename) };
}

async function npm(args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync("npm", args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`npm ${args[0]} failed in ${cwd}: ${stderr?.trim() || String(error)}`);
  }
}

function callerPulumiSdk(): string {
  return path.dirname(require.resolve("@pulumi/pulumi/package.json"));
}

/**
 * An inline program that runs a compiled CommonJS Pulumi program (`index.js` of a program folder) and
 * returns its exports as stack outputs. The engine runs the program once per operation, so each run
 * evaluates the folder's own modules afresh, while packages in `node_modules` stay loaded.
 *
 * @internal not part of the package's public API.
 */
export function moduleProgram(entryFile: string): PulumiFn {
  const entry = fs.realpathSync(entryFile);
  const req = createRequire(entry);
  const folder = path.dirname(entry);
  return async () => {
    for (const file of Object.keys(req.cache)) if (path.dirname(file) === folder) delete req.cache[file];
    return { ...(req(entry) as Record<string, unknown>) };
  };
}

/**
 * Copies a compiled program folder's `.js` files (for example `dist/examples/gpu-pod`) into `folder` and
 * returns an inline program that runs it there, so that it imports `pulumi-computeplatform` from the
 * packed package as a user's program would.
 *
 * @internal not part of the package's public API.
 */
export function copiedProgram(compiledFolder: string, folder: string): PulumiFn {
  for (const file of fs.readdirSync(compiledFolder)) {
    if (file.endsWith(".js")) fs.copyFileSync(path.join(compiledFolder, file), path.join(folder, file));
  }
  return moduleProgram(path.join(folder, "index.js"));
}
