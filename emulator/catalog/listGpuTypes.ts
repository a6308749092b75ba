import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import { gpuCatalogQuery } from "../schemas";
import { isCarriedIn } from "./availability";
import { GPU_OFFERS } from "./offers";
import { gpuErrors, gpuParameters } from "./operationDocs";
import { gpuScope } from "./queryScopes";
import { renderGpu } from "./views";

/** `GET /v2/catalog/gpus`: list GPU types; answers 400, 422 as `spec.errors` says. */
export const listGpuTypes: Operation = {
  method: "GET",
  path: "/catalog/gpus",
  spec: {
    operationId: "listGpuTypes",
    summary: "List GPU types",
    parameters: gpuParameters,
    ok: { status: 200, description: "GPU types", schema: listOf("gpus", "GpuType") },
    errors: gpuErrors,
  },
  async handle(context, request) {
    const scope = gpuScope(parseQuery(gpuCatalogQuery, request.query));
    // Only a country scope drops types from the list; every other scope only changes their availability.
    const carried = GPU_OFFERS.filter((offer) => scope === undefined || isCarriedIn(offer, scope.countries));
    return { gpus: carried.map((offer) => renderGpu(offer, scope, context.stock)) };
  },
};
