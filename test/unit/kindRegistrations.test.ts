// A kind is registered once, in provider/kinds.ts; every other list of kinds either derives from it (the plugin, the
// manifest's kinds, `dev`, the README table) or is written by hand and checked here against it, in both directions:
// the package index's classes, the package schema (from the plugin's PluginResourceTypes) and the manifest schema and
// per-kind JSON Schemas (from the manifest's ManifestResource union).
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
