import * as fs from "node:fs";
import type * as pulumi from "@pulumi/pulumi";
// The SDK's modules, not its index: `computeplatform validate`, `dev` and the stack commands read manifests through
// this module, and start faster without the rest of it (the Automation API, the runtime's RPC).
import { RunError } from "@pulumi/pulumi/errors";
import { getProject } from "@pulumi/pulumi/metadata";
import { all, output, secret } from "@pulumi/pulumi/output";
import * as runtime from "@pulumi/pulumi/runtime/config";
import { Interpolation, type Reference, referencedValue } from "./expression";
import { formatIssue, ManifestError, type ManifestIssue } from "./issue";
import { resourceKinds } from "./resourceKinds";
import { type ManifestValue, type ValidatedManifest, validateManifest } from "./validate";
import { UserError } from "../errors";

/** What {@link loadManifest} made. */
export interface LoadedManifest {
  /** The resources, by their logical names in the manifest. */
  resources: Record<string, pulumi.CustomResource>;
  /** The manifest's `outputs:`, resolved; return or export them as the stack outputs. */
  outputs: Record<string, pulumi.Output<unknown>>;
}

/** Options of {@link loadManifest}. */
export interface LoadManifestOptions {
  /** The manifest's text, when it does not come from `file`; `file` then only names it in messages. */
  text?: string;
}

/** How the Pulumi SDK tells whether a stack config value is a secret; it exists at run time but is not typed. */
const runtimeConfig = runtime as typeof runtime & { isConfigSecret?: (key: string) => boolean };

/**
 * Declares the resources of a YAML manifest in the running Pulumi program. The manifest is validated first, as
 * `computeplatform validate` does, and every stack config key it references must be set: otherwise it throws a
 * {@link ManifestError} listing each issue with its file, line and column, and declares nothing, so nothing
 * reaches the API. References become Pulumi Outputs, so resources are created in dependency order and secrets
 * from stack config stay secret.
 *
 * @param file Path of the manifest; a relative path resolves against the current directory.
 *
 * @example
 * // index.ts of a Pulumi program
 * import { loadManifest } from "pulumi-computeplatform";
 * export = loadManifest("manifest.yaml").then((loaded) => loaded.outputs);
 */
export async function loadManifest(file: string, options: LoadManifestOptions = {}): Promise<LoadedManifest> {
  const text = options.text ?? fs.readFileSync(file, "utf8");
  const { issues, manifest } = await validateManifest({ file, text });
  if (manifest === undefined) throw new ManifestError(issues);
  const config = readConfig(manifest);
  return declare(manifest, config);
}

function readConfig(manifest: ValidatedManifest): Map<string, pulumi.Input<string>> {
  const project = getProject();
  const isSet = (fullKey: string) => runtime.getConfig(fullKey) !== undefined;
  const missing = unsetConfigIssues(manifest, project, isSet, { where: "the stack config", command: "pulumi config set" });
  if (missing.length > 0) throw new ManifestError(missing);
  const values = new Map<string, pulumi.Input<string>>();
  for (const key of manifest.configKeys.keys()) {
    const fullKey = configFullKey(key, project);
    const value = runtime.getConfig(fullKey)!;
    values.set(key, (runtimeConfig.isConfigSecret?.(fullKey) ?? true) ? secret(value) : value);
  }
  return values;
}

/** The stack config key that `${config.<key>}` reads: `<project>:<key>`, or the key itself when it names a namespace. */
export function configFullKey(key: string, project: string): string {
  return key.includes(":") ? key : `${project}:${key}`;
}

/**
 * An issue at the first reference of every `${config.<key>}` whose key `isSet` says the stack lacks, telling how to
 * set it: `where` names the stack config in the message, and `command` is the `pulumi config set` that fills it.
 */
export function unsetConfigIssues(
  manifest: ValidatedManifest,
  project: string,
  isSet: (fullKey: string) => boolean,
  stack: { where: string; command: string },
): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  for (const [key, position] of manifest.configKeys) {
    const fullKey = configFullKey(key, project);
    if (isSet(fullKey)) continue;
    issues.push({
      file: manifest.file,
      ...position,
      path: "",
      message: `\${config.${key}} is not set in ${stack.where}; set it with \`${stack.command} ${fullKey} <value>\`, or for a secret \`${stack.command} --secret ${fullKey}\`, which prompts for it`,
    });
  }
  return issues;
}

function declare(manifest: ValidatedManifest, config: ReadonlyMap<string, pulumi.Input<string>>): LoadedManifest {
  const resources: Record<string, pulumi.CustomResource> = {};
  const resolveReference = (reference: Reference): pulumi.Input<unknown> => {
    if (reference.root === "config") return config.get(String(reference.path[0]))!;
    const [output, ...rest] = reference.path as [string, ...unknown[]];
    const value = (resources[reference.root] as unknown as Record<string, pulumi.Output<unknown>>)[output];
    // Validation admits only declared outputs, and every declared output is registered by the class.
    if (value === undefined) throw new UserError(`${reference.root} has no output "${output}"`);
    return rest.length === 0 ? value : value.apply((resolved) => reachAt(manifest, reference, resolved));
  };
  const resolve = (value: ManifestValue): pulumi.Input<unknown> => {
    if (value instanceof Interpolation) {
      if (value.whole) return resolveReference(value.whole);
      const parts = value.parts.map((part) => (typeof part === "string" ? part : resolveReference(part)));
      return all(parts).apply((resolved) => resolved.map(asText).join(""));
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item)]));
    }
    return value;
  };

  for (const resource of manifest.resources) {
    const { dependsOn, ...options } = resource.options;
    const args = resolve(resource.properties) as Record<string, unknown>;
    const opts: pulumi.CustomResourceOptions = { ...options, dependsOn: dependsOn?.map((name) => resources[name]!) };
    resources[resource.name] = resourceKinds[resource.type].create(resource.name, args, opts);
  }
  const outputs = Object.fromEntries(Object.entries(manifest.outputs).map(([name, value]) => [name, output(resolve(value))]));
  return { resources, outputs };
}

/**
 * What a reference reaches inside its output's value once deployed; a step that finds nothing fails the deployment at
 * the reference's file:line:col, without a stack trace.
 */
function reachAt(manifest: ValidatedManifest, reference: Reference, output: unknown): unknown {
  try {
    return referencedValue(reference, output);
  } catch (error) {
    const position = manifest.referencePositions.get(reference)!;
    throw new RunError(formatIssue({ file: manifest.file, ...position, path: "", message: (error as Error).message }));
  }
}

/** How a referenced value reads inside a longer string: text as it is, anything else as JSON. */
function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
