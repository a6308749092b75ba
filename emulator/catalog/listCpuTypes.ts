import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import { cpuCatalogQuery } from "../schemas";
import { CPU_OFFERS } from "./offers";
import { cpuErrors, cpuParameters } from "./operationDocs";
import { cpuScope } from "./queryScopes";
import { renderCpu } from "./views";

/** `GET /v2/catalog/cpus`: list CPU flavors; answers 400 as `spec.errors` says. */
export const listCpuTypes: Operation = {
  method: "GET",
  path: "/catalog/cpus",
  spec: {
    operationId: "listCpuTypes",
    summary: "List CPU flavors",
    parameters: cpuParameters,
    ok: { status: 200, description: "CPU flavors", schema: listOf("cpus", "CpuType") },
    errors: cpuErrors,
  },
  async handle(context, request) {
    const scope = cpuScope(parseQuery(cpuCatalogQuery, request.query));
    return { cpus: CPU_OFFERS.map((offer) => renderCpu(offer, scope, context.stock)) };
  },
};
