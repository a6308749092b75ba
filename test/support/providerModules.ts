import { existsSync } from "node:fs";
import * as path from "node:path";
import type { KindName } from "../../provider/kindRegistry";
import { repoRoot } from "./paths";

const resourcesFolder = path.join(repoRoot, "provider", "resources");
const fileNameOf = (kind: string) => `${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;

/**
 * Where a kind's provider module is, under `provider/resources/` and without extension: `<kind>/<kind>.provider` in
 * the kind's folder, which state written from this release on records (`./dist/provider/resources/*.provider.js`
 * exports it), or, for a kind not yet in its folder, `<kind>.provider`.
 */
export function providerModulePath(kind: KindName): string {
  const file = fileNameOf(kind);
  const inFolder = `${file}/${file}.provider`;
  return existsSync(path.join(resourcesFolder, `${inFolder}.ts`)) ? inFolder : `${file}.provider`;
}

/**
 * Where the first releases kept a kind's provider module, which their states record: `<kind>.provider`, a re-export
 * of the module in the kind's folder once the kind has one. Undefined for a kind added since.
 */
export function releasedProviderModulePath(kind: string): string | undefined {
  const file = `${fileNameOf(kind)}.provider`;
  return existsSync(path.join(resourcesFolder, `${file}.ts`)) ? file : undefined;
}
