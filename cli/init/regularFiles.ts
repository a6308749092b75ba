import * as fs from "node:fs/promises";
import * as path from "node:path";
import { UserError } from "../../provider/errors";

/**
 * Fails naming the first symbolic link among `relativePaths` inside `folder`, or among the folders that lead to them
 * from `folder`: `init` writes only regular files inside the project, and a link there could send a write outside it.
 * A path that does not exist yet is fine.
 */
export async function refuseLinks(folder: string, relativePaths: readonly string[]): Promise<void> {
  for (const relativePath of relativePaths) {
    let current = folder;
    for (const part of relativePath.split("/")) {
      current = path.join(current, part);
      const stats = await fs.lstat(current).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      if (stats === undefined) break;
      if (stats.isSymbolicLink()) {
        throw new UserError(
          `${current} is a symbolic link; init writes only regular files inside the project and never follows a link: move it away, then run init again`,
        );
      }
    }
  }
}

/**
 * Creates `target` with `content` only where nothing has its name, a link too, which it never follows. Returns
 * whether it wrote the file. `mode` applies to a created file, before the umask. @default 0o666
 */
export async function createExclusive(target: string, content: string, mode = 0o666): Promise<boolean> {
  try {
    await fs.writeFile(target, content, { flag: "wx", mode });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}
