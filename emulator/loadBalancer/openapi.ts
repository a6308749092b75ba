import {
  arrayOf,
  described,
  enumOf,
  object,
  operationsOf,
  READ_ONLY_KEY,
  ref,
  type Schema,
  string,
  type TagSection,
} from "../http/openapiBuilders";

const tag = {
  name: "Load balancing",
  description:
    "The workers of the account's LOAD_BALANCER endpoints, at their `requestUrls.base`: `/v2/lb/{endpointId}` " +
    "followed by any worker-defined path, with the API key. Each worker is an echo server answering the method, path, " +
    "query and body it received. A GET of the endpoint's health check path (`HEALTH_CHECK_PATH` in its env, else " +
    "`/ping`; its `requestUrls.health`) answers as a worker's ping: 204 while the standing workers initialize, 200 " +
    "once they are ready, the codes a load balancer tells starting workers from ready ones by. With no standing " +
    "worker, requests are answered at once. Worker traffic counts against the account's rate limit like any call.",
};
const operation = operationsOf(tag.name);
const endpointId = { name: "endpointId", in: "path", required: true, description: "Id of a LOAD_BALANCER endpoint", schema: string };
const path = {
  name: "path",
  in: "path",
  required: true,
  description: "Any worker-defined path, slashes included",
  schema: string,
};
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The worker's answer: the echo, or for a GET of the health check path its ping. */
function workerOperation(method: (typeof METHODS)[number], withPath: boolean): Schema {
  const built = operation({
    operationId: `${method}Worker${withPath ? "Path" : "Root"}`,
    summary: `${method.toUpperCase()} a worker ${withPath ? "path" : "root"}`,
    parameters: withPath ? [endpointId, path] : [endpointId],
    ok: {
      status: 200,
      description: method === "get" ? "The echo, or the ping of a ready worker" : "The echo",
      schema: method === "get" ? { oneOf: [ref("WorkerEcho"), ref("WorkerPing")] } : ref("WorkerEcho"),
    },
    errors: {
      400: "A queue-based endpoint, which has no workers to call directly",
      403: `${method === "get" ? "The" : `${READ_ONLY_KEY}, or the`} endpoint belongs to another account`,
      404: "No such endpoint",
    },
  });
  if (method === "get")
    (built.responses as Record<string, Schema>)["204"] = { description: "A ping while the standing workers initialize" };
  return built;
}

const operations = (withPath: boolean) => Object.fromEntries(METHODS.map((method) => [method, workerOperation(method, withPath)]));

export const loadBalancer: TagSection = {
  tag,
  schemas: {
    WorkerEcho: object({
      method: string,
      path: described(string, "The path after the base URL, `/` for the base itself"),
      query: { type: "object", additionalProperties: { anyOf: [string, arrayOf(string)] } },
      body: described({}, "The parsed JSON body, the raw text of any other body, or null"),
    }),
    WorkerPing: object({ status: enumOf(["healthy"]) }),
  },
  paths: {
    "/v2/lb/{endpointId}": operations(false),
    "/v2/lb/{endpointId}/{path}": operations(true),
  },
};
