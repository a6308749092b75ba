import { MissingStackError, openManifestStack } from "../../automation";
import type { StateBackend } from "../../automation/backend";

/** The ids a stack's state holds, and where that state is; no ids when the stack does not exist yet. */
export interface StackResourceIds {
  ids: Set<string>;
  exists: boolean;
  backend: StateBackend | undefined;
}

/**
 * The ids of every resource in the state of the stack the manifest `manifest` would deploy to, so that what a
 * stack manages already is not imported again. Only reads: a stack that does not exist is not created.
 */
export async function stackResourceIds(manifest: string, stackName: string, backendUrl: string | undefined): Promise<StackResourceIds> {
  let stack;
  try {
    stack = await openManifestStack({ manifest, stackName, ifMissing: "fail", ...(backendUrl ? { backendUrl } : {}) });
  } catch (error) {
    if (error instanceof MissingStackError) return { ids: new Set(), exists: false, backend: undefined };
    throw error;
  }
  try {
    const { deployment } = await stack.exportState();
    const resources = (deployment as { resources?: { id?: string; custom?: boolean }[] }).resources ?? [];
    return {
      ids: new Set(resources.flatMap(({ id, custom }) => (custom && id ? [id] : []))),
      exists: true,
      backend: stack.backend,
    };
  } finally {
    if (stack.createdProjectFile !== undefined) (await import("node:fs")).rmSync(stack.createdProjectFile, { force: true });
  }
}
