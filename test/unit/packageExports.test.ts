// The public API is what package.json exports by name. The provider modules are among it because every state holds
// them as `require("pulumi-computeplatform/dist/provider/resources/<kind>.provider.js")`: each such path, those of
// states written by earlier releases included, must resolve through `exports` to the kind's provider module.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KIND_NAMES, type KindName, kinds } from "../../provider/kindRegistry";
import { providerModulePath } from "../support/providerModules";

const { name, exports } = JSON.parse(readFileSync("package.json", "utf8")) as { name: string; exports: Record<string, unknown> };

/** The file a `require()` of `specifier` loads by the package's `exports`, as Node resolves a subpath (one `*` at most). */
function exported(specifier: string): string | undefined {
  const subpath = `.${specifier.slice(name.length)}`;
  for (const [pattern, target] of Object.entries(exports)) {
    if (typeof target !== "string") continue;
    const [prefix, suffix] = pattern.split("*") as [string, string | undefined];
    if (suffix === undefined) {
      if (pattern === subpath) return target;
    } else if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length) {
      return target.replace("*", subpath.slice(prefix.length, subpath.length - suffix.length));
    }
  }
  return undefined;
}

/** The source of a built file under dist/, e.g. `provider/resources/pod.provider.ts` for `./dist/provider/resources/pod.provider.js`. */
const sourceOf = (built: string) => built.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts");

/** The provider modules' paths in state written by the package at 13d24b8 (test/fixtures/oldPackage), the last release with `./dist/*` public. */
const OLD_STATE_KINDS = [
  "AccountSshKeys",
  "Cluster",
  "Job",
  "NetworkVolume",
  "Pod",
  "Registry",
  "RegistryDelegation",
  "ServerlessEndpoint",
  "Template",
  "TextToVideoJob",
] as const satisfies readonly KindName[];
const oldStatePath = (kind: KindName) => `${name}/dist/provider/resources/${kind.charAt(0).toLowerCase()}${kind.slice(1)}.provider.js`;

/** What a provider module exports, and nothing else; `update` only where something changes in place. */
const PROVIDER_METHODS = ["check", "configure", "create", "delete", "diff", "read", "update"];

/** Asserts that the built module `built` exports the provider methods of `kind` as the registry serves them, and nothing else. */
async function expectServedMethods(kind: KindName, built: string): Promise<void> {
  expect(existsSync(sourceOf(built))).toBe(true);
  const module = (await import(`../../${sourceOf(built).replace(/\.ts$/, "")}`)) as Record<string, unknown>;
  expect(Object.keys(module).filter((method) => !PROVIDER_METHODS.includes(method))).toEqual([]);
  expect(Object.keys(module)).toEqual(expect.arrayContaining(PROVIDER_METHODS.filter((method) => method !== "update")));
  for (const method of Object.keys(module).filter((method) => method !== "configure")) {
    expect(module[method], method).toBe((kinds[kind].provider as unknown as Record<string, unknown>)[method]);
  }
}

describe("package.json exports", () => {
  it("name the entry points, the JSON Schemas and the provider modules, and nothing else under dist/", () => {
    expect(Object.keys(exports)).toEqual([
      ".",
      "./emulator",
      "./automation",
      "./dist/provider/resources/*.provider.js",
      "./schema/*",
      "./package.json",
    ]);
    expect(exported(`${name}/dist/provider/index.js`)).toBeUndefined();
    // A kind added later keeps its provider module in its folder, at a path as stable.
    expect(exported(`${name}/dist/provider/resources/gpuQuota/gpuQuota.provider.js`)).toBe(
      "./dist/provider/resources/gpuQuota/gpuQuota.provider.js",
    );
    expect(exported(`${name}/dist/provider/resources/lifecycle/lifecycle.js`)).toBeUndefined();
  });

  it.each(OLD_STATE_KINDS)(
    "resolve the path of %s's provider module that old state holds to the methods the registry serves",
    async (kind) => {
      const specifier = oldStatePath(kind);
      const built = exported(specifier);
      expect(built).toBe(`./${specifier.slice(name.length + 1)}`);
      await expectServedMethods(kind, built!);
    },
  );

  it.each(KIND_NAMES)("resolve the stable path of %s's provider module to the very module the registry serves", async (kind) => {
    await expectServedMethods(kind, exported(`${name}/dist/provider/resources/${providerModulePath(kind)}.js`)!);
  });
});
