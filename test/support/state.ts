import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "vitest";
import type { Deployment } from "@pulumi/pulumi/automation";
import { checkpointFile, exportedCheckpoint } from "../../automation/checkpointFile";
import type { KindName } from "../../provider/kindRegistry";
import { providerModulePath as providerModuleFile, releasedProviderModulePath } from "./providerModules";

/** A resource as the exported checkpoint records it. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  delete?: boolean;
}

/** The type token of a computeplatform dynamic resource, e.g. `pulumi-nodejs:dynamic/computeplatform:Pod`. */
export function dynamicType(kind: string): string {
  return `pulumi-nodejs:dynamic/computeplatform:${kind}`;
}

/**
 * The state of a stack on the file backend of `env` (its `PULUMI_BACKEND_URL`), as `pulumi stack export` prints it:
 * read from its checkpoint file as the driver's `exportState` reads it, without a `pulumi` run.
 */
export function exportedStackState(env: NodeJS.ProcessEnv, projectName: string, stackName = "dev"): Deployment {
  const backendUrl = env.PULUMI_BACKEND_URL ?? "";
  const file = checkpointFile(backendUrl, projectName, stackName);
  const state = file ? exportedCheckpoint(file) : undefined;
  if (state === undefined) throw new Error(`stack ${stackName} of ${projectName} has no checkpoint file to read in ${backendUrl}`);
  return state;
}

/** The live resources of one kind in an exported state; pending deletions are left out. */
export function stateResources(state: Deployment, kind: string): StateResource[] {
  const resources = (state.deployment?.resources ?? []) as StateResource[];
  return resources.filter((r) => r.type === dynamicType(kind) && !r.delete);
}

/** Size in bytes of each dynamic resource's serialized provider (`__provider` output), keyed by URN. */
export function providerSizes(state: Deployment): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const r of (state.deployment?.resources ?? []) as StateResource[]) {
    const provider = r.outputs?.__provider;
    if (typeof provider === "string") sizes[r.urn] = Buffer.byteLength(provider);
  }
  return sizes;
}

/** Whether `secret` occurs anywhere in the serialized state (ciphertext does not count, plain text does). */
export function stateContains(state: Deployment, secret: string): boolean {
  return JSON.stringify(state).includes(secret);
}

/** The files below `dir`, relative to it, whose bytes hold `text`: a file backend's state, backups and history alike. */
export function filesHolding(dir: string, text: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && fs.readFileSync(path.join(entry.parentPath, entry.name)).includes(text))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The largest serialized provider (`__provider`) a state may hold: a `require()` of a module, never inlined code. */
export const PROVIDER_SIZE_LIMIT = 400;

/**
 * The `require()` path with which state written by this package records a kind's provider module, e.g.
 * `pulumi-computeplatform/dist/provider/resources/networkVolume/networkVolume.provider.js`. States hold it for good,
 * so it never moves; package.json exports it.
 */
export function providerModulePath(kind: KindName): string {
  return `pulumi-computeplatform/dist/provider/resources/${providerModuleFile(kind)}.js`;
}

/** The path with which state written by the first releases records a kind's provider module, which still resolves. */
export function releasedProviderModuleRequire(kind: string): string {
  return `pulumi-computeplatform/dist/provider/resources/${releasedProviderModulePath(kind)}.js`;
}

/**
 * Asserts that every dynamic resource in the state stores its provider as a short `require()` (400 B or less),
 * never as inlined code, and that each of `kinds` requires its provider module at its stable path in the package.
 */
export function expectProvidersRequired(state: Deployment, kinds: readonly KindName[]): void {
  for (const [urn, size] of Object.entries(providerSizes(state))) expect(size, urn).toBeLessThanOrEqual(PROVIDER_SIZE_LIMIT);
  for (const kind of kinds) {
    expect(stateResources(state, kind)[0]?.outputs?.__provider, kind).toContain(`require("${providerModulePath(kind)}")`);
  }
}
