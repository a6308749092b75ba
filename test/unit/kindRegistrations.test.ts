// A kind is registered once, in provider/kinds.ts (a line exporting its class), and every other list of kinds is
// derived from it: the package index re-exports it, the registry (provider/kindRegistry.ts) is built from its classes,
// the plugin's PluginResourceTypes and the manifest's ManifestResource are mapped types over KindName, and the plugin's
// resources, the manifest's kinds, `dev` and the README table read the registry. So a kind cannot be registered in one
// place and missing in another; what this checks is that the derivations hold and that the generated files are fresh:
// the package index's classes, the package schema and the manifest schema and per-kind JSON Schemas name exactly the
// registry's kinds.
import { readdirSync, readFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import * as pkg from "../../provider";
import { KIND_NAMES } from "../../provider/kindRegistry";

const registered = [...KIND_NAMES].sort();
const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("every kind of the registry, and no other, is", () => {
  it("a resource class the package exports under its type name", () => {
    const classes = Object.entries(pkg).filter(
      ([, value]) => typeof value === "function" && value.prototype instanceof pulumi.CustomResource,
    );
    expect(classes.map(([name]) => name).sort()).toEqual(registered);
  });

  it("a resource of the Pulumi package schema, token computeplatform:index:<Kind>", () => {
    expect(Object.keys(json("schema/pulumi-package.json").resources).sort()).toEqual(
      registered.map((kind) => `computeplatform:index:${kind}`),
    );
  });

  it("a resource type of the manifest schema, with its own schema/<Kind>.json", () => {
    expect([...json("schema/manifest.json").definitions.ManifestResource.properties.type.enum].sort()).toEqual(registered);
    const perKind = readdirSync("schema").filter(
      (file) => file.endsWith(".json") && !["manifest.json", "pulumi-package.json"].includes(file),
    );
    expect(perKind.sort()).toEqual(registered.map((kind) => `${kind}.json`));
  });
});
