import { existsSync } from "node:fs";
import * as path from "node:path";
import type { KindName } from "../../provider/kindRegistry";
import { repoRoot } from "./paths";

/**
 * Where a kind's provider module is, under `provider/resources/` and without extension: `<kind>.provider` for the
 * kinds of the first releases (their state holds that path), `<kind>/<kind>.provider` in the folder of a kind added
 * since. Both stay where they are for good, and `./dist/provider/resources/*.provider.js` exports both.
 */
export function providerModulePath(kind: KindName): string {
  const file = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
  const found = [`${file}.provider`, `${file}/${file}.provider`].filter((candidate) =>
    existsSync(path.join(repoRoot, "provider", "resources", `${candidate}.ts`)),
  );
  if (found.length !== 1) throw new Error(`${kind} must have exactly one provider module, found ${found.length}`);
  return found[0]!;
}
