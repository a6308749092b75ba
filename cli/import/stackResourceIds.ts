import * as fs from "node:fs";
import { type ManifestStack, MissingStackError, openManifestStack } from "../../automation";
import { stateResources } from "../../automation/stateResources";

/** The ids a stack's state holds; none when the stack does not exist yet. */
export interface StackResourceIds {
  ids: Set<string>;
  exists: boolean;
}

/**
 * The ids of every resource in the state of the stack the manifest `manifest` would deploy to, so that what a
 * stack manages already is not imported again. Only reads: a stack that does not exist is not created.
 */
export async function stackResourceIds(manifest: string, stackName: string, backendUrl: string | undefined): Promise<StackResourceIds> {
  let stack: ManifestStack;
  try {
    stack = await openManifestStack({ manifest, stackName, ifMissing: "fail", ...(backendUrl ? { backendUrl } : {}) });
  } catch (error) {
    if (error instanceof MissingStackError) return { ids: new Set(), exists: false };
    throw error;
  }
  try {
    return {
      ids: new Set(stateResources(await stack.exportState()).flatMap(({ id, custom }) => (custom && id ? [id] : []))),
      exists: true,
    };
  } finally {
    // Reading writes nothing: a project file opening wrote goes again.
    if (stack.createdProjectFile !== undefined) fs.rmSync(stack.createdProjectFile, { force: true });
  }
}
