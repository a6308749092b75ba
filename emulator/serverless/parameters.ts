import { idParameter, string } from "../http/openapiBuilders";

/** The `{id}` of every `/v2/serverless/{id}` operation. */
export const endpointId = idParameter("Endpoint id");

/** The `{workerId}` of a worker's log. */
export const workerId = { name: "workerId", in: "path", required: true, description: "Worker id", schema: string };
