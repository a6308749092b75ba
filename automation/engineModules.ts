import * as path from "node:path";

/**
 * `NODE_PATH` for the engine's processes: the `node_modules` folders that hold this package and the `@pulumi/pulumi`
 * it runs with, then any `NODE_PATH` already set. The dynamic provider process resolves
 * `@pulumi/pulumi/cmd/dynamic-provider` and each resource's `require("pulumi-computeplatform/...")` from the project
 * folder, and falls back to these: so a manifest deploys from a global install or `npx` in a folder without
 * `node_modules`, while a project's own install still comes first. A source checkout is in no `node_modules`, and
 * adds nothing.
 */
export function engineNodePath(existing = process.env.NODE_PATH): string {
  const ownFolder = path.dirname(path.dirname(require.resolve("pulumi-computeplatform/package.json")));
  const sdkFolder = path.dirname(path.dirname(path.dirname(require.resolve("@pulumi/pulumi/package.json"))));
  const folders = [ownFolder, sdkFolder].filter((folder) => path.basename(folder) === "node_modules");
  return [...new Set([...folders, ...(existing ? existing.split(path.delimiter).filter(Boolean) : [])])].join(path.delimiter);
}
