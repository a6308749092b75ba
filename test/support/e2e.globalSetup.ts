import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { TestProject } from "vitest/node" with { "resolution-mode": "import" };
import { ensurePulumiCli } from "../../automation/pulumiCli";
import { prepareProgramFolder } from "../../automation/programFolder";
import { ensureBuilt } from "./build";
import { fixtureProvider, repoRoot } from "./paths";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder whose node_modules holds the packed packages; each suite works in a folder below it. */
    programFolder: string;
  }
}

/**
 * Once per run: build, pack and install the package (and the fixture provider) into a folder under
 * the OS temp dir, and make sure a Pulumi CLI exists. Outside the repository so that nothing resolves
 * from the repository's own node_modules by accident; a dependency missing from package.json fails here.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureBuilt();
  await ensurePulumiCli();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-e2e-"));
  const started = Date.now();
  await prepareProgramFolder({ folder, packages: [repoRoot, fixtureProvider] });
  console.log(`e2e: packed and installed into ${folder} in ${Date.now() - started} ms`);
  project.provide("programFolder", folder);
  return () => {
    if (process.env.COMPUTEPLATFORM_KEEP_E2E) console.log(`e2e: kept ${folder}`);
    else fs.rmSync(folder, { recursive: true, force: true });
  };
}
