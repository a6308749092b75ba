import * as fs from "node:fs";
import * as path from "node:path";
import { openStack, projectFile, type StackDriver } from "../../automation/driver";
import { openManifestStack, readProjectName } from "../../automation/manifestStack";
import { MissingStackError } from "../../automation/missingStack";
import { UserError } from "../../provider/errors";
import { formatIssue, validateManifest } from "../../provider/manifest";
import { readManifest } from "../validate";

/** Where `expire` looks: a manifest or a program folder, which stacks of it, and in which backend. */
export interface ExpireTarget {
  /** A manifest file, or a program folder (with its `Pulumi.yaml`). */
  target: string;
  /** The stacks named with `--stack`; empty with `--all-stacks`. */
  stacks: readonly string[];
  allStacks: boolean;
  backend?: string;
}

/** The folder of the target: a manifest's, or the program folder itself. */
export function projectFolder(target: string): string {
  const resolved = path.resolve(target);
  return fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory() ? resolved : path.dirname(resolved);
}

/** The `ttl` a manifest target sets; undefined for a program folder, or a manifest without one. An invalid manifest is refused. */
export async function manifestTtl(target: string): Promise<string | undefined> {
  if (fs.statSync(path.resolve(target), { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const { manifest, issues } = await validateManifest({ file: target, text: readManifest(target) });
  if (manifest === undefined) throw new UserError(issues.map(formatIssue).join("\n"));
  return manifest.ttl;
}

/** Opens one existing stack of the target; never creates one, and never runs the program. */
export async function openExisting(target: string, stackName: string, backend: string | undefined): Promise<StackDriver> {
  const common = { stackName, ifMissing: "fail" as const, ...(backend === undefined ? {} : { backendUrl: backend }) };
  if (!fs.statSync(path.resolve(target), { throwIfNoEntry: false })?.isDirectory())
    return openManifestStack({ ...common, manifest: target });
  const file = projectFile(path.resolve(target));
  if (file === undefined) throw new UserError(`${target} has no Pulumi.yaml: name a manifest, or a Pulumi program's folder`);
  // The program is never run: expire reads and writes the state, and destroys.
  const program = async () => {
    throw new UserError("computeplatform expire does not run the program");
  };
  return openStack({ ...common, program, projectName: readProjectName(file), workDir: path.resolve(target) });
}

/** The names of the stacks to expire: those named, or with `--all-stacks` every stack of the project in the backend. */
export async function stackNames(options: ExpireTarget, firstName: string): Promise<string[]> {
  if (!options.allStacks) return [...options.stacks];
  try {
    const stack = await openExisting(options.target, firstName, options.backend);
    return (await stack.stack.workspace.listStacks()).map(({ name }) => name);
  } catch (error) {
    if (error instanceof MissingStackError) return [...error.stacks];
    throw error;
  }
}
