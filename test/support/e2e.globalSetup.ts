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

/** The one program folder of a run, shared by the engine projects (e2e and faults) that set up in this process. */
interface SharedFolder {
  folder: Promise<string>;
  /** Projects that use it and have not torn down yet. */
  users: number;
}

const holder = globalThis as { computeplatformProgramFolder?: SharedFolder };

/**
 * Once per run, whichever engine projects run: build, pack and install the package (and the fixture provider) into
 * a folder under the OS temp dir, and make sure a Pulumi CLI exists. Outside the repository so that nothing resolves
 * from the repository's own node_modules by accident; a dependency missing from package.json fails here. The last
 * project to tear down removes the folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder.computeplatformProgramFolder ??= { folder: prepare(), users: 0 });
  shared.users += 1;
  project.provide("programFolder", await shared.folder);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    holder.computeplatformProgramFolder = undefined;
    const folder = await shared.folder;
    if (process.env.COMPUTEPLATFORM_KEEP_E2E) console.log(`e2e: kept ${folder}`);
    else fs.rmSync(folder, { recursive: true, force: true });
  };
}

async function prepare(): Promise<string> {
  ensureBuilt();
  await ensurePulumiCli();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-e2e-"));
  const started = Date.now();
  await prepareProgramFolder({ folder, packages: [repoRoot, fixtureProvider] });
  console.log(`e2e: packed and installed into ${folder} in ${Date.now() - started} ms`);
  return folder;
}
