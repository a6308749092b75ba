import * as fs from "node:fs";
import * as path from "node:path";

/** How long the file must stay quiet before an edit is read: editors often write a file in several steps. */
const SETTLE_MS = 150;

/**
 * Calls `onChange` after each edit of `file`, once the edit has settled. The folder is watched rather than the
 * file, because many editors save by writing a new file and renaming it over the old one. Returns a stop function.
 */
export function watchManifest(file: string, onChange: () => void): () => void {
  const absolute = path.resolve(file);
  const name = path.basename(absolute);
  let timer: NodeJS.Timeout | undefined;
  let last = fingerprint(absolute);
  const watcher = fs.watch(path.dirname(absolute), (_event, changed) => {
    if (changed !== null && changed !== name) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A rename or a touch without a change in content is no edit.
      const now = fingerprint(absolute);
      if (now === last) return;
      last = now;
      onChange();
    }, SETTLE_MS);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

function fingerprint(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
