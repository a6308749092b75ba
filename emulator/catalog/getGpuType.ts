import { idParameter, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseQuery } from "../http/validation";
import { gpuCatalogQuery } from "../schemas";
import { GPU_OFFERS } from "./offers";
import { gpuErrors, gpuParameters } from "./operationDocs";
import { gpuScope } from "./queryScopes";
import { findOr404, renderGpu } from "./views";

/** `GET /v2/catalog/gpus/{id}`: read a GPU type (URL-encode the id); answers 400, 404, 422 as `spec.errors` says. */
export const getGpuType: Operation = {
  method: "GET",
  path: "/catalog/gpus/{id}",
  spec: {
    operationId: "getGpuType",
    summary: "Read a GPU type (URL-encode the id)",
    parameters: [idParameter("GPU type id"), ...gpuParameters],
    ok: { status: 200, description: "The GPU type", schema: ref("GpuType") },
    errors: { ...gpuErrors, 404: "No such GPU type" },
  },
  async handle(context, request) {
    const scope = gpuScope(parseQuery(gpuCatalogQuery, request.query));
    return renderGpu(findOr404(GPU_OFFERS, idParam(request), "GPU type"), scope, context.stock);
  },
};
