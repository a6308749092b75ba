import { z } from "zod";
import { CAPACITY_ERROR_PREFIX, capacityError, type Shortage } from "../placement/liveStock";

/** The small builders every part of the emulator's OpenAPI description is written with. */

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) or any other OpenAPI object, as plain data. */
export type Schema = Record<string, unknown>;

/** Path → lowercase method → operation. */
export type Paths = Record<string, Record<string, Schema>>;

/** What one tag contributes to the document: the tag, its paths and the component schemas they name. */
export interface TagSection {
  tag: { name: string; description: string };
  paths: Paths;
  schemas: Record<string, Schema>;
}

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
export const described = (schema: Schema, description: string): Schema => ({ ...schema, description });
export const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: "object",
  required,
  properties,
});
export const string: Schema = { type: "string" };
export const integer: Schema = { type: "integer" };
export const number: Schema = { type: "number" };
export const boolean: Schema = { type: "boolean" };
export const dateTime: Schema = { type: "string", format: "date-time" };
export const arrayOf = (items: Schema): Schema => ({ type: "array", items });
export const enumOf = (values: readonly string[]): Schema => ({ type: "string", enum: [...values] });
export const stringMap: Schema = { type: "object", additionalProperties: string };

/** The body of a list answer: `{ [key]: [Item] }`. */
export const listOf = (key: string, item: string): Schema => object({ [key]: arrayOf(ref(item)) });

/** The keys of T that may be absent. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * An object schema for the wire type T. The compiler holds it to T: a property missing or extra is an error, and
 * `optional` must name exactly the properties T lets the emulator leave out; every other one is required.
 */
export function wireObject<T>(
  properties: { [K in keyof T]-?: Schema },
  ...optional: [OptionalKeys<T>] extends [never] ? [] : [Record<OptionalKeys<T>, true>]
): Schema {
  const absent = new Set(Object.keys(optional[0] ?? {}));
  return object(
    properties,
    Object.keys(properties).filter((key) => !absent.has(key)),
  );
}

/** The JSON Schema of what a request validator accepts, so that the description cannot drift from it. */
export const requestSchema = (schema: z.ZodType): Schema => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

export const idParameter = (description: string): Schema => ({
  name: "id",
  in: "path",
  required: true,
  description,
  schema: string,
});

export const queryParameter = (name: string, description: string, schema: Schema): Schema => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});

/** How one query parameter is documented; `schema` refines what the validator's input side says of it. */
export interface QueryParameterDoc {
  description: string;
  schema?: Schema;
  /** The value is a comma-separated list (OpenAPI `style: form, explode: false` of an array schema). */
  commaSeparated?: boolean;
}

/**
 * The query parameters a validator reads, each documented. The compiler requires exactly the validator's
 * parameters; whether each is required, its default, enum and format come from the validator itself.
 */
export function queryParameters<Shape extends z.ZodRawShape>(
  query: z.ZodObject<Shape>,
  docs: { [Name in keyof Shape & string]: QueryParameterDoc },
): Schema[] {
  const generated = requestSchema(query) as { properties?: Record<string, Schema>; required?: string[] };
  return Object.entries<QueryParameterDoc>(docs).map(([name, doc]) => ({
    ...queryParameter(name, doc.description, { ...generated.properties?.[name], ...doc.schema }),
    required: generated.required?.includes(name) ?? false,
    ...(doc.commaSeparated === true ? { style: "form", explode: false } : {}),
  }));
}

/** A comma-separated list of values from a fixed set, for `QueryParameterDoc.schema`. */
export const commaList = (values: readonly string[]): Schema => arrayOf(enumOf(values));

/** The problem statuses an operation may name besides 401 and 429, which every authenticated operation has. */
export type ProblemStatus = 400 | 403 | 404 | 409 | 422;

/** The generic meaning of each problem status; an operation says what causes it there. */
export const PROBLEM_DESCRIPTIONS: Record<ProblemStatus | 401 | 429, string> = {
  400: "Invalid request, or a rule of the API refuses it",
  401: "Missing, malformed or unknown bearer token",
  403: "The key may not do this, or the resource belongs to another account",
  404: "No such resource",
  409: "Conflicts with the resource's state",
  422: "Well-formed, but a value cannot be processed",
  429: "Rate limit exceeded; see Retry-After",
};

/** The 403 of an operation that creates or changes something of the caller's account. */
export const READ_ONLY_KEY = "A read-only key";

/** The 403 and 404 of an operation on one resource of the caller's account, e.g. `ownResource("pod", "write")`. */
export function ownResource(what: string, access: "read" | "write"): Partial<Record<ProblemStatus, string>> {
  return {
    403: `${access === "write" ? `${READ_ONLY_KEY}, or the` : "The"} ${what} belongs to another account`,
    404: `No such ${what}`,
  };
}

export const rateLimitHeaders = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
};

export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: Schema[];
  /** Component schema(s) of the JSON body; with several, the body is exactly one of them. */
  body?: string | string[];
  /** `headers`: what the success carries besides the RateLimit headers every answer has. */
  ok: { status: 200 | 201 | 204; description: string; schema?: Schema; contentType?: string; headers?: Record<string, Schema> };
  /** What causes each problem status here; a whole response where the status also answers something else. */
  errors?: Partial<Record<ProblemStatus, string | Schema>>;
}

/** Builds the operations of one tag; 401 and 429 are added to every one. */
export function operationsOf(tag: string): (spec: OperationSpec) => Schema {
  return (spec) => {
    const { ok } = spec;
    const success: Schema = { description: ok.description, headers: { ...rateLimitHeaders, ...ok.headers } };
    if (ok.schema !== undefined) success.content = { [ok.contentType ?? "application/json"]: { schema: ok.schema } };
    const problems: Array<[string, Schema]> = [
      ...([401, 429] as const).map((status): [string, Schema] => [String(status), problemRef(status)]),
      ...Object.entries(spec.errors ?? {}).map(([status, error]): [string, Schema] => [
        status,
        typeof error === "string" ? { ...problemRef(status), description: error } : error,
      ]),
    ];
    return {
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      tags: [tag],
      ...(spec.parameters === undefined ? {} : { parameters: spec.parameters }),
      ...(spec.body === undefined ? {} : { requestBody: requestBody(spec.body) }),
      responses: Object.fromEntries([[String(ok.status), success], ...problems.sort(([a], [b]) => a.localeCompare(b))]),
    };
  };
}

/** The 400 of an operation that takes idle stock: a bad request as `description` says, or the capacity error, shown for `example`. */
export function badRequestOrCapacity(description: string, example: Shortage): Schema {
  return {
    description:
      `${description}; or the capacity error: no idle stock for it in any data center looked at, its detail starting ` +
      `"${CAPACITY_ERROR_PREFIX}: " and naming what is short and those data centers (try another configuration)`,
    headers: rateLimitHeaders,
    content: {
      "application/problem+json": {
        schema: ref("Problem"),
        examples: { capacity: { summary: "No idle stock", value: capacityError(example).body } },
      },
    },
  };
}

function problemRef(status: number | string): Schema {
  return { $ref: `#/components/responses/Problem${status}` };
}

function requestBody(body: string | string[]): Schema {
  const schema = typeof body === "string" ? ref(body) : { oneOf: body.map(ref) };
  return { required: true, content: { "application/json": { schema } } };
}
