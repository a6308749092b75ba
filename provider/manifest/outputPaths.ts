import * as fs from "node:fs";
import { PULUMI_SCHEMA_FILE } from "../plugin/schemaFile";
import type { ManifestResourceType } from "./document";
import { type Accessor, formatSteps } from "./expression";
import { nearestName } from "./nearestName";

/** A property's shape as the Pulumi package schema writes it. */
interface SchemaShape {
  type?: string;
  $ref?: string;
  items?: SchemaShape;
  properties?: Record<string, SchemaShape>;
  additionalProperties?: SchemaShape;
  oneOf?: SchemaShape[];
}

interface PackageSchema {
  resources: Record<string, { properties?: Record<string, SchemaShape>; inputProperties?: Record<string, SchemaShape> }>;
  types: Record<string, SchemaShape>;
}

/** Where an output path stops being one a kind has: the steps that are fine, the one that is not, and a nearest valid path. */
export interface OutputPathProblem {
  /** The leading steps that exist, such as `["members", 0]`. */
  valid: Accessor[];
  /** The first step that does not. */
  step: Accessor;
  /** The valid path nearest to the one written, when there is one close enough. */
  suggestion?: Accessor[];
  /** What can follow the valid steps: property names, `[index]` for a list, `["key"]` for a map; empty for a value with no parts. */
  expected: string[];
}

/** How deep the suggestion search looks below the last valid step. */
const SEARCH_DEPTH = 4;

let schema: PackageSchema | undefined;

/** The committed Pulumi package schema, read once; the package resolves its own name from dist/ as from the sources. */
function packageSchema(): PackageSchema {
  schema ??= JSON.parse(fs.readFileSync(require.resolve(`pulumi-computeplatform/${PULUMI_SCHEMA_FILE}`), "utf8")) as PackageSchema;
  return schema;
}

/** The object every reference to a resource of `type` starts from: its schema properties plus `id` and `urn`. */
function resourceShape(type: ManifestResourceType): SchemaShape {
  return { type: "object", properties: { id: { type: "string" }, urn: { type: "string" }, ...resourceSchema(type).properties } };
}

function resourceSchema(type: ManifestResourceType): PackageSchema["resources"][string] {
  const resource = packageSchema().resources[`computeplatform:index:${type}`];
  if (resource === undefined) throw new Error(`${PULUMI_SCHEMA_FILE} has no resource ${type}`);
  return resource;
}

/**
 * The names an argument of a resource of `type` has at `path` (`[]` for its top-level arguments, `["gpu"]` for
 * those of its `gpu`), as the package schema describes its inputs; undefined where the schema names none.
 */
export function argumentNamesAt(type: ManifestResourceType, path: readonly Accessor[]): string[] | undefined {
  let shape: SchemaShape = { type: "object", properties: resourceSchema(type).inputProperties ?? {} };
  for (const step of path) {
    const next = stepInto(shape, step);
    if (next === undefined || next === null) return undefined;
    shape = next;
  }
  const properties = resolve(shape)?.properties;
  return properties === undefined ? undefined : Object.keys(properties);
}

/** The shape behind a `$ref` to one of the schema's types; undefined for `pulumi.json#/Any` and unions (anything goes). */
function resolve(shape: SchemaShape): SchemaShape | undefined {
  if (shape.oneOf !== undefined) return undefined;
  if (shape.$ref === undefined) return shape;
  const name = /^#\/types\/(.+)$/.exec(shape.$ref)?.[1];
  return name === undefined ? undefined : packageSchema().types[name];
}

/** The shape one step reaches, `null` when the step does not exist, undefined when anything below is allowed. */
function stepInto(shape: SchemaShape, step: Accessor): SchemaShape | null | undefined {
  const resolved = resolve(shape);
  if (resolved === undefined) return undefined;
  if (resolved.type === "array") return typeof step === "number" && resolved.items ? resolved.items : null;
  if (typeof step === "number") return null;
  if (resolved.properties !== undefined) return Object.hasOwn(resolved.properties, step) ? resolved.properties[step]! : null;
  return resolved.additionalProperties ?? null;
}

function expectedSteps(shape: SchemaShape): string[] {
  const resolved = resolve(shape);
  if (resolved?.type === "array") return ["[index]"];
  if (resolved?.properties !== undefined) return Object.keys(resolved.properties);
  return resolved?.additionalProperties ? ['["key"]'] : [];
}

/**
 * Checks a reference's path (the output and the steps after it, e.g. `["members", 0, "cluster", "ip"]`) against what a
 * resource of `type` has, as the Pulumi package schema describes its outputs: objects by property, lists by index,
 * maps by any key. Returns undefined when the path exists.
 */
export function checkOutputPath(type: ManifestResourceType, path: readonly Accessor[]): OutputPathProblem | undefined {
  let shape: SchemaShape = resourceShape(type);
  for (const [index, step] of path.entries()) {
    const next = stepInto(shape, step);
    if (next === undefined) return undefined;
    if (next === null) {
      const valid = path.slice(0, index);
      const suggestion = nearestPath(shape, path.slice(index));
      return { valid, step, expected: expectedSteps(shape), ...(suggestion ? { suggestion: [...valid, ...suggestion] } : {}) };
    }
    shape = next;
  }
  return undefined;
}

/**
 * The continuation below `shape` nearest to the steps written: first the shortest one that holds every name written,
 * in order and ending with the last (`ip` → `cluster.ip`; of equally short ones, the first in alphabetical order);
 * else the one whose first name is a near spelling.
 */
function nearestPath(shape: SchemaShape, written: readonly Accessor[]): Accessor[] | undefined {
  const names = written.filter((step): step is string => typeof step === "string");
  const index = written.find((step): step is number => typeof step === "number") ?? 0;
  const candidates = continuations(shape, index, SEARCH_DEPTH);
  const holdsNames = candidates
    .filter((candidate) => names.length > 0 && candidate.at(-1) === names.at(-1) && isSubsequence(names, candidate))
    .sort((a, b) => a.length - b.length || formatSteps(a).localeCompare(formatSteps(b)));
  if (holdsNames[0] !== undefined) return holdsNames[0];
  const [first] = written;
  if (typeof first !== "string") return undefined;
  const oneStep = candidates.flatMap((candidate) => (candidate.length === 1 && typeof candidate[0] === "string" ? [candidate[0]] : []));
  const spelled = nearestName(first, oneStep);
  return spelled === undefined ? undefined : [spelled];
}

/** Every path below `shape`, up to `depth` steps; lists are indexed with `index`, maps (whose keys are not known) end a path. */
function continuations(shape: SchemaShape, index: number, depth: number): Accessor[][] {
  if (depth === 0) return [];
  const resolved = resolve(shape);
  const children: Array<[Accessor, SchemaShape]> =
    resolved?.type === "array" && resolved.items ? [[index, resolved.items]] : Object.entries(resolved?.properties ?? {});
  return children.flatMap(([step, child]) => [[step], ...continuations(child, index, depth - 1).map((rest) => [step, ...rest])]);
}

function isSubsequence(names: readonly string[], path: readonly Accessor[]): boolean {
  let at = 0;
  for (const step of path) if (step === names[at]) at += 1;
  return at === names.length;
}
