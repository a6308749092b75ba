import type { PlannedResource } from "./importPlan";

/**
 * Pulumi's bulk import file (`pulumi import --file`): each resource by its type token, which the native plugin
 * serves, its logical name and its id. Pulumi then reads each through the plugin and writes the program's code.
 */
export function pulumiImportFile(resources: readonly PlannedResource[]): string {
  const entries = resources.map(({ kind, logicalName, id }) => ({ type: `computeplatform:index:${kind}`, name: logicalName, id }));
  return `${JSON.stringify({ resources: entries }, null, 2)}\n`;
}
