import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { inject } from "vitest";
import { copiedProgram } from "../../automation/programFolder";
import { repoRoot } from "./paths";

/** A fresh folder for one suite's stack, below the run's prepared program folder (see e2e.globalSetup.ts). */
export function suiteWorkDir(name: string): string {
  const programFolder = inject("programFolder");
  if (!programFolder) {
    throw new Error("e2e suites need test/support/e2e.globalSetup.ts as the globalSetup of their vitest project");
  }
  const stacks = path.join(programFolder, "stacks");
  fs.mkdirSync(stacks, { recursive: true });
  return fs.mkdtempSync(path.join(stacks, `${name}-`));
}

/**
 * A `require` that resolves from `workDir`, i.e. from the packed packages. Modules it loads are native
 * Node modules in `node_modules`, which Pulumi can serialize as `require()` calls.
 */
export function requireFrom(workDir: string): NodeJS.Require {
  return createRequire(path.join(workDir, "program.js"));
}

/** An inline program running the compiled `examples/<example>` from `workDir`, against the packed package. */
export function exampleProgram(workDir: string, example: string): PulumiFn {
  return copiedProgram(path.join(repoRoot, "dist", "examples", example), workDir);
}
