import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { stackConfigFileName } from "./projectLinks";

/**
 * Whether no file gives the stack any config, so that `pulumi config` would print none: the project file is a
 * `Pulumi.yaml` that declares no `config` and keeps stack config files beside it, and the stack's config file is
 * absent or sets neither `config` nor an `environment`. Anything else (another project file, a file that does not
 * parse) is left to the Pulumi CLI.
 *
 * @param workDir - the project's folder
 * @param stackName - the stack, as `--stack` names it
 */
export function setsNoConfig(workDir: string, stackName: string): boolean {
  const project = settings(path.join(workDir, "Pulumi.yaml"));
  if (project === undefined || "config" in project || "stackConfigDir" in project) return false;
  const stackFile = path.join(workDir, stackConfigFileName(stackName));
  if (!fs.existsSync(stackFile)) return true;
  const stack = settings(stackFile);
  return stack !== undefined && isEmpty(stack.config) && !("environment" in stack);
}

/** A YAML file's top-level mapping (an empty file is an empty one); undefined when it is absent, does not parse or is not a mapping. */
function settings(file: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = parse(fs.readFileSync(file, "utf8")) ?? {};
    return typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isEmpty = (config: unknown) =>
  config === undefined || config === null || (typeof config === "object" && Object.keys(config).length === 0);
