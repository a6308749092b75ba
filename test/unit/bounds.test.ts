// Every bound of every kind, at its edges: the JSON Schema an editor checks a manifest with (schema/<Kind>.json,
// through ajv) and the zod schema that `check` validates with agree on each edge value of each argument.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import Ajv from "ajv";
import type { Definition } from "typescript-json-schema";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { accountSshKeysInputsSchema } from "../../provider/resources/accountSshKeys/inputs";
import { clusterInputsSchema } from "../../provider/resources/cluster/inputs";
import { jobInputsSchema } from "../../provider/resources/job/inputs";
import { textToVideoJobInputsSchema } from "../../provider/resources/textToVideoJob/inputs";
import { networkVolumeInputsSchema } from "../../provider/resources/networkVolume/inputs";
import { podInputsSchema } from "../../provider/resources/pod/inputs";
import { registryInputsSchema } from "../../provider/resources/registry/inputs";
import { registryDelegationInputsSchema } from "../../provider/resources/registryDelegation/inputs";
import { serverlessEndpointInputsSchema } from "../../provider/resources/serverlessEndpoint/inputs";
import { templateInputsSchema } from "../../provider/resources/template/inputs";
import { KIND_NAMES, type KindName, kinds as registry } from "../../provider/kindRegistry";
import { fixtures } from "../contract/kindFixtures";
import { repoRoot } from "../support/paths";

const SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB0gPz3lK9mO1xX5FQeYbnZ0t4Qm5v9tqQ3S0tC8jvQx edge@test";

/**
 * Per kind, valid arguments whose every leaf is moved to its edges in turn, several where fields exclude each other;
 * a kind not listed here is tried from its contract fixture's arguments, with its declaration's schema.
 */
const kinds: Partial<Record<KindName, { schema: z.ZodType; bases: Record<string, unknown>[] }>> = {
  Pod: {
    schema: podInputsSchema,
    bases: [
      {
        name: "p",
        image: "img",
        cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 },
        disk: 20,
        readyTimeoutSeconds: 600,
        mounts: { persistent: { size: 20, path: "/workspace" } },
      },
      { name: "p", image: "img", gpu: { id: "NVIDIA A40", count: 1 }, mounts: { network: [{ volumeId: "vol1", path: "/data" }] } },
    ],
  },
  Cluster: {
    schema: clusterInputsSchema,
    bases: [
      {
        name: "c",
        type: "TRAINING",
        image: "img",
        compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
        disk: 20,
        readyTimeoutSeconds: 600,
      },
    ],
  },
  ServerlessEndpoint: {
    schema: serverlessEndpointInputsSchema,
    bases: [
      {
        name: "e",
        type: "QUEUE",
        image: "img",
        gpu: { pools: ["ADA_24"], count: 1 },
        workers: { min: 0, max: 2, idleTimeout: 5 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
        disk: 20,
        timeout: 600,
      },
      { name: "e", type: "QUEUE", image: "img", cpu: [{ id: "cpu3c", vcpuCount: 4 }], scaling: { type: "REQUEST_COUNT", requestCount: 2 } },
    ],
  },
  Template: {
    schema: templateInputsSchema,
    bases: [{ name: "t", image: "img", disk: 20, mounts: { persistent: { size: 20, path: "/workspace" } } }],
  },
  NetworkVolume: { schema: networkVolumeInputsSchema, bases: [{ name: "v", size: 20, dataCenter: "US-TX-3", type: "STANDARD" }] },
  Registry: { schema: registryInputsSchema, bases: [{ name: "r", username: "u", password: "p" }] },
  RegistryDelegation: {
    schema: registryDelegationInputsSchema,
    bases: [{ resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer", name: "d" }],
  },
  AccountSshKeys: { schema: accountSshKeysInputsSchema, bases: [{ keys: [SSH_KEY] }] },
  Job: { schema: jobInputsSchema, bases: [{ endpointId: "ep", input: { prompt: "x" }, timeoutSeconds: 60, recordFailure: false }] },
  TextToVideoJob: {
    schema: textToVideoJobInputsSchema,
    bases: [{ input: { prompt: "a cat" }, endpointId: "text-to-video", timeoutSeconds: 60 }],
  },
};

const ajv = new Ajv({ strict: false, allowUnionTypes: true });
const fileSchema = (kind: string) => JSON.parse(readFileSync(path.join(repoRoot, "schema", `${kind}.json`), "utf8")) as Definition;

/** The sub-schema at `keys`, through `$ref`s into the file's definitions; undefined past a union or an open object. */
function schemaAt(root: Definition, keys: ReadonlyArray<string | number>): Definition | undefined {
  const resolve = (schema: Definition | boolean | undefined): Definition | undefined => {
    if (typeof schema !== "object") return undefined;
    if (schema.$ref === undefined) return schema;
    return resolve(root.definitions?.[schema.$ref.replace("#/definitions/", "")]);
  };
  let schema = resolve(root);
  for (const key of keys) {
    if (schema === undefined) return undefined;
    schema = resolve(typeof key === "number" ? (schema.items as Definition | undefined) : schema.properties?.[key]);
  }
  return schema;
}

/** Every leaf of a value, as its path. */
function leaves(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...at, index]));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]));
  return [at];
}

function withValue(base: unknown, keys: ReadonlyArray<string | number>, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  const parent = keys
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy);
  parent[keys[keys.length - 1]!] = value;
  return copy;
}

/** The values at the edges of what a leaf's schema says: each bound, one step either side, and the cases types leave open. */
function edges(schema: Definition): unknown[] {
  const values = new Set<unknown>();
  for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (typeof bound === "number") for (const step of [-1, -0.5, 0, 0.5, 1]) values.add(bound + step);
  }
  if (schema.type === "integer" || schema.type === "number")
    for (const value of [0, 1, 2, 3, 5, 6, 12, 1.5, -1, 2 ** 32 + 2]) values.add(value);
  for (const bound of [schema.minLength, schema.maxLength]) {
    if (typeof bound === "number") for (const step of [-1, 0, 1]) if (bound + step >= 0) values.add("x".repeat(bound + step));
  }
  if (schema.type === "string") for (const value of ["", "x"]) values.add(value);
  for (const value of schema.enum ?? []) values.add(value);
  if (schema.enum !== undefined) values.add(typeof schema.enum[0] === "number" ? (schema.enum[0] as number) + 1 : "NOT_ONE_OF_THEM");
  return [...values];
}

/** What a kind is tried with: its entry above, else its contract fixture's arguments against its declaration's schema. */
function tried(kind: KindName): { schema: z.ZodType; bases: Record<string, unknown>[] } {
  const declared = registry[kind].declaration?.schema;
  if (kinds[kind] === undefined && declared === undefined) throw new Error(`${kind} is not declared: list its schema and arguments here`);
  return kinds[kind] ?? { schema: declared!, bases: [fixtures[kind].args] };
}

describe.each(KIND_NAMES)("%s", (kind) => {
  const { schema, bases } = tried(kind);
  const root = fileSchema(kind);
  const editorAccepts = ajv.compile(root);
  const checkAccepts = (value: unknown) => schema.safeParse(value).success;

  it.each(bases.map((base, index) => [index, base] as const))("base %i is valid on both sides", (_index, base) => {
    expect({ editor: editorAccepts(base), check: checkAccepts(base) }).toEqual({ editor: true, check: true });
  });

  it("agrees with check at every edge of every argument", () => {
    const disagreements: string[] = [];
    for (const base of bases) {
      for (const keys of leaves(base)) {
        const leaf = schemaAt(root, keys);
        if (leaf === undefined || leaf.pattern !== undefined) continue;
        for (const value of edges(leaf)) {
          const args = withValue(base, keys, value);
          const editor = editorAccepts(args);
          const check = checkAccepts(args);
          if (editor !== check)
            disagreements.push(
              `${keys.join(".")} = ${JSON.stringify(value)}: editor ${editor ? "accepts" : "refuses"}, check ${check ? "accepts" : "refuses"}`,
            );
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
