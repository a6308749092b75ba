import { idParameter, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseQuery } from "../http/validation";
import { cpuCatalogQuery } from "../schemas";
import { CPU_OFFERS } from "./offers";
import { cpuErrors, cpuParameters } from "./operationDocs";
import { cpuScope } from "./queryScopes";
import { findOr404, renderCpu } from "./views";

/** `GET /v2/catalog/cpus/{id}`: read a CPU flavor; answers 400, 404 as `spec.errors` says. */
export const getCpuType: Operation = {
  method: "GET",
  path: "/catalog/cpus/{id}",
  spec: {
    operationId: "getCpuType",
    summary: "Read a CPU flavor",
    parameters: [idParameter("CPU flavor id"), ...cpuParameters],
    ok: { status: 200, description: "The CPU flavor", schema: ref("CpuType") },
    errors: { ...cpuErrors, 404: "No such CPU flavor" },
  },
  async handle(context, request) {
    const scope = cpuScope(parseQuery(cpuCatalogQuery, request.query));
    return renderCpu(findOr404(CPU_OFFERS, idParam(request), "CPU flavor"), scope, context.stock);
  },
};
