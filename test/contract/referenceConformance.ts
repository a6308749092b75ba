import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { OpenApiAnswers, type OpenApiDocument } from "../provider/openapiAnswers";
import type { WireExchange } from "./wireRecorder";

/** A parameter or a request body as the reference writes it, in place or as a `$ref`. */
interface Referable {
  $ref?: string;
  in?: string;
  name?: string;
  required?: boolean;
  content?: Record<string, unknown>;
}

interface ReferenceOperation {
  parameters?: Referable[];
  requestBody?: Referable;
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}

/** The reference OpenAPI document, as far as the check reads it. */
export interface ReferenceDocument extends OpenApiDocument {
  paths: Record<string, Record<string, ReferenceOperation> & { parameters?: Referable[] }>;
  components: { schemas: Record<string, { properties?: Record<string, { examples?: string[]; description?: string }> }> };
}

/**
 * An operation of the job API, which the reference's paths leave out: the spec's job API table names some, with their
 * method; the reference's `QueueBasedRequestUrls` names the URLs of the others.
 */
export interface JobOperation {
  method: string;
  /** The path below the job URL, e.g. `/v2/{endpoint_id}/status/{job_id}`. */
  template: string;
  /** Where it is documented: a line of the spec, or the `QueueBasedRequestUrls` property that names its URL. */
  documented: { specLine: string } | { requestUrl: string };
  /** The query parameters it takes, each with where that is documented. */
  query: Record<string, { specLine: string } | { requestUrl: string }>;
  /** The schema its body validates against; undefined for an operation that takes none. */
  body?: object;
  /** The statuses its answers may have, and the schema of the body of each, when one is documented. */
  answers: Record<number, object | undefined>;
}

/** What the spec or the reference says that the check takes from the spec instead, and why. */
export interface SpecException {
  /** `METHOD template` of the operation. */
  operation: string;
  /** The problem the reference alone would find, as the check words it. */
  problem: RegExp;
  /** The line of the spec that says otherwise, word for word. */
  specLine: string;
}

/** Where a request and its answer break the reference (and the spec, for the job API), each problem as one line. */
export class ReferenceConformance {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly answers: OpenApiAnswers;
  private readonly templates: Array<{ method: string; template: string; pattern: RegExp; literals: number; job?: JobOperation }>;

  constructor(
    private readonly reference: ReferenceDocument,
    jobOperations: readonly JobOperation[],
  ) {
    this.ajv.addSchema(withConditionsInAllOf(structuredClone(reference)), "reference.json");
    this.answers = new OpenApiAnswers(reference);
    const restOperations = Object.entries(reference.paths).flatMap(([template, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== "parameters")
        .map((method) => ({ method: method.toUpperCase(), template })),
    );
    this.templates = [...restOperations, ...jobOperations.map((job) => ({ method: job.method, template: job.template, job }))].map(
      (operation) => ({
        ...operation,
        pattern: new RegExp(`^${operation.template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        literals: operation.template.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length,
      }),
    );
  }

  /** `METHOD template` of the documented operation the exchange is, or undefined when none is. */
  operationOf(exchange: Pick<WireExchange, "method" | "path">): string | undefined {
    const match = this.match(exchange);
    return match && `${match.method} ${match.template}`;
  }

  /** Every way the exchange breaks what is documented, each as `METHOD template: problem`. */
  problemsWith(exchange: WireExchange): string[] {
    const match = this.match(exchange);
    if (match === undefined) return [`${exchange.method} ${exchange.path}: no documented operation`];
    const where = `${match.method} ${match.template}`;
    const problems: string[] = [];
    const declared = match.job ? Object.keys(match.job.query) : this.queryParameters(match.template, match.method);
    for (const name of new URLSearchParams(exchange.query).keys()) {
      if (!declared.includes(name)) problems.push(`${where}: query parameter "${name}" is not declared`);
    }
    const bodyRef = match.job ? match.job.body : this.requestBodyRef(match.template, match.method);
    if (bodyRef === undefined && exchange.body !== undefined) problems.push(`${where}: a body where none is declared`);
    if (bodyRef !== undefined) {
      const validate = this.validator(bodyRef);
      if (!validate(exchange.body)) problems.push(`${where}: request body ${errorsOf(validate)}`);
    }
    if (match.job) {
      if (!(exchange.status in match.job.answers)) problems.push(`${where}: answer status ${exchange.status} is not documented`);
      const answerSchema = match.job.answers[exchange.status];
      if (answerSchema !== undefined) {
        const validate = this.validator(answerSchema);
        if (!validate(JSON.parse(exchange.text))) problems.push(`${where}: answer ${exchange.status} ${errorsOf(validate)}`);
      }
    } else {
      const problem = this.answers.problemWith({
        ...exchange,
        path: exchange.query === "" ? exchange.path : `${exchange.path}?${exchange.query}`,
      });
      if (problem !== undefined) problems.push(`${where}: answer ${problem}`);
    }
    return problems;
  }

  private match(exchange: Pick<WireExchange, "method" | "path">) {
    const candidates = this.templates.filter((operation) => operation.method === exchange.method && operation.pattern.test(exchange.path));
    return candidates.sort((a, b) => b.literals - a.literals)[0];
  }

  /** The names of the query parameters the reference declares for an operation, on it or on its path. */
  private queryParameters(template: string, method: string): string[] {
    const path = this.reference.paths[template]!;
    return [...(path.parameters ?? []), ...(path[method.toLowerCase()]?.parameters ?? [])]
      .map((parameter) => this.resolved(parameter))
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => parameter.name!);
  }

  /** A `$ref` to the schema of an operation's JSON request body, or undefined when it declares none. */
  private requestBodyRef(template: string, method: string): object | undefined {
    const body = this.reference.paths[template]![method.toLowerCase()]!.requestBody;
    if (body === undefined) return undefined;
    const path = body.$ref ? [body.$ref.replace(/^#/, "")] : [`/paths/${pointerSegment(template)}/${method.toLowerCase()}/requestBody`];
    return { $ref: `reference.json#${path[0]}/content/${pointerSegment("application/json")}/schema` };
  }

  private resolved(node: Referable): Referable {
    if (node.$ref === undefined) return node;
    const found = node.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>(
        (at, segment) => (at as Record<string, unknown>)[segment.replaceAll("~1", "/").replaceAll("~0", "~")],
        this.reference,
      );
    return found as Referable;
  }

  private validator(schema: object): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(schema);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/**
 * The document with each `if`/`then`/`else` that sits beside `unevaluatedProperties` moved into that schema's `allOf`,
 * which JSON Schema 2020-12 reads the same: Ajv 8 forgets what the `allOf` evaluated when such an `if` fails, and
 * would report every property of a QUEUE endpoint's create body as unevaluated.
 */
function withConditionsInAllOf<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(withConditionsInAllOf);
  else if (typeof node === "object" && node !== null) {
    const schema = node as Record<string, unknown>;
    Object.values(schema).forEach(withConditionsInAllOf);
    if ("unevaluatedProperties" in schema && "if" in schema) {
      const condition = Object.fromEntries(["if", "then", "else"].filter((key) => key in schema).map((key) => [key, schema[key]]));
      for (const key of Object.keys(condition)) delete schema[key];
      schema.allOf = [...((schema.allOf as unknown[] | undefined) ?? []), condition];
    }
  }
  return node;
}

/** A validation's errors, each once: where, what, and the property it names when it names one. */
function errorsOf(validate: ValidateFunction): string {
  const lines = (validate.errors ?? []).map((error) => {
    const named = Object.values(error.params).find((value) => typeof value === "string");
    return `${error.instancePath || "/"} ${error.message ?? error.keyword}${named === undefined ? "" : ` (${String(named)})`}`;
  });
  return [...new Set(lines)].join("; ");
}

function pointerSegment(text: string): string {
  return text.replaceAll("~", "~0").replaceAll("/", "~1");
}
