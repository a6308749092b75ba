import { existsSync } from "node:fs";
import * as path from "node:path";
import type { KindName } from "../../provider/kindRegistry";
import { repoRoot } from "./paths";

/**
 * Where a kind's provider module is, under `provider/resources/` and without extension: `<kind>.provider` for the
 * kinds of the first releases (their state holds that path, a re-export of the module in the kind's folder once it
 * moved there), else `<kind>/<kind>.provider` in the folder of a kind added since. Both stay where they are for good,
 * and `./dist/provider/resources/*.provider.js` exports both.
 */
export function providerModulePath(kind: KindName): string {
  const file = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
  const found = [`${file}.provider`, `${file}/${file}.provider`].filter((candidate) =>
    existsSync(path.join(repoRoot, "provider", "resources", `${candidate}.ts`)),
  );
  if (found.length === 0) throw new Error(`${kind} has no provider module`);
  return found[0]!;
}
