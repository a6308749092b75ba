import * as fs from "node:fs";
import * as path from "node:path";
import { inject } from "vitest";

/** What a stack needs to run the package's policy pack through the real CLI. */
export interface PolicyPackSetup {
  /** The pack as a user points at it: the `policy` folder of the installed package. */
  packFolder: string;
  /** Environment for the CLI, so that it can start a Node.js policy pack. */
  envVars: Record<string, string>;
}

/**
 * Readies the installed package's policy pack, as a user who runs it would: `@pulumi/policy` (the package's optional
 * peer) next to it in node_modules, linked to this checkout's copy as `@pulumi/pulumi` is.
 *
 * The CLI built here from Go modules has no Node.js language host, which a released CLI starts the pack with; the
 * engine then falls back to a `pulumi-analyzer-policy-nodejs` on PATH, which `binFolder` gets: it starts the same
 * `@pulumi/pulumi/cmd/run-policy-pack` in the pack's folder.
 */
export function readyPolicyPack(binFolder: string): PolicyPackSetup {
  const modules = path.join(inject("programFolder"), "node_modules");
  const policySdk = path.join(modules, "@pulumi", "policy");
  try {
    fs.symlinkSync(path.dirname(require.resolve("@pulumi/policy/package.json")), policySdk, "dir");
  } catch (error) {
    // Another suite of this run linked it first.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  fs.mkdirSync(binFolder, { recursive: true });
  const launcher = path.join(binFolder, "pulumi-analyzer-policy-nodejs");
  fs.writeFileSync(
    launcher,
    '#!/bin/sh\n# Run by the engine in the pack\'s folder, with its own address and "." as arguments.\n' +
      'exec node "$(node -p \'require.resolve("@pulumi/pulumi/cmd/run-policy-pack")\')" "$@"\n',
    { mode: 0o755 },
  );
  return {
    packFolder: path.join(modules, "pulumi-computeplatform", "policy"),
    envVars: { PATH: `${binFolder}${path.delimiter}${process.env.PATH ?? ""}` },
  };
}
