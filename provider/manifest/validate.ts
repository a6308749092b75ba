import { z } from "zod";
import { PROPOSED_NAME, proposeName } from "../resources/autoName";
import { propertyPath } from "../resources/lifecycle/validate";
import { UNKNOWN } from "../values/unknown";
import { DURATION_FORMAT, durationMs } from "../resources/lifetime/duration";
import type { ManifestBudget, ManifestResourceOptions, ManifestResourceType } from "./document";
import { type Accessor, ExpressionError, formatReference, formatSteps, Interpolation, parseExpression, type Reference } from "./expression";
import type { ManifestIssue, ManifestPosition } from "./issue";
import { nearestName } from "./nearestName";
import { argumentNamesAt, checkOutputPath, type OutputPathProblem } from "./outputPaths";
import { resourceKinds } from "./resourceKinds";
import { type ManifestSource, type ParsedManifest, parseManifestSource } from "./source";

/**
 * A manifest value after validation: strings that hold references are {@link Interpolation}s, everything else is
 * as written.
 */
export type ManifestValue = string | number | boolean | null | Interpolation | ManifestValue[] | { [key: string]: ManifestValue };

/** One resource of a valid manifest. */
export interface ValidatedResource {
  name: string;
  type: ManifestResourceType;
  /** What the resource is for, as written; `descriptionSummary` gives its first line. */
  description?: string;
  properties: Record<string, ManifestValue>;
  options: ManifestResourceOptions;
  /** Names of the resources it references or depends on. */
  dependencies: string[];
  /** Where its entry starts in the file. */
  position: ManifestPosition;
}

/** A manifest that passed validation, ready to become resources. */
export interface ValidatedManifest {
  file: string;
  /** In dependency order: every resource comes after the ones it references. */
  resources: ValidatedResource[];
  outputs: Record<string, ManifestValue>;
  /** The stack budget the manifest sets, if any. */
  budget?: ManifestBudget;
  /** The stack's time to live the manifest sets, if any: a duration. */
  ttl?: string;
  /** Every `${config.<key>}` reference, with the first place it is written. */
  configKeys: Map<string, ManifestPosition>;
  /** Where each reference (each object of an {@link Interpolation}'s parts) is written. */
  referencePositions: Map<Reference, ManifestPosition>;
}

/** The outcome of {@link validateManifest}: the issues in file order, and the manifest when there are none. */
export interface ManifestValidation {
  issues: ManifestIssue[];
  manifest?: ValidatedManifest;
}

const RESOURCE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The top-level keys of a manifest. */
const TOP_LEVEL_KEYS = ["resources", "outputs", "budget", "ttl"];

/** The keys of a resource entry, in the order messages list them. */
const RESOURCE_KEYS = ["type", "description", "properties", "options"];

const budgetSchema: z.ZodType<ManifestBudget> = z.strictObject({
  maxHourlyCost: z.number().finite().nonnegative().optional(),
  maxMonthlyCost: z.number().finite().nonnegative().optional(),
});

const optionsSchema: z.ZodType<ManifestResourceOptions> = z.strictObject({
  protect: z.boolean().optional(),
  dependsOn: z.array(z.string()).optional(),
  ignoreChanges: z.array(z.string().min(1)).optional(),
  replaceOnChanges: z.array(z.string().min(1)).optional(),
  deleteBeforeReplace: z.boolean().optional(),
  retainOnDelete: z.boolean().optional(),
  additionalSecretOutputs: z.array(z.string().min(1)).optional(),
});

/**
 * Checks a manifest offline: its YAML, its shape, every reference (to a resource that exists, to an output that
 * resource has and a path below it that the output has, as the Pulumi package schema describes it, without cycles), secrets (only from config), and each resource's properties against the same
 * `check` the provider runs at preview, with referenced values treated as unknown until deployment. Every issue
 * names its line, column and property path. Makes no API call.
 */
export async function validateManifest(source: ManifestSource): Promise<ManifestValidation> {
  const parsed = parseManifestSource(source);
  if (Array.isArray(parsed)) return { issues: parsed };
  return new Validation(source.file, parsed).run();
}

interface ReferenceSite {
  reference: Reference;
  /** Where it is written. */
  path: Accessor[];
  /** The resource whose properties or options hold it; undefined in outputs. */
  from?: string;
}

class Validation {
  private readonly issues: ManifestIssue[] = [];
  private readonly references: ReferenceSite[] = [];

  constructor(
    private readonly file: string,
    private readonly parsed: ParsedManifest,
  ) {}

  async run(): Promise<ManifestValidation> {
    const document = this.parsed.value;
    if (!isRecord(document)) {
      this.report([], "a manifest is a mapping with a `resources:` map (and optionally `outputs:`, `budget:` and `ttl:`)");
      return this.result();
    }
    for (const key of Object.keys(document)) {
      if (!TOP_LEVEL_KEYS.includes(key))
        this.report([key], "unknown top-level key; a manifest has `resources`, `outputs`, `budget` and `ttl`", "key");
    }
    const resources = this.resources(document.resources);
    const outputs = this.outputs(document.outputs);
    const budget = this.budget(document.budget);
    const ttl = this.ttl(document.ttl);
    this.checkReferences(resources);
    const order = this.dependencyOrder(resources);
    await Promise.all(resources.map((resource) => this.checkProperties(resource)));
    if (this.issues.length > 0 || order === undefined) return this.result();
    const configKeys = new Map<string, ManifestPosition>();
    for (const site of this.references) {
      const [key] = site.reference.path;
      if (site.reference.root === "config" && !configKeys.has(String(key))) configKeys.set(String(key), this.parsed.locate(site.path));
    }
    const referencePositions = new Map(this.references.map((site) => [site.reference, this.parsed.locate(site.path)]));
    return this.result({
      file: this.file,
      resources: order,
      outputs,
      ...(budget ? { budget } : {}),
      ...(ttl ? { ttl } : {}),
      configKeys,
      referencePositions,
    });
  }

  private result(manifest?: ValidatedManifest): ManifestValidation {
    const issues = [...this.issues].sort((a, b) => a.line - b.line || a.column - b.column);
    return manifest && issues.length === 0 ? { issues, manifest } : { issues };
  }

  private report(path: readonly Accessor[], message: string, at: "key" | "value" = "value"): void {
    this.issues.push({ file: this.file, ...this.parsed.locate(path, at), path: propertyPath(path), message });
  }

  private resources(value: unknown): ValidatedResource[] {
    if (value === undefined) {
      this.report([], "a manifest needs a `resources:` map");
      return [];
    }
    if (!isRecord(value)) {
      this.report(["resources"], "must be a map of resource names to resources");
      return [];
    }
    const resources: ValidatedResource[] = [];
    for (const [name, entry] of Object.entries(value)) {
      const path = ["resources", name];
      if (!RESOURCE_NAME.test(name)) {
        this.report(path, "a resource name has letters, digits, `_` and `-`, and starts with a letter or `_`", "key");
      } else if (name === "config") {
        this.report(path, "`config` is reserved for stack config references (`${config.<key>}`); choose another name", "key");
      }
      const resource = this.resource(name, entry, path);
      if (resource) resources.push(resource);
    }
    return resources;
  }

  private resource(name: string, entry: unknown, path: Accessor[]): ValidatedResource | undefined {
    if (!isRecord(entry)) {
      this.report(path, "must be a map with `type` and `properties` (and optionally `description` and `options`)");
      return undefined;
    }
    for (const key of Object.keys(entry)) {
      if (!RESOURCE_KEYS.includes(key))
        this.report([...path, key], "unknown key; a resource has `type`, `description`, `properties` and `options`", "key");
    }
    const type = entry.type;
    const known = Object.keys(resourceKinds);
    if (type === undefined) {
      this.report(path, `missing \`type\`; one of ${known.join(", ")}`);
      return undefined;
    }
    if (typeof type !== "string" || !known.includes(type)) {
      const suggestion = typeof type === "string" ? nearestName(type, known) : undefined;
      this.report(
        [...path, "type"],
        suggestion === undefined
          ? `unknown type ${JSON.stringify(type)}; one of ${known.join(", ")}`
          : `unknown type ${JSON.stringify(type)}; did you mean ${suggestion}? The types are ${known.join(", ")}`,
      );
      return undefined;
    }
    const properties = entry.properties ?? {};
    if (!isRecord(properties)) {
      this.report([...path, "properties"], "must be a map of the resource's arguments");
      return undefined;
    }
    const description = this.description(entry.description, [...path, "description"]);
    return {
      name,
      type: type as ManifestResourceType,
      ...(description === undefined ? {} : { description }),
      properties: this.values(properties, [...path, "properties"], name) as Record<string, ManifestValue>,
      options: this.options(entry.options, [...path, "options"], name),
      dependencies: [],
      position: this.parsed.locate(path, "key"),
    };
  }

  private description(value: unknown, path: Accessor[]): string | undefined {
    if (value === undefined || (typeof value === "string" && /\S/.test(value))) return value;
    this.report(
      path,
      typeof value === "string"
        ? "must not be blank; leave it out instead"
        : "must be text: what the resource is for, its first line a summary",
    );
    return undefined;
  }

  private options(value: unknown, path: Accessor[], from: string): ManifestResourceOptions {
    if (value === undefined) return {};
    const parsed = optionsSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === "unrecognized_keys") {
          for (const key of issue.keys) this.report([...path, ...issue.path, key] as Accessor[], "unknown option", "key");
        } else {
          this.report([...path, ...issue.path] as Accessor[], issue.message);
        }
      }
      return {};
    }
    const options = parsed.data;
    options.dependsOn = options.dependsOn?.map((written, index) => {
      const name = /^\$\{([^}]*)\}$/.exec(written)?.[1] ?? written;
      this.references.push({ reference: { root: name, path: [] }, path: [...path, "dependsOn", index], from });
      return name;
    });
    return options;
  }

  /** Copies a value, turning strings that hold references into {@link Interpolation}s and recording them. */
  private values(value: unknown, path: Accessor[], from?: string): ManifestValue {
    if (typeof value === "string") {
      try {
        const expression = parseExpression(value);
        if (expression instanceof Interpolation) {
          for (const reference of expression.references) this.references.push({ reference, path, from });
        }
        return expression;
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        this.report(path, error.message);
        return value;
      }
    }
    if (Array.isArray(value)) return value.map((item, index) => this.values(item, [...path, index], from));
    if (isRecord(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.values(item, [...path, key], from)]));
    }
    return value as ManifestValue;
  }

  private outputs(value: unknown): Record<string, ManifestValue> {
    if (value === undefined) return {};
    if (!isRecord(value)) {
      this.report(["outputs"], "must be a map of output names to values");
      return {};
    }
    return this.values(value, ["outputs"]) as Record<string, ManifestValue>;
  }

  private budget(value: unknown): ManifestBudget | undefined {
    if (value === undefined) return undefined;
    const parsed = budgetSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const message =
        issue.code === "unrecognized_keys"
          ? "unknown key; a budget has `maxHourlyCost` and `maxMonthlyCost`"
          : "must be a number of US dollars ≥ 0";
      this.report(
        ["budget", ...(issue.code === "unrecognized_keys" ? [issue.keys[0]!] : issue.path.map(String))],
        message,
        issue.code === "unrecognized_keys" ? "key" : "value",
      );
    }
    return undefined;
  }

  private ttl(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === "string" && durationMs(value) !== undefined) return value;
    this.report(["ttl"], `must be ${DURATION_FORMAT}`, "value");
    return undefined;
  }

  private checkReferences(resources: ValidatedResource[]): void {
    const byName = new Map(resources.map((resource) => [resource.name, resource]));
    for (const { reference, path, from } of this.references) {
      const written = formatReference(reference);
      if (reference.root === "config") continue;
      const target = byName.get(reference.root);
      if (target === undefined) {
        this.report(path, `${written} refers to a resource that the manifest does not declare`);
        continue;
      }
      const inOptions = path.includes("options");
      const [output] = reference.path;
      if (!inOptions && output === undefined) {
        this.report(path, `${written} names a resource, not a value; name one of its outputs, for example \${${reference.root}.id}`);
        continue;
      }
      const { outputs } = resourceKinds[target.type];
      if (typeof output === "string" && !outputs.includes(output)) {
        this.report(path, `${written}: a ${target.type} has no output "${output}"; it has ${outputs.join(", ")}`);
        continue;
      }
      const problem = checkOutputPath(target.type, reference.path);
      if (problem !== undefined) {
        this.report(path, `${written}: ${outputPathMistake(target.type, reference.root, problem)}`);
        continue;
      }
      if (from !== undefined) {
        const dependencies = byName.get(from)?.dependencies;
        if (dependencies && !dependencies.includes(reference.root)) dependencies.push(reference.root);
      }
    }
    for (const resource of resources) this.checkSecrets(resource);
  }

  private checkSecrets(resource: ValidatedResource): void {
    for (const property of resourceKinds[resource.type].secretProperties) {
      const value = resource.properties[property];
      if (value === undefined || (value instanceof Interpolation && value.whole !== undefined)) continue;
      this.report(
        ["resources", resource.name, "properties", property],
        `a secret must not be written in the manifest; set it with \`pulumi config set --secret <key>\` and write \${config.<key>}`,
      );
    }
  }

  /** The resources in an order where each follows its dependencies, or undefined (and an issue) for a cycle. */
  private dependencyOrder(resources: ValidatedResource[]): ValidatedResource[] | undefined {
    const byName = new Map(resources.map((resource) => [resource.name, resource]));
    const order: ValidatedResource[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (resource: ValidatedResource, trail: string[]): boolean => {
      const seen = state.get(resource.name);
      if (seen === "done") return true;
      if (seen === "visiting") {
        const cycle = [...trail.slice(trail.indexOf(resource.name)), resource.name];
        const from = byName.get(cycle[cycle.length - 2]!)!;
        const site = this.references.find((s) => s.from === from.name && s.reference.root === resource.name);
        this.report(site?.path ?? ["resources", from.name], `reference cycle: ${cycle.join(" → ")}`);
        return false;
      }
      state.set(resource.name, "visiting");
      for (const dependency of resource.dependencies) {
        const next = byName.get(dependency);
        if (next && !visit(next, [...trail, resource.name])) return false;
      }
      state.set(resource.name, "done");
      order.push(resource);
      return true;
    };
    for (const resource of resources) if (!visit(resource, [])) return undefined;
    return order;
  }

  private async checkProperties(resource: ValidatedResource): Promise<void> {
    const path = ["resources", resource.name, "properties"];
    const properties = { ...(unknownReferences(resource.properties) as object), [PROPOSED_NAME]: proposeName(resource.name) };
    const result = await resourceKinds[resource.type].check({}, properties);
    for (const failure of result.failures ?? []) {
      const property = parsePropertyPath(failure.property);
      const unknownProperty = failure.reason === "unknown property";
      this.issues.push({
        file: this.file,
        ...this.parsed.locate([...path, ...property], unknownProperty ? "key" : "value"),
        path: propertyPath([...path, ...property]),
        message: unknownProperty ? unknownPropertyMessage(resource.type, property) : failure.reason,
      });
    }
  }
}

/** `a Cluster's members[0] has no "ip"; did you mean ${cluster.members[0].cluster.ip}?` */
function outputPathMistake(type: ManifestResourceType, root: string, problem: OutputPathProblem): string {
  const where = formatSteps(problem.valid).replace(/^\./, "");
  const step = typeof problem.step === "number" ? `[${problem.step}]` : JSON.stringify(problem.step);
  const mistake =
    problem.expected.length === 0 ? `a ${type}'s ${where} is a single value, with no ${step}` : `a ${type}'s ${where} has no ${step}`;
  if (problem.suggestion) return `${mistake}; did you mean ${formatReference({ root, path: problem.suggestion })}?`;
  return problem.expected.length === 0 ? mistake : `${mistake}; it has ${problem.expected.join(", ")}`;
}

/** `unknown property; did you mean "image"?` when an argument at the same level is spelt nearly so. */
function unknownPropertyMessage(type: ManifestResourceType, property: Accessor[]): string {
  const written = property.at(-1);
  const names = argumentNamesAt(type, property.slice(0, -1));
  const suggestion = typeof written === "string" && names !== undefined ? nearestName(written, names) : undefined;
  return suggestion === undefined ? "unknown property" : `unknown property; did you mean "${suggestion}"?`;
}

/** The value `check` sees at preview: every string that holds a reference is unknown until deployment. */
function unknownReferences(value: ManifestValue): unknown {
  if (value instanceof Interpolation) return UNKNOWN;
  if (Array.isArray(value)) return value.map(unknownReferences);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unknownReferences(item)]));
  return value;
}

/** `mounts.network[0].path` → `["mounts", "network", 0, "path"]`, the inverse of `propertyPath`. */
function parsePropertyPath(text: string): Accessor[] {
  return [...text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, name, index]) => (index === undefined ? name! : Number(index)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Interpolation);
}
