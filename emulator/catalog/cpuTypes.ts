import { cpuCatalogQuery } from "../schemas";
import { CPU_OFFERS } from "./offers";
import { cpuErrors, cpuParameters } from "./operationDocs";
import { productOperations } from "./productLine";
import { cpuScope } from "./queryScopes";
import { renderCpu } from "./views";

/** `GET /v2/catalog/cpus` and `/cpus/{id}`: list CPU flavors and read one; answer 400 (and the read 404). */
export const [listCpuTypes, getCpuType] = productOperations({
  segment: "cpus",
  schemaName: "CpuType",
  label: "CPU flavor",
  offers: CPU_OFFERS,
  query: cpuCatalogQuery,
  parameters: cpuParameters,
  errors: cpuErrors,
  scope: cpuScope,
  render: renderCpu,
});
