import * as fs from "node:fs/promises";
import * as path from "node:path";
import type { ProjectFile, ProjectLink } from "./projectFiles";
import { createExclusive, PRIVATE_FILE_MODE, replaceAtomically } from "./regularFiles";

/**
 * What happened to one file: written where none was, left as it was, replaced, or, for an agent file deleted after
 * `init` wrote it, not written again. The record of what `init` wrote is `updated` when it learns a new file.
 */
export type FileOutcome = "created" | "kept" | "overwritten" | "skipped" | "updated";

/** One file's outcome, as `init` reports it. */
export interface FileReport {
  path: string;
  outcome: FileOutcome;
  /** For a link, the file it points to. */
  linkTo?: string;
}

/**
 * Writes `files` into `folder`, creating the folder if needed. A file that exists already is kept as it is,
 * unless `overwrite` is set; then it is replaced by renaming a new file over it. No link is ever followed: the caller
 * refuses links in the way first (`refuseLinks`). Returns each file's outcome, in the order of `files`.
 */
export async function writeProjectFiles(folder: string, files: readonly ProjectFile[], overwrite: boolean): Promise<FileReport[]> {
  await fs.mkdir(folder, { recursive: true });
  const reports: FileReport[] = [];
  for (const file of files) {
    const target = path.join(folder, file.path);
    reports.push({ path: file.path, outcome: overwrite ? await replace(target, file) : await createOnly(target, file) });
  }
  return reports;
}

/** Writes a file or link where nothing is; anything there, a dangling link too, is kept and not followed. */
export async function createOnly(target: string, file: ProjectFile | ProjectLink): Promise<"created" | "kept"> {
  if (!("linkTo" in file)) return (await createExclusive(target, file.content, modeOf(file))) ? "created" : "kept";
  try {
    // symlink fails on an existing name instead of racing a separate existence check.
    await fs.symlink(file.linkTo, target);
    return "created";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return "kept";
    throw error;
  }
}

async function replace(target: string, file: ProjectFile): Promise<"created" | "overwritten"> {
  const existed = await fs.lstat(target).then(
    () => true,
    () => false,
  );
  await replaceAtomically(target, file.content, modeOf(file));
  return existed ? "overwritten" : "created";
}

function modeOf(file: ProjectFile): number | undefined {
  return file.mayHoldSecrets === true ? PRIVATE_FILE_MODE : undefined;
}
