import * as fs from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import { loadManifest } from "../provider/manifest";
import { type OpenStackOptions, openStack, projectFile, type StackDriver } from "./driver";
import { UserError } from "../provider/errors";

/** Options of {@link openManifestStack}. */
export interface OpenManifestStackOptions extends Pick<
  OpenStackOptions,
  "stackName" | "backendUrl" | "passphrase" | "config" | "envVars" | "pulumiHome" | "pulumiCommand"
> {
  /**
   * Path of the manifest. Its folder is the Pulumi project folder: the project file (`Pulumi.yaml`) and the stack
   * config files (`Pulumi.<stack>.yaml`) are there, and its `node_modules` (or a parent's) must hold this package.
   * Messages name the manifest as written here.
   */
  manifest: string;
}

/** A stack that deploys a manifest, and whether opening it wrote a project file. */
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
  if (file === undefined) {
    file = createdProjectFile = path.join(workDir, "Pulumi.yaml");
    fs.writeFileSync(
      file,
      `name: ${projectNameFor(workDir)}\nruntime: nodejs\ndescription: Deploys ${path.basename(manifest)} with pulumi-computeplatform\n`,
    );
  }
  const projectName = readProjectName(file);
  const program = async () => (await loadManifest(manifest)).outputs;
  const stack = await openStack({ ...stackOptions, program, projectName, workDir });
  return { ...stack, projectName, ...(createdProjectFile ? { createdProjectFile } : {}) };
}

function readProjectName(file: string): string {
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
