import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * On a `file://` backend, removes the stack checkpoint's attributes file (`<stack>.json.attrs`) when it is empty,
 * and returns its path; undefined when there was none to remove. The backend writes that file before it moves the
 * new checkpoint into place, so a process killed in between leaves it empty beside the previous, intact checkpoint,
 * and every later command fails with "failed to load checkpoint: EOF". Without the file, the checkpoint loads.
 */
export function removeEmptyCheckpointAttributes(backendUrl: string, projectName: string, stackName: string): string | undefined {
  if (!backendUrl.startsWith("file://")) return undefined;
  const stack = stackName.split("/").at(-1) ?? stackName;
  const file = path.join(fileURLToPath(backendUrl), ".pulumi", "stacks", projectName, `${stack}.json.attrs`);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isFile() || stat.size > 0) return undefined;
  fs.rmSync(file);
  return file;
}
