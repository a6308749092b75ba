import * as fs from "node:fs";
import * as path from "node:path";
import { UserError } from "../provider/errors";
import { LOCAL_STATE_FOLDER } from "./backend";

/**
 * Refuses a project folder where a file or folder that a stack command reads or writes (the project file, the
 * stack's config file, the local state folder) is a symbolic link. A repository can ship such a link, dangling or
 * not, and writing through it would create or change a file outside the project.
 */
export function refuseLinks(workDir: string, stackName: string): void {
  const names = ["Pulumi.yaml", "Pulumi.yml", "Pulumi.json", stackConfigFileName(stackName), LOCAL_STATE_FOLDER];
  for (const name of names) {
    const file = path.join(workDir, name);
    if (fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink())
      throw new UserError(
        `${file} is a symbolic link: stack commands never write through one, since it can lead outside the project. ` +
          "Replace it with the file or folder itself.",
      );
  }
}

/** The stack's config file name, `Pulumi.<stack>.yaml`; a fully qualified name (`org/project/stack`) uses its last part. */
export function stackConfigFileName(stackName: string): string {
  return `Pulumi.${stackName.split("/").at(-1)}.yaml`;
}
