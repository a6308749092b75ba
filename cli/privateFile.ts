import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** Read and write for its owner only: for a file that may hold a secret. */
const OWNER_ONLY = 0o600;

/**
 * Writes `text` to `file` readable by its owner only (0600), atomically: into a new temporary file beside it, then
 * renamed over it, so that a reader or a crash never sees half a file and the secret is never readable by others,
 * not even for a moment. The temporary file is created exclusively, so a symlink planted in its place is refused.
 *
 * @param file where the text goes; its folder must exist. A file already there is replaced.
 * @param text the whole content.
 */
export function writePrivateFile(file: string, text: string): void {
  const temporary = temporaryBeside(file);
  try {
    fs.writeFileSync(temporary, text, { mode: OWNER_ONLY, flag: "wx" });
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Like {@link writePrivateFile}, but only when `file` does not exist yet: of two processes creating it at once,
 * exactly one succeeds and the other finds the winner's complete file.
 *
 * @param file where the text goes; its folder must exist.
 * @param text the whole content.
 * @returns true when this call created the file, false when it was already there (it is left untouched).
 */
export function createPrivateFile(file: string, text: string): boolean {
  const temporary = temporaryBeside(file);
  try {
    fs.writeFileSync(temporary, text, { mode: OWNER_ONLY, flag: "wx" });
    return linkUnlessExists(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** A hard link, unlike a rename, fails when the target exists. */
function linkUnlessExists(existing: string, file: string): boolean {
  try {
    fs.linkSync(existing, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
}
