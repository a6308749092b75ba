import { existsSync } from "node:fs";
import * as path from "node:path";
import type { KindName } from "../../provider/kindRegistry";
import { repoRoot } from "./paths";

/**
 * Where a kind's provider module is, under `provider/resources/` and without extension: `<kind>/<kind>.provider` in
 * its folder, else `<kind>.provider` (the path state of the first releases holds, which a kind moved into its folder
 * keeps as a re-export). Both stay where they are for good, and `./dist/provider/resources/*.provider.js` exports both.
 */
export function providerModulePath(kind: KindName): string {
  const file = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
  const found = [`${file}/${file}.provider`, `${file}.provider`].filter((candidate) =>
    existsSync(path.join(repoRoot, "provider", "resources", `${candidate}.ts`)),
  );
  if (found.length === 0) throw new Error(`${kind} has no provider module`);
  return found[0]!;
}
