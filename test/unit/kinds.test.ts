// The one kind registry: every kind's class registers every output it lists, and declared kinds agree with their declaration.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { KIND_NAMES, kinds } from "../../provider/kinds";
import { resourceKinds } from "../../provider/manifest/resourceKinds";
import { resources } from "../../provider/plugin/resources";

beforeAll(async () => {
  // The engine serializes each provider module as `require(<its file>)`, found in Node's require cache; vitest loads
  // modules outside that cache, so each is entered there under a stand-in package path (a package is required, not copied).
  const cache = createRequire(path.resolve("package.json")).cache;
  for (const name of KIND_NAMES) {
    const file = path.resolve("node_modules", "kinds-test", `${name}.provider.js`);
    cache[file] = { id: file, filename: file, loaded: true, exports: kinds[name].provider } as unknown as NodeModule;
  }
  // No engine exists in a unit test: Pulumi's own mocks register the resources, echoing their inputs as state.
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
    "project",
    "stack",
    false,
  );
});

describe.each(KIND_NAMES)("%s", (name) => {
  const kind = kinds[name];

  it("is an output of the class for every output it lists, given only its required arguments", () => {
    const { required = [] } = JSON.parse(readFileSync(`schema/${name}.json`, "utf8")) as { required?: string[] };
    const args = Object.fromEntries(required.map((property) => [property, "given"]));
    const resource = kind.create(`bare-${name}`, args) as unknown as Record<string, unknown>;
    const missing = kind.outputs.filter((output) => !pulumi.Output.isInstance(resource[output]));
    expect(missing).toEqual([]);
  });

  it("is the same kind, secrets and deadline for the manifest and the plugin", () => {
    expect(resourceKinds[name]).toMatchObject({ outputs: kind.outputs, secretProperties: kind.configOnly, check: kind.offlineCheck });
    expect(resources[name]).toBe(kind);
  });

  it("serves the provider module at the path state records, which exports the provider methods and nothing else", async () => {
    // State holds require("pulumi-computeplatform/dist/provider/resources/<kind>.provider.js"): the path must not move.
    const file = `../../provider/resources/${name[0]!.toLowerCase()}${name.slice(1)}.provider`;
    const module = (await import(file)) as Record<string, unknown>;
    expect(module).toBe(kind.provider);
    const methods = ["check", "diff", "create", "read", "update", "delete", "configure"];
    expect(Object.keys(module).filter((key) => !methods.includes(key))).toEqual([]);
    expect(Object.keys(module)).toEqual(expect.arrayContaining(["check", "diff", "create", "read", "delete", "configure"]));
  });

  it.runIf(kind.declaration !== undefined)("lists exactly its declared outputs, and is declared under its own name", () => {
    expect(kind.declaration?.type).toBe(name);
    expect([...kind.outputs].sort()).toEqual(["id", "urn", ...(kind.declaration?.outputs ?? [])].sort());
  });
});
