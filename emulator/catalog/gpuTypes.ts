import { gpuCatalogQuery } from "../schemas";
import { isCarriedIn } from "./availability";
import { GPU_OFFERS } from "./offers";
import { gpuErrors, gpuParameters } from "./operationDocs";
import { productOperations } from "./productLine";
import { gpuScope } from "./queryScopes";
import { renderGpu } from "./views";

/** `GET /v2/catalog/gpus` and `/gpus/{id}`: list GPU types and read one; answer 400, 422 (and the read 404). */
export const [listGpuTypes, getGpuType] = productOperations({
  segment: "gpus",
  schemaName: "GpuType",
  label: "GPU type",
  readNote: " (URL-encode the id)",
  offers: GPU_OFFERS,
  query: gpuCatalogQuery,
  parameters: gpuParameters,
  errors: gpuErrors,
  scope: gpuScope,
  // Only a country scope drops types from the list; every other scope only changes their availability.
  listed: (offer, scope) => scope === undefined || isCarriedIn(offer, scope.countries),
  render: renderGpu,
});
