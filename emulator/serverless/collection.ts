import { collection } from "../collection";
import { renderEndpoint } from "./endpointView";

/** The account's serverless endpoints, at `/v2/serverless`: their URLs on the host the client reached. */
export const endpoints = collection({
  name: "endpoints",
  path: "/serverless",
  noun: "Endpoint",
  what: "endpoint",
  schema: "Endpoint",
  idDescription: "Endpoint id",
  idOf: (record) => record.id,
  view: (record, _context, baseUrl) => renderEndpoint(record, baseUrl),
});
