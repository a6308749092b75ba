import { z } from "zod";
import { queryParameter, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import type { FamilyHistory } from "./familyHistories";
import { billingSource, componentsOf, history, resolveWindow, summed, timeRange, withTotal } from "./history";
import { windowErrors, windowParameters } from "./operationDocs";
import { type WindowQuery, windowQuery } from "./requests";

/**
 * `GET /v2/billing/{family}` (getPodBilling, getServerlessBilling, ...): one family's history, a record per resource
 * per bucket for every resource that existed during the window, optionally of one resource; 400 as `spec.errors` says.
 */
export function familyHistoryOperation(entry: FamilyHistory): Operation {
  const { family, naming } = entry;
  const query = naming === undefined ? windowQuery : windowQuery.extend({ [naming.idField]: z.string().min(1).optional() });
  const filterParameter =
    naming === undefined ? [] : [queryParameter(naming.idField, `Only this ${naming.what}`, { type: "string", minLength: 1 })];
  return {
    method: "GET",
    path: entry.path,
    spec: {
      operationId: entry.operationId,
      summary: entry.summary,
      parameters: [...windowParameters, ...filterParameter],
      ok: { status: 200, description: "The history", schema: ref(entry.schemaName) },
      errors: windowErrors,
    },
    async handle(context, request) {
      const source = billingSource(context, request);
      const parsed = parseQuery(query, request.query) as WindowQuery & Record<string, string | undefined>;
      const filter = naming === undefined ? undefined : parsed[naming.idField];
      const { window, buckets } = resolveWindow(parsed, source.now);
      const entries = history(family, source, window, buckets, filter);
      const records = entries.map((entry) =>
        withTotal(
          { ...timeRange(entry.bucket), ...(naming === undefined ? {} : { [naming.idField]: entry.id }) },
          family.recordComponents,
          entry.spend,
        ),
      );
      const echo = { ...timeRange(window), bucketSize: parsed.bucketSize };
      const spends = entries.map((entry) => entry.spend);
      const totals = withTotal({}, family.recordComponents, summed(componentsOf(family), spends));
      const metadata =
        naming === undefined
          ? { query: echo, recordCount: records.length, totals }
          : {
              query: { ...echo, [naming.idField]: filter ?? null },
              recordCount: records.length,
              [naming.uniqueCount]: new Set(entries.map((entry) => entry.id)).size,
              totals,
            };
      return { records, metadata };
    },
  };
}
