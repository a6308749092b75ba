import { COMPLIANCE_CERTIFICATIONS, DATA_CENTER_REGIONS, DATA_CENTERS } from "../data/catalog";
import { commaList, listOf, queryParameters } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import { dataCenterListQuery } from "../schemas";
import { VOLUME_TYPES } from "../wire";
import { dataCenterInclude } from "./operationDocs";
import { renderDataCenter } from "./views";

/** `GET /v2/catalog/datacenters`: list data centers; answers 400 as `spec.errors` says. */
export const listDataCenters: Operation = {
  method: "GET",
  path: "/catalog/datacenters",
  spec: {
    operationId: "listDataCenters",
    summary: "List data centers",
    description: "Filters combine with AND; the regions listed combine with OR.",
    parameters: queryParameters(dataCenterListQuery, {
      include: dataCenterInclude,
      regions: { description: "Only data centers in one of these regions", schema: commaList(DATA_CENTER_REGIONS), commaSeparated: true },
      networkVolumeTypes: {
        description: "Only data centers offering every one of these volume types",
        schema: commaList(VOLUME_TYPES),
        commaSeparated: true,
      },
      compliance: {
        description: "Only data centers holding every one of these certifications",
        schema: commaList(COMPLIANCE_CERTIFICATIONS),
        commaSeparated: true,
      },
      globalNetwork: { description: "Only data centers with (`true`) or without (`false`) the global network" },
    }),
    ok: { status: 200, description: "Data centers", schema: listOf("dataCenters", "DataCenter") },
    errors: { 400: "Invalid query" },
  },
  async handle(context, request) {
    const query = parseQuery(dataCenterListQuery, request.query);
    const matching = DATA_CENTERS.filter(
      (dataCenter) =>
        (query.regions === undefined || query.regions.includes(dataCenter.region)) &&
        (query.networkVolumeTypes ?? []).every((type) => dataCenter.networkVolumeTypes.includes(type)) &&
        (query.compliance ?? []).every((certification) => dataCenter.compliance.includes(certification)) &&
        (query.globalNetwork === undefined || dataCenter.globalNetwork === query.globalNetwork),
    );
    return { dataCenters: matching.map((dataCenter) => renderDataCenter(dataCenter, query.include ?? [], context.stock)) };
  },
};
