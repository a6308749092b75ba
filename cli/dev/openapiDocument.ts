import type { DevEndpoint } from "./endpoints";

const problemResponse = {
  description: "A problem: the platform's as it answered, or the gateway's own",
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
};
const jobResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Job" } } },
});
const nameParameter = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string" },
  description,
});

/**
 * The OpenAPI document the gateway's `/docs` explorer shows: one operation per route of each serverless endpoint
 * of the manifest, its summary the first line of the endpoint's `description` (else the endpoint's name).
 * `bearer` adds the token scheme a gateway requires with `--token` or off loopback.
 */
export function openApiDocument(manifest: string, endpoints: readonly DevEndpoint[], bearer: boolean): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const endpoint of endpoints) {
    const summary = endpoint.summary ?? endpoint.name;
    const tags = [endpoint.name];
    if (endpoint.type === "QUEUE") {
      const input = {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["input"], properties: { input: { type: "object" } } },
            example: { input: {} },
          },
        },
      };
      paths[`/${endpoint.name}/runsync`] = {
        post: {
          operationId: `${endpoint.name}_runsync`,
          tags,
          summary,
          description: "Runs a job and waits for its result.",
          requestBody: input,
          responses: {
            "200": jobResponse("The job, COMPLETED with its output or still running"),
            "400": jobResponse("The job FAILED, with its error"),
            default: problemResponse,
          },
        },
      };
      paths[`/${endpoint.name}/run`] = {
        post: {
          operationId: `${endpoint.name}_run`,
          tags,
          summary,
          description: "Queues a job and answers with its id at once.",
          requestBody: input,
          responses: { "200": jobResponse("The queued job"), default: problemResponse },
        },
      };
      paths[`/${endpoint.name}/status/{jobId}`] = {
        get: {
          operationId: `${endpoint.name}_status`,
          tags,
          summary,
          description: "The job now.",
          parameters: [nameParameter("jobId", "The id `run` answered")],
          responses: { "200": jobResponse("The job"), default: problemResponse },
        },
      };
    } else {
      const operation = (method: string) => ({
        operationId: `${endpoint.name}_${method}`,
        tags,
        summary,
        description: "Passed to the endpoint's workers as it is: method, path below the endpoint, query and body.",
        parameters: [nameParameter("route", "The worker's own path")],
        ...(method === "get" || method === "delete" ? {} : { requestBody: { content: { "application/json": { schema: {} } } } }),
        responses: { default: { description: "The worker's answer, as it is" } },
      });
      paths[`/${endpoint.name}/{route}`] = Object.fromEntries(
        ["get", "post", "put", "patch", "delete"].map((method) => [method, operation(method)]),
      );
    }
  }
  return {
    openapi: "3.0.3",
    info: {
      title: `computeplatform dev: ${manifest}`,
      version: "1",
      description: "The serverless endpoints of the manifest, deployed as `live-` endpoints on their first call.",
    },
    paths,
    components: {
      schemas: {
        Job: {
          type: "object",
          required: ["id", "status"],
          properties: {
            id: { type: "string" },
            status: { type: "string", enum: ["IN_QUEUE", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] },
            output: {},
            error: { type: "string" },
          },
        },
        Problem: {
          type: "object",
          required: ["title", "status", "detail"],
          properties: {
            title: { type: "string" },
            status: { type: "integer" },
            detail: { type: "string" },
            errors: { type: "array", items: { type: "string" } },
          },
        },
      },
      ...(bearer
        ? {
            securitySchemes: {
              token: { type: "http", scheme: "bearer", description: "The token `computeplatform dev` printed at startup" },
            },
          }
        : {}),
    },
    ...(bearer ? { security: [{ token: [] }] } : {}),
  };
}
