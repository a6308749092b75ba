import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import { parse } from "yaml";
import type { Definition } from "typescript-json-schema";
import { beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { accountSshKeysInputsSchema } from "../../provider/schemas/account";
import { clusterInputsSchema } from "../../provider/schemas/cluster";
import { jobInputsSchema, textToVideoJobInputsSchema } from "../../provider/schemas/jobInputs";
import { networkVolumeInputsSchema } from "../../provider/schemas/networkVolume";
import { podInputsSchema } from "../../provider/schemas/pod";
import { registryInputsSchema } from "../../provider/schemas/registry";
import { registryDelegationInputsSchema } from "../../provider/schemas/registryDelegation";
import { serverlessEndpointInputsSchema } from "../../provider/schemas/serverlessEndpoint";
import { templateInputsSchema } from "../../provider/schemas/template";
import { PULUMI_SCHEMA_FILE } from "../../provider/plugin/schemaFile";
import { generateSchemaFiles, REGENERATE_COMMAND, SCHEMA_DIRECTORY, type SchemaFile } from "../../scripts/schema/schemaFiles";
import { forEachSubschema } from "../../scripts/schema/subschemas";
import { repoRoot } from "../support/paths";
import { KIND_NAMES, type KindName } from "../../provider/kindRegistry";

const schemaDirectory = path.join(repoRoot, SCHEMA_DIRECTORY);
const resourceTypes = KIND_NAMES;
type ResourceType = KindName;

/** Each schema file and the type it is generated from. */
const sources: Record<string, string> = {
  "Pod.json": "PodInputs in provider/resources/pod/inputs.ts",
  "Cluster.json": "ClusterInputs in provider/resources/cluster/inputs.ts",
  "ServerlessEndpoint.json": "ServerlessEndpointInputs in provider/resources/serverlessEndpoint/inputs.ts",
  "Template.json": "TemplateInputs in provider/resources/template/inputs.ts",
  "NetworkVolume.json": "NetworkVolumeInputs in provider/schemas/networkVolume.ts",
  "Registry.json": "RegistryInputs in provider/schemas/registry.ts",
  "RegistryDelegation.json": "RegistryDelegationInputs in provider/schemas/registryDelegation.ts",
  "AccountSshKeys.json": "AccountSshKeysInputs in provider/schemas/account.ts",
  "Job.json": "JobInputs in provider/schemas/jobInputs.ts",
  "TextToVideoJob.json": "TextToVideoJobInputs in provider/schemas/jobInputs.ts",
  "manifest.json": "ManifestDocument in provider/manifest/document.ts",
};
const schemaFileNames = Object.keys(sources);

/** What the committed schemas say, as users' editors and the published package get them; a missing one is empty. */
const committed = new Map(
  schemaFileNames.map((fileName) => {
    const file = path.join(schemaDirectory, fileName);
    return [fileName, existsSync(file) ? readFileSync(file, "utf8") : undefined];
  }),
);
const committedSchema = (fileName: string) => JSON.parse(committed.get(fileName) ?? "{}") as Definition;

const ajv = new Ajv({ strict: true, allowUnionTypes: true });
for (const fileName of schemaFileNames) ajv.addSchema(committedSchema(fileName), fileName);
const validator = (fileName: string) => {
  const validate = ajv.getSchema(fileName);
  if (validate === undefined) throw new Error(`${fileName} is not registered`);
  return validate;
};

/** The manifest that declares every resource type. */
const fixture: unknown = parse(readFileSync(path.join(repoRoot, "test/fixtures/manifests/all-resources.yaml"), "utf8"));
const DELETED = Symbol("deleted");

/** A copy of the fixture with the value at `pointer` (a JSON pointer) replaced, or deleted. */
function fixtureWith(pointer: string, value: unknown): unknown {
  const copy = structuredClone(fixture);
  const keys = pointer.split("/").slice(1);
  const last = keys.pop() ?? "";
  const parent = keys.reduce((node, key) => (node as Record<string, unknown>)[key], copy) as Record<string, unknown>;
  if (value === DELETED) delete parent[last];
  else parent[last] = value;
  return copy;
}

describe("generated schemas", () => {
  let generated: SchemaFile[] = [];
  beforeAll(() => {
    generated = generateSchemaFiles(repoRoot);
  }, 60_000);

  it("are one per resource type plus manifest.json, and nothing else is in schema/ but the Pulumi package schema", () => {
    expect(generated.map((file) => file.fileName).sort()).toEqual([...schemaFileNames].sort());
    expect(readdirSync(schemaDirectory).sort()).toEqual([...schemaFileNames, path.basename(PULUMI_SCHEMA_FILE)].sort());
  });

  it.each(schemaFileNames)("%s is byte for byte what the TypeScript types generate", (fileName) => {
    const fresh = generated.find((file) => file.fileName === fileName)?.text;
    expect(
      committed.get(fileName),
      `${SCHEMA_DIRECTORY}/${fileName} is out of date: run \`${REGENERATE_COMMAND}\` and commit the result`,
    ).toBe(fresh);
  });

  it.each(schemaFileNames)("%s starts with a notice that it is generated, by which command, from which file", (fileName) => {
    const [firstKey, firstValue] = Object.entries(committedSchema(fileName))[0] ?? [];
    expect({ [String(firstKey)]: firstValue }).toEqual({
      $comment:
        `Generated by \`npm run schema\` (scripts/schema/generate.ts) from ${sources[fileName]} and its TSDoc. ` +
        "Do not edit it by hand: change the type or its TSDoc and regenerate.",
    });
  });
});

describe("manifest.json", () => {
  const validate = validator("manifest.json");

  it("accepts a manifest declaring every resource type, with references, config secrets, options and outputs", () => {
    const { resources } = fixture as { resources: Record<string, { type: string }> };
    expect(new Set(Object.values(resources).map((resource) => resource.type))).toEqual(new Set(resourceTypes));
    validate(fixture);
    expect(validate.errors ?? []).toEqual([]);
  });

  it.each([
    { name: "a reference for an enum", at: "/resources/data/properties/type", value: "${config.volumeType}" },
    { name: "a reference for an enum type of its own", at: "/resources/training/properties/type", value: "${config.clusterType}" },
    { name: "a reference for a constant", at: "/resources/keys/properties/adopt", value: "${config.sshKeySetId}" },
    { name: "a reference for a patterned string", at: "/resources/trainer/properties/gpu/minCudaVersion", value: "${config.cuda}" },
    { name: "a reference for a whole object", at: "/resources/trainer/properties/mounts", value: "${config.mounts}" },
    { name: "a reference for a union", at: "/resources/api/properties/scaling", value: "${config.scaling}" },
    { name: "a reference for a whole array", at: "/resources/inference/properties/gpu/pools", value: "${config.pools}" },
    { name: "a reference for a job's input", at: "/resources/smoke-test/properties/input", value: "${config.smokeInput}" },
    { name: "text around a reference for a number", at: "/resources/inference/properties/timeout", value: "${config.timeoutMinutes}000" },
    { name: "any value as an output", at: "/outputs/nested", value: { list: [1, true, null] } },
    { name: "a resource's description", at: "/resources/data/description", value: "Training data.\nFilled by ${config.loader}." },
  ])("accepts $name", ({ at, value }) => {
    validate(fixtureWith(at, value));
    expect(validate.errors ?? []).toEqual([]);
  });

  // The first error is the most specific one; the ones after it are the alternatives and `if`s that enclose it.
  it.each<{ name: string; at: string; value: unknown; error: Partial<ErrorObject> }>([
    {
      name: "an unknown resource type",
      at: "/resources/data/type",
      value: "Volume",
      error: { instancePath: "/resources/data/type", keyword: "enum", params: { allowedValues: [...resourceTypes] } },
    },
    {
      name: "an entry without a type",
      at: "/resources/data/type",
      value: DELETED,
      error: { instancePath: "/resources/data", keyword: "required", params: { missingProperty: "type" } },
    },
    {
      name: "an entry without properties",
      at: "/resources/data/properties",
      value: DELETED,
      error: { instancePath: "/resources/data", keyword: "required", params: { missingProperty: "properties" } },
    },
    {
      name: "a reference for the whole of properties",
      at: "/resources/data/properties",
      value: "${config.volume}",
      error: { instancePath: "/resources/data/properties", keyword: "type", params: { type: "object" } },
    },
    {
      name: "a property the type does not have",
      at: "/resources/data/properties/sizeGb",
      value: 50,
      error: { instancePath: "/resources/data/properties", keyword: "additionalProperties", params: { additionalProperty: "sizeGb" } },
    },
    {
      name: "a property of another type",
      at: "/resources/data/properties/image",
      value: "org/app:1",
      error: { instancePath: "/resources/data/properties", keyword: "additionalProperties", params: { additionalProperty: "image" } },
    },
    {
      name: "a missing required property",
      at: "/resources/data/properties/dataCenter",
      value: DELETED,
      error: { instancePath: "/resources/data/properties", keyword: "required", params: { missingProperty: "dataCenter" } },
    },
    {
      name: "a string where an integer is expected",
      at: "/resources/trainer/properties/gpu/count",
      value: "two",
      error: { instancePath: "/resources/trainer/properties/gpu/count", keyword: "type", params: { type: "integer" } },
    },
    {
      name: "an unterminated reference where an integer is expected",
      at: "/resources/trainer/properties/gpu/count",
      value: "${config.gpuCount",
      error: { instancePath: "/resources/trainer/properties/gpu/count", keyword: "type", params: { type: "integer" } },
    },
    {
      name: "a fraction where an integer is expected",
      at: "/resources/training/properties/compute/podCount",
      value: 2.5,
      error: { instancePath: "/resources/training/properties/compute/podCount", keyword: "type", params: { type: "integer" } },
    },
    {
      name: "an integer above its maximum",
      at: "/resources/data/properties/size",
      value: 5000,
      error: { instancePath: "/resources/data/properties/size", keyword: "maximum", params: { comparison: "<=", limit: 4096 } },
    },
    {
      name: "an integer below its minimum",
      at: "/resources/inference/properties/workers/idleTimeout",
      value: 0,
      error: {
        instancePath: "/resources/inference/properties/workers/idleTimeout",
        keyword: "minimum",
        params: { comparison: ">=", limit: 1 },
      },
    },
    {
      name: "a number below its minimum",
      at: "/resources/inference/properties/scaling/queueDelay",
      value: 0.25,
      error: {
        instancePath: "/resources/inference/properties/scaling/queueDelay",
        keyword: "minimum",
        params: { comparison: ">=", limit: 0.5 },
      },
    },
    {
      name: "a vCPU count that is no power of two",
      at: "/resources/notebook/properties/cpu/vcpuCount",
      value: 6,
      error: {
        instancePath: "/resources/notebook/properties/cpu/vcpuCount",
        keyword: "enum",
        params: { allowedValues: Array.from({ length: 20 }, (_, power) => 2 ** (power + 1)) },
      },
    },
    {
      name: "a value outside its enum",
      at: "/resources/inference/properties/flashboot",
      value: "TURBO",
      error: {
        instancePath: "/resources/inference/properties/flashboot",
        keyword: "enum",
        params: { allowedValues: ["FLASHBOOT", "OFF", "PRIORITY_FLASHBOOT"] },
      },
    },
    {
      name: "a port that is not <port>/http or <port>/tcp",
      at: "/resources/notebook/properties/ports/0",
      value: "8888/udp",
      error: { instancePath: "/resources/notebook/properties/ports/0", keyword: "pattern" },
    },
    {
      name: "a port above 65535",
      at: "/resources/notebook/properties/ports/0",
      value: "65536/tcp",
      error: { instancePath: "/resources/notebook/properties/ports/0", keyword: "pattern" },
    },
    {
      name: "a CUDA version that is not major.minor",
      at: "/resources/trainer/properties/gpu/minCudaVersion",
      value: "12",
      error: { instancePath: "/resources/trainer/properties/gpu/minCudaVersion", keyword: "pattern" },
    },
    {
      name: "a mount path that is not text",
      at: "/resources/trainer/properties/mounts/network/0/path",
      value: 5,
      error: { instancePath: "/resources/trainer/properties/mounts/network/0/path", keyword: "type" },
    },
    {
      name: "a second network mount",
      at: "/resources/trainer/properties/mounts/network/1",
      value: { volumeId: "vol-2", path: "/more" },
      error: { instancePath: "/resources/trainer/properties/mounts/network", keyword: "maxItems", params: { limit: 1 } },
    },
    {
      name: "a CPU configuration listed twice",
      at: "/resources/api/properties/cpu/2",
      value: { id: "cpu3c", vcpuCount: 2 },
      error: { instancePath: "/resources/api/properties/cpu", keyword: "uniqueItems", params: { i: 2, j: 0 } },
    },
    {
      name: "an SSH key that is not an authorized_keys line",
      at: "/resources/keys/properties/keys/0",
      value: "AAAAC3NzaC1lZDI1NTE5",
      error: { instancePath: "/resources/keys/properties/keys/0", keyword: "pattern" },
    },
    {
      name: "a text-to-video duration above 16 seconds",
      at: "/resources/teaser/properties/input/duration",
      value: 17,
      error: { instancePath: "/resources/teaser/properties/input/duration", keyword: "maximum", params: { comparison: "<=", limit: 16 } },
    },
    {
      name: "a blank text-to-video prompt",
      at: "/resources/teaser/properties/input/prompt",
      value: " ",
      error: { instancePath: "/resources/teaser/properties/input/prompt", keyword: "pattern" },
    },
    {
      name: "a description that is not text",
      at: "/resources/data/description",
      value: ["Training data."],
      error: { instancePath: "/resources/data/description", keyword: "type", params: { type: "string" } },
    },
    {
      name: "a blank description",
      at: "/resources/data/description",
      value: " \n",
      error: { instancePath: "/resources/data/description", keyword: "pattern", params: { pattern: "\\S" } },
    },
    {
      name: "an unknown option",
      at: "/resources/data/options/protected",
      value: true,
      error: { instancePath: "/resources/data/options", keyword: "additionalProperties", params: { additionalProperty: "protected" } },
    },
    {
      name: "a reference for an option",
      at: "/resources/data/options/protect",
      value: "${config.protect}",
      error: { instancePath: "/resources/data/options/protect", keyword: "type", params: { type: "boolean" } },
    },
    {
      name: "an unknown top-level key",
      at: "/variables",
      value: { tag: "v3" },
      error: { instancePath: "", keyword: "additionalProperties", params: { additionalProperty: "variables" } },
    },
    {
      name: "no resources",
      at: "/resources",
      value: DELETED,
      error: { instancePath: "", keyword: "required", params: { missingProperty: "resources" } },
    },
  ])("rejects $name", ({ at, value, error }) => {
    expect(validate(fixtureWith(at, value))).toBe(false);
    const [first] = validate.errors ?? [];
    expect({ instancePath: first?.instancePath, keyword: first?.keyword, ...("params" in error ? { params: first?.params } : {}) }).toEqual(
      error,
    );
  });
});

describe("per-resource schemas", () => {
  // Plain arguments, as a program passes them; each also passes the resource's own zod check.
  const goodArguments: Record<ResourceType, { check: ZodType; arguments: Record<string, unknown> }> = {
    Pod: {
      check: podInputsSchema,
      arguments: {
        name: "trainer",
        image: "org/trainer:1.2",
        gpu: { id: "NVIDIA A100 80GB PCIe", count: 2 },
        mounts: { network: [{ volumeId: "vol-1", path: "/workspace" }] },
        ports: ["22/tcp"],
        env: { A: "1" },
      },
    },
    Cluster: {
      check: clusterInputsSchema,
      arguments: {
        name: "slurm",
        type: "SLURM",
        compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
        image: "org/slurm:24",
        readyTimeoutSeconds: 86400,
      },
    },
    ServerlessEndpoint: {
      check: serverlessEndpointInputsSchema,
      arguments: {
        name: "api",
        type: "LOAD_BALANCER",
        image: "org/api:1",
        cpu: [{ id: "cpu3c", vcpuCount: 2 }],
        scaling: { type: "REQUEST_COUNT", requestCount: 1 },
        workers: { min: 0, max: 1, idleTimeout: 3600 },
      },
    },
    Template: {
      check: templateInputsSchema,
      arguments: {
        name: "base",
        image: "org/base:1",
        mounts: { persistent: { size: 10, path: "/data" } },
        category: "CPU",
        allowedCudaVersions: ["12.4"],
        registry: null,
      },
    },
    NetworkVolume: { check: networkVolumeInputsSchema, arguments: { name: "data", size: 4096, dataCenter: "US-TX-3", type: "STANDARD" } },
    Registry: { check: registryInputsSchema, arguments: { name: "ghcr", username: "ci", password: "token" } },
    RegistryDelegation: {
      check: registryDelegationInputsSchema,
      arguments: { resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer", name: null },
    },
    AccountSshKeys: {
      check: accountSshKeysInputsSchema,
      arguments: { keys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA me@laptop"], adopt: "account-ssh-keys" },
    },
    Job: { check: jobInputsSchema, arguments: { endpointId: "ep-1", input: { prompt: "hi", n: 1 }, timeoutSeconds: 1 } },
    TextToVideoJob: {
      check: textToVideoJobInputsSchema,
      arguments: { input: { prompt: "A cat.", duration: 16, seed: -1, aspect_ratio: "1:1" } },
    },
  };

  it.each(resourceTypes)("%s.json accepts known-good arguments, as the resource's own check does", (type) => {
    const { check, arguments: args } = goodArguments[type];
    expect(check.safeParse(args).success).toBe(true);
    const validate = validator(`${type}.json`);
    validate(args);
    expect(validate.errors ?? []).toEqual([]);
  });

  const badArguments: Array<{ type: ResourceType; arguments: Record<string, unknown>; error: Partial<ErrorObject> }> = [
    {
      type: "NetworkVolume",
      arguments: { name: "data", size: "${config.size}", dataCenter: "US-TX-3" },
      error: { instancePath: "/size", keyword: "type" },
    },
    {
      type: "Pod",
      arguments: { name: "p", image: "i", cpu: { id: "cpu3c", vcpuCount: 2, memory: 0 } },
      error: { instancePath: "/cpu/memory", keyword: "minimum" },
    },
    {
      type: "Cluster",
      arguments: { name: "c", type: "RAY", image: "i", compute: { gpuTypeId: "g", gpuCountPerPod: 1, podCount: 251 } },
      error: { instancePath: "/compute/podCount", keyword: "maximum" },
    },
    {
      type: "Template",
      arguments: { name: "t", image: "i", mounts: { persistent: { size: 9, path: "/data" } } },
      error: { instancePath: "/mounts/persistent/size", keyword: "minimum" },
    },
    { type: "AccountSshKeys", arguments: { keys: [], adopt: "mine" }, error: { instancePath: "/adopt", keyword: "const" } },
    {
      type: "TextToVideoJob",
      arguments: { input: { prompt: "A cat.", seed: -2 } },
      error: { instancePath: "/input/seed", keyword: "minimum" },
    },
  ];

  it.each(badArguments)(
    "$type.json rejects bad arguments at $error.instancePath, as the resource's own check does",
    ({ type, arguments: args, error }) => {
      expect(goodArguments[type].check.safeParse(args).success).toBe(false);
      const validate = validator(`${type}.json`);
      expect(validate(args)).toBe(false);
      const [first] = validate.errors ?? [];
      expect({ instancePath: first?.instancePath, keyword: first?.keyword }).toEqual(error);
    },
  );
});

describe("defaults", () => {
  it.each(schemaFileNames)("every default in %s is valid for its own property", (fileName) => {
    const schema = committedSchema(fileName);
    const invalid: string[] = [];
    let checked = 0;
    forEachSubschema(schema, (node, pointer) => {
      if (!("default" in node)) return;
      checked += 1;
      const validate = ajv.getSchema(`${fileName}#${encodeURI(pointer)}`);
      if (validate === undefined) throw new Error(`${fileName}#${pointer} cannot be resolved`);
      if (!validate(node.default)) invalid.push(`${pointer}: ${JSON.stringify(node.default)} ${ajv.errorsText(validate.errors)}`);
    });
    expect(invalid).toEqual([]);
    expect(checked).toBe(committed.get(fileName)?.match(/"default":/g)?.length ?? 0);
  });

  // The defaults that stand for "the template's" or "the service's" value: the literal value, the rest in prose.
  it.each([
    { fileName: "Pod.json", property: "args", value: "" },
    { fileName: "Pod.json", property: "ports", value: [] },
    { fileName: "Pod.json", property: "registry", value: null },
    { fileName: "Pod.json", property: "startSsh", value: false },
    { fileName: "Pod.json", property: "disk", value: undefined },
    { fileName: "Cluster.json", property: "dataCenterIds", value: undefined },
    { fileName: "Cluster.json", property: "mounts", value: {} },
    { fileName: "ServerlessEndpoint.json", property: "disk", value: 20 },
    { fileName: "ServerlessEndpoint.json", property: "workers", value: { min: 0, max: 3, idleTimeout: 10 } },
    { fileName: "RegistryDelegation.json", property: "name", value: null },
  ])("$fileName: $property defaults to $value", ({ fileName, property, value }) => {
    const schema = committedSchema(fileName).properties?.[property];
    expect(typeof schema === "object" ? schema.default : "no property").toEqual(value);
  });
});
