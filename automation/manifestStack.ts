import * as fs from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import { loadManifest } from "../provider/manifest";
import { type OpenStackOptions, openStack, projectFile, type StackDriver } from "./driver";
import { UserError } from "../provider/errors";
import { refuseLinks } from "./projectLinks";

/** Options of {@link openManifestStack}. */
export interface OpenManifestStackOptions extends Pick<
  OpenStackOptions,
  "stackName" | "ifMissing" | "onMessage" | "backendUrl" | "passphrase" | "config" | "envVars" | "pulumiHome" | "pulumiCommand"
> {
  /**
   * Path of the manifest. Its folder is the Pulumi project folder: the project file (`Pulumi.yaml`) and the stack
   * config files (`Pulumi.<stack>.yaml`) are there. It needs no `node_modules`: the engine's provider process
   * resolves this package from the folder's `node_modules` (or a parent's) when it has one, else from where this
   * package is installed (a global install, `npx`). Messages name the manifest as written here.
   */
  manifest: string;
}

/**
 * A stack that deploys a manifest, and whether opening it wrote a project file; `undoCreate` also removes the
 * project file that opening wrote.
 */
export interface ManifestStack extends StackDriver {
  /** The project file that was written because the manifest's folder had none; undefined when one was there. */
  createdProjectFile?: string;
  projectName: string;
}

/**
 * Opens (creating if needed) a stack whose program is a YAML manifest, re-read on every operation. An existing
 * project file is used as it is; a folder without one gets a minimal `Pulumi.yaml` named after the folder.
 */
export async function openManifestStack(options: OpenManifestStackOptions): Promise<ManifestStack> {
  const { manifest, ...stackOptions } = options;
  const workDir = path.dirname(path.resolve(manifest));
  let file = projectFile(workDir);
  let createdProjectFile: string | undefined;
  refuseLinks(workDir, stackOptions.stackName);
  if (file === undefined) {
    file = createdProjectFile = path.join(workDir, "Pulumi.yaml");
    // "wx": never through a link that appeared since, nor over a file.
    fs.writeFileSync(
      file,
      `name: ${projectNameFor(workDir)}\nruntime: nodejs\ndescription: Deploys ${path.basename(manifest)} with pulumi-computeplatform\n`,
      { flag: "wx" },
    );
  }
  const undoProjectFile = () => {
    if (createdProjectFile !== undefined) fs.rmSync(createdProjectFile, { force: true });
  };
  let stack: StackDriver;
  let projectName: string;
  try {
    projectName = readProjectName(file);
    const program = async () => (await loadManifest(manifest)).outputs;
    stack = await openStack({ ...stackOptions, program, projectName, workDir });
  } catch (error) {
    undoProjectFile();
    throw error;
  }
  return {
    ...stack,
    projectName,
    ...(createdProjectFile ? { createdProjectFile } : {}),
    undoCreate: async () => {
      const removed = await stack.undoCreate();
      if (removed) undoProjectFile();
      return removed;
    },
  };
}

/** The `name` of a Pulumi project file. */
export function readProjectName(file: string): string {
  const text = fs.readFileSync(file, "utf8");
  const project = (file.endsWith(".json") ? JSON.parse(text) : parseYaml(text)) as { name?: unknown } | null;
  if (typeof project?.name !== "string" || project.name === "") throw new UserError(`${file} has no project \`name\``);
  return project.name;
}

/** A valid Pulumi project name from a folder's name. */
function projectNameFor(dir: string): string {
  return (
    path
      .basename(dir)
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .replace(/^[-.]+/, "") || "computeplatform"
  );
}
