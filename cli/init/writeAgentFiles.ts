import * as fs from "node:fs/promises";
import * as path from "node:path";
import { INIT_RECORD, writeInitRecord } from "./initRecord";
import type { ProjectFile, ProjectLink } from "./projectFiles";
import { createOnly, type FileReport } from "./writeProjectFiles";

/**
 * Writes the agent files into `folder`, each only where nothing has its name, `--force` or not, and never again once
 * it was deleted: `written` are the ones `init` wrote before, as {@link INIT_RECORD} lists them, and the record
 * learns the ones written now. A link is written only while the file it points to is there. Returns each file's
 * outcome, then the record's when it was written.
 */
export async function writeAgentFiles(
  folder: string,
  files: ReadonlyArray<ProjectFile | ProjectLink>,
  written: ReadonlySet<string>,
): Promise<FileReport[]> {
  const learned = new Set(written);
  const reports: FileReport[] = [];
  for (const file of files) {
    const target = path.join(folder, file.path);
    const linkTo = "linkTo" in file ? { linkTo: file.linkTo } : {};
    if (written.has(file.path) || ("linkTo" in file && !(await exists(path.resolve(path.dirname(target), file.linkTo))))) {
      reports.push({ path: file.path, outcome: (await exists(target)) ? "kept" : "skipped", ...linkTo });
      continue;
    }
    const outcome = await createOnly(target, file);
    if (outcome === "created") learned.add(file.path);
    reports.push({ path: file.path, outcome, ...linkTo });
  }
  if (learned.size > written.size) {
    const recordExisted = await exists(path.join(folder, INIT_RECORD));
    await writeInitRecord(folder, learned);
    reports.push({ path: INIT_RECORD, outcome: recordExisted ? "updated" : "created" });
  }
  return reports;
}

/** Whether anything, a dangling link too, has the name `target`. */
async function exists(target: string): Promise<boolean> {
  return fs.lstat(target).then(
    () => true,
    () => false,
  );
}
