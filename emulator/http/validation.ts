import type { z } from "zod";
import { Problem } from "./problem";

type Issue = z.core.$ZodIssue;

/**
 * Parses a request body, or throws the problem the spec prescribes: 422 when the only failures are mount entries
 * missing a required field (a partial mount), otherwise 400 listing every failing path.
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  return parse(schema, body, "Request body");
}

/** Parses query parameters, or throws 400 listing every failing parameter. */
export function parseQuery<Schema extends z.ZodType>(schema: Schema, query: unknown): z.output<Schema> {
  return parse(schema, query, "Query parameters");
}

function parse<Schema extends z.ZodType>(schema: Schema, input: unknown, subject: string): z.output<Schema> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const errors = issues.flatMap(describe);
  if (issues.every(isMissingMountField)) throw new Problem(422, "Incomplete mount entry", errors);
  throw new Problem(400, `${subject} failed validation`, errors);
}

function describe(issue: Issue): string[] {
  const at = pointer(issue.path);
  if (isMissing(issue)) return [`missing required property at ${at}`];
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => `unknown property at ${pointer([...issue.path, key])}`);
    case "invalid_type":
      return [`expected ${issue.expected === "int" ? "integer" : issue.expected} at ${at}`];
    case "too_small":
      return [`${lowerBound(issue)} at ${at}`];
    case "too_big":
      return [`${upperBound(issue)} at ${at}`];
    case "invalid_value":
      return [`must be one of ${issue.values.map(String).join(", ")} at ${at}`];
    default:
      return [`${issue.message} at ${at}`];
  }
}

function lowerBound(issue: Extract<Issue, { code: "too_small" }>): string {
  if (issue.origin === "string") return issue.minimum === 1 ? "must not be empty" : `needs ${issue.minimum} characters`;
  if (issue.origin === "array") return `needs at least ${issue.minimum} item(s)`;
  return `must be >= ${issue.minimum}`;
}

function upperBound(issue: Extract<Issue, { code: "too_big" }>): string {
  if (issue.origin === "array") return `allows at most ${issue.maximum} item(s)`;
  if (issue.origin === "string") return `allows at most ${issue.maximum} characters`;
  return `must be <= ${issue.maximum}`;
}

/** JSON has no undefined, so an undefined input is an absent property. */
function isMissing(issue: Issue): boolean {
  return (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined;
}

/** A required field absent from `mounts.persistent` or from an entry of `mounts.network`. */
function isMissingMountField(issue: Issue): boolean {
  const [root, kind, ...rest] = issue.path;
  if (!isMissing(issue) || root !== "mounts") return false;
  if (kind === "persistent") return rest.length === 1;
  return kind === "network" && rest.length === 2 && typeof rest[0] === "number";
}

/** JSON Pointer (RFC 6901) of a path; the whole body is "/". */
function pointer(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return "/";
  return path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}
