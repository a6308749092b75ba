import { DATA_CENTERS } from "../data/catalog";
import { idParameter, queryParameters, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { parseQuery } from "../http/validation";
import { dataCenterCatalogQuery } from "../schemas";
import { dataCenterInclude } from "./operationDocs";
import { renderDataCenter } from "./views";

/** `GET /v2/catalog/datacenters/{id}`: read a data center; answers 400, 404 as `spec.errors` says. */
export const getDataCenter: Operation = {
  method: "GET",
  path: "/catalog/datacenters/{id}",
  spec: {
    operationId: "getDataCenter",
    summary: "Read a data center",
    parameters: [idParameter("Data center id"), ...queryParameters(dataCenterCatalogQuery, { include: dataCenterInclude })],
    ok: { status: 200, description: "The data center", schema: ref("DataCenter") },
    errors: { 400: "Invalid query", 404: "No such data center" },
  },
  async handle(context, request) {
    const include = parseQuery(dataCenterCatalogQuery, request.query).include ?? [];
    const dataCenter = DATA_CENTERS.find((candidate) => candidate.id === idParam(request));
    if (dataCenter === undefined) throw new Problem(404, `Data center "${idParam(request)}" not found`);
    return renderDataCenter(dataCenter, include, context.stock);
  },
};
