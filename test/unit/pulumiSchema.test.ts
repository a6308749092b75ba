import { readFileSync } from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { dataFunctions } from "../../provider/plugin/functions";
import { resources } from "../../provider/plugin/resources";
import { generatePulumiSchema, PULUMI_SCHEMA_FILE, REGENERATE_PULUMI_SCHEMA_COMMAND } from "../../scripts/pulumi-schema/pulumiSchema";
import { forEachSubschema } from "../../scripts/schema/subschemas";
import { repoRoot } from "../support/paths";

interface PropertySpec {
  type?: string;
  $ref?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
}
interface PulumiSchema {
  name: string;
  repository: string;
  version?: string;
  config: { variables: Record<string, PropertySpec> };
  provider: { inputProperties: Record<string, PropertySpec> };
  types: Record<string, { properties: Record<string, PropertySpec> }>;
  resources: Record<
    string,
    { inputProperties: Record<string, PropertySpec>; properties: Record<string, PropertySpec>; requiredInputs?: string[] }
  >;
  functions: Record<
    string,
    { inputs: { properties: Record<string, PropertySpec> }; outputs: { properties: Record<string, PropertySpec> } }
  >;
}

const committed = readFileSync(path.join(repoRoot, PULUMI_SCHEMA_FILE), "utf8");
const schema = JSON.parse(committed) as PulumiSchema;

describe("the Pulumi package schema", () => {
  let generated = "";
  beforeAll(() => {
    generated = generatePulumiSchema(repoRoot);
  });

  it("is byte for byte what the provider modules' types generate", () => {
    expect(committed, `${PULUMI_SCHEMA_FILE} is out of date: run \`${REGENERATE_PULUMI_SCHEMA_COMMAND}\` and commit the result`).toBe(
      generated,
    );
  });

  it("declares every resource kind the plugin serves as computeplatform:index:<Kind>, and nothing else", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(
      Object.keys(resources)
        .map((kind) => `computeplatform:index:${kind}`)
        .sort(),
    );
  });

  it("declares every data function as an invoke, and nothing else", () => {
    expect(Object.keys(schema.functions).sort()).toEqual([...dataFunctions.keys()].map((name) => `computeplatform:index:${name}`).sort());
    expect(schema.functions["computeplatform:index:getCheapestGpuType"]?.inputs.properties.minMemory).toMatchObject({ type: "number" });
    expect(Object.keys(schema.functions["computeplatform:index:getCheapestGpuType"]?.outputs.properties ?? {})).toContain("id");
  });

  it("takes secrets and replaceOnChanges from each kind's declaration, and keeps an integer input an integer output", () => {
    const volume = schema.resources["computeplatform:index:NetworkVolume"]!;
    expect(volume.inputProperties.size).toMatchObject({ type: "integer" });
    expect(volume.properties.size).toMatchObject({ type: "integer" });
    const replacing = Object.entries(volume.properties)
      .filter(([, spec]) => spec.replaceOnChanges)
      .map(([name]) => name);
    expect(replacing.sort()).toEqual(["dataCenter", "type"]);
    const registry = schema.resources["computeplatform:index:Registry"]!;
    const secrets = (properties: Record<string, PropertySpec>) => Object.keys(properties).filter((name) => properties[name]?.secret);
    expect({ inputs: secrets(registry.inputProperties), outputs: secrets(registry.properties) }).toEqual({
      inputs: ["username", "password"],
      outputs: ["username", "password"],
    });
  });

  it.each([
    ["Pod", ["cloud", "cpu", "dataCenterIds", "gpu", "startJupyter", "startSsh"]],
    ["Cluster", ["args", "compute", "dataCenterIds", "disk", "env", "image", "mounts", "ports", "startJupyter", "startSsh", "type"]],
    // A new compute family replaces an endpoint, while its gpu or cpu settings change in place: neither is marked.
    ["ServerlessEndpoint", ["type"]],
  ])("marks what replaces a %s, and keeps its env secret as an input and an output", (kind, replacing) => {
    const resource = schema.resources[`computeplatform:index:${kind}`]!;
    const marked = Object.entries(resource.properties)
      .filter(([, spec]) => spec.replaceOnChanges)
      .map(([name]) => name);
    expect(marked.sort()).toEqual(replacing);
    expect(Object.keys(resource.properties).filter((name) => resource.properties[name]?.secret)).toEqual(["env"]);
    expect(Object.keys(resource.inputProperties).filter((name) => resource.inputProperties[name]?.secret)).toEqual(["env"]);
  });

  it("declares the provider config apiUrl, apiKey (secret), jobUrl and storagePrices, for stack config and explicit providers alike", () => {
    const expected = {
      apiUrl: { type: "string" },
      apiKey: { type: "string", secret: true },
      jobUrl: { type: "string" },
      storagePrices: { type: "string" },
    };
    expect(schema.config.variables).toMatchObject(expected);
    expect(schema.provider.inputProperties).toMatchObject(expected);
    expect(Object.keys(schema.config.variables).sort()).toEqual(["apiKey", "apiUrl", "jobUrl", "storagePrices"]);
  });

  it("leaves the version to the plugin, so that a release does not change the file", () => {
    expect(schema.name).toBe("computeplatform");
    expect(schema.version).toBeUndefined();
  });

  it.each([
    { kind: "Pod", outputs: ["env"], inputs: ["env"] },
    { kind: "Cluster", outputs: ["env"], inputs: ["env"] },
    { kind: "ServerlessEndpoint", outputs: ["env"], inputs: ["env"] },
    { kind: "Template", outputs: ["env"], inputs: ["env"] },
    { kind: "Registry", outputs: ["password", "username"], inputs: ["password", "username"] },
  ])("marks the $kind's secret properties as the dynamic resource keeps them", ({ kind, outputs, inputs }) => {
    const resource = schema.resources[`computeplatform:index:${kind}`];
    const secret = (properties: Record<string, PropertySpec> = {}) =>
      Object.entries(properties)
        .filter(([, spec]) => spec.secret)
        .map(([name]) => name)
        .sort();
    expect(secret(resource?.properties)).toEqual(outputs);
    expect(secret(resource?.inputProperties)).toEqual(inputs);
  });

  it("names a pod's arguments and outputs as the v2 fields, with their types", () => {
    const pod = schema.resources["computeplatform:index:Pod"];
    expect(pod?.inputProperties.name).toMatchObject({ type: "string" });
    expect(pod?.inputProperties.gpu).toMatchObject({ $ref: "#/types/computeplatform:index:GpuConfig" });
    expect(pod?.inputProperties.mounts).toMatchObject({ $ref: "#/types/computeplatform:index:Mounts" });
    expect(schema.types["computeplatform:index:Mounts"]?.properties.network).toEqual({
      description: expect.any(String),
      type: "array",
      items: { $ref: "#/types/computeplatform:index:NetworkMount" },
    });
    expect(pod?.properties.ssh).toMatchObject({ $ref: "#/types/computeplatform:index:PodSsh" });
    expect(pod?.properties.status).toMatchObject({ type: "string" });
  });

  it("names its types as the API does, without the Inputs of our TypeScript interfaces", () => {
    const names = Object.keys(schema.types).map((token) => token.replace("computeplatform:index:", ""));
    expect(names.filter((name) => name.endsWith("Inputs"))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining(["CpuConfig", "GpuConfig", "Mounts", "NetworkMount", "PersistentMount", "ClusterCompute"]),
    );
  });

  it("says where its source is and how the SDKs of other languages are named, so the Go module path follows", () => {
    expect(schema).toMatchObject({
      repository: "https://github.com/computeplatform/pulumi-computeplatform",
      homepage: "https://github.com/computeplatform/pulumi-computeplatform",
      publisher: "Compute Platform",
      license: "Apache-2.0",
      meta: { moduleFormat: "(.*)", supportPack: true },
      language: {
        go: { importBasePath: "github.com/computeplatform/pulumi-computeplatform/sdk/go/computeplatform" },
        nodejs: { packageName: "pulumi-computeplatform" },
        python: { packageName: "pulumi_computeplatform", pyproject: { enabled: true } },
      },
    });
  });

  it("refers only to types it declares", () => {
    const refs = new Set<string>();
    forEachSubschema(JSON.parse(committed), (node) => {
      if (typeof node.$ref === "string") refs.add(node.$ref);
    });
    for (const ref of refs) {
      if (ref === "pulumi.json#/Any") continue;
      expect(ref.startsWith("#/types/") && ref.slice("#/types/".length) in schema.types, ref).toBe(true);
    }
  });
});
