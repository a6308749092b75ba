import type { ProblemBody } from "../wire";
import {
  arrayOf,
  integer,
  PROBLEM_DESCRIPTIONS,
  type Paths,
  rateLimitHeaders,
  ref,
  type Schema,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";
import { KINDS } from "../kindRegistry";

/** The emulator's own OpenAPI 3.1 description of what it serves, request bodies generated from its validators. */

const SECTIONS: readonly TagSection[] = KINDS.map((kind) => kind.openapi);

/** Merges the sections' entries, refusing a name two sections define (a spread would silently keep the last). */
function merged<T>(entries: ReadonlyArray<Record<string, T>>, what: string): Record<string, T> {
  const result: Record<string, T> = {};
  for (const [name, value] of entries.flatMap((entry) => Object.entries(entry))) {
    if (name in result) throw new Error(`OpenAPI ${what} ${name} is defined twice`);
    result[name] = value;
  }
  return result;
}

const problem = wireObject<ProblemBody>(
  { title: string, status: integer, detail: string, errors: { ...arrayOf(string), description: "What failed, where" } },
  { errors: true },
);

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "computeplatform emulator",
    version: "2.0.0",
    description:
      "A local stand-in for the Compute Platform v2 API: pods, clusters, serverless endpoints, the job API and " +
      "load-balancing workers, " +
      "network volumes, templates, registry credentials and ECR delegations, account SSH keys, the catalog and " +
      "billing history. Every REST error is " +
      "`application/problem+json`; every authenticated response carries `RateLimit` and `RateLimit-Policy`. A " +
      "method a path does not serve answers 405 with `Allow`. `GET /` (health), `GET /v2/openapi.json` and " +
      "`GET /docs` need no key.",
  },
  security: [{ bearerAuth: [] }],
  // Kinds may share a tag (registries and their ECR delegations): each is listed once.
  tags: [...new Map(SECTIONS.map((section) => [section.tag.name, section.tag])).values()],
  paths: merged<Paths[string]>(
    SECTIONS.map((section) => section.paths),
    "path",
  ),
  components: {
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
    headers: {
      RateLimit: {
        description: 'Per window: `"minute";r=REMAINING;t=SECONDS_TO_RESET`, then hour and day.',
        schema: string,
      },
      "RateLimit-Policy": { description: 'Per window: `"minute";q=QUOTA;w=60`, then hour and day.', schema: string },
      "Retry-After": { description: "Seconds until the exhausted window resets.", schema: integer },
    },
    responses: Object.fromEntries(
      Object.entries(PROBLEM_DESCRIPTIONS).map(([status, description]) => [
        `Problem${status}`,
        {
          description,
          headers: status === "429" ? { ...rateLimitHeaders, "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {},
          content: { "application/problem+json": { schema: ref("Problem") } },
        },
      ]),
    ),
    schemas: merged<Schema>([{ Problem: problem }, ...SECTIONS.map((section) => section.schemas)], "schema"),
  },
} as const;
