import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { repoRoot } from "./paths";

const sourceDirs = ["provider", "emulator", "automation", "cli", "examples", "program", "scripts"];
// tsc rewrites every output on each build, so this file's age is the age of the whole build.
const buildMarker = path.join(repoRoot, "dist", "automation", "index.js");

/**
 * Builds the package afresh (`npm run build` empties `dist/` first) unless `dist/` is newer than every source file, so that running the e2e suites
 * directly (`npx vitest run test/e2e`) packs what is in the tree; `npm test` has just built it.
 */
export function ensureBuilt(): void {
  if (fs.existsSync(buildMarker) && newestSource() <= fs.statSync(buildMarker).mtimeMs) return;
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
}

function newestSource(): number {
  let newest = 0;
  for (const dir of sourceDirs) {
    const root = path.join(repoRoot, dir);
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith(".ts")) {
        newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return newest;
}
