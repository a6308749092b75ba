import * as fs from "node:fs/promises";
import * as path from "node:path";
import type { ProjectFile } from "./projectFiles";

/** What happened to one file: written where none was, left as it was, or replaced. */
export type FileOutcome = "created" | "kept" | "overwritten";

/**
 * Writes `files` into `folder`, creating the folder if needed. A file that exists already is kept as it is,
 * unless `overwrite` is set. Returns each file's outcome, in the order of `files`.
 */
export async function writeProjectFiles(
  folder: string,
  files: readonly ProjectFile[],
  overwrite: boolean,
): Promise<Array<{ path: string; outcome: FileOutcome }>> {
  await fs.mkdir(folder, { recursive: true });
  const outcomes: Array<{ path: string; outcome: FileOutcome }> = [];
  for (const file of files) {
    const target = path.join(folder, file.path);
    outcomes.push({ path: file.path, outcome: overwrite ? await replace(target, file.content) : await createOnly(target, file.content) });
  }
  return outcomes;
}

async function createOnly(target: string, content: string): Promise<FileOutcome> {
  try {
    // "wx" fails on an existing file instead of racing a separate existence check.
    await fs.writeFile(target, content, { flag: "wx" });
    return "created";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return "kept";
    throw error;
  }
}

async function replace(target: string, content: string): Promise<FileOutcome> {
  const existed = await fs.access(target).then(
    () => true,
    () => false,
  );
  await fs.writeFile(target, content);
  return existed ? "overwritten" : "created";
}
