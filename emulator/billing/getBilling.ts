import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import { AGGREGATE_COMPONENTS } from "./families";
import { FAMILY_HISTORIES } from "./familyHistories";
import { billingSource, history, resolveWindow, summed, timeRange, withTotal, zeros } from "./history";
import { windowErrors, windowParameters } from "./operationDocs";
import { windowQuery } from "./requests";

/** `GET /v2/billing`: spend of every kind, per bucket; answers 400 as `spec.errors` says. */
export const getBilling: Operation = {
  method: "GET",
  path: "/billing",
  spec: {
    operationId: "getBilling",
    summary: "Spend of every kind, per bucket",
    parameters: windowParameters,
    ok: { status: 200, description: "The history", schema: ref("BillingHistory") },
    errors: windowErrors,
  },
  async handle(context, request) {
    const source = billingSource(context, request);
    const query = parseQuery(windowQuery, request.query);
    const { window, buckets } = resolveWindow(query, source.now);
    const sums = buckets.map(() => zeros(AGGREGATE_COMPONENTS));
    for (const { family } of FAMILY_HISTORIES) {
      for (const entry of history(family, source, window, buckets, undefined)) {
        const sum = sums[entry.bucketIndex];
        if (sum === undefined) continue;
        for (const [component, amount] of Object.entries(entry.spend)) {
          const target = family.aggregate[component];
          if (target !== undefined) sum[target] += amount;
        }
      }
    }
    const records = buckets.map((bucket, index) =>
      withTotal(timeRange(bucket), AGGREGATE_COMPONENTS, sums[index] ?? zeros(AGGREGATE_COMPONENTS)),
    );
    return {
      records,
      metadata: {
        query: { ...timeRange(window), bucketSize: query.bucketSize },
        recordCount: records.length,
        totals: withTotal({}, AGGREGATE_COMPONENTS, summed(AGGREGATE_COMPONENTS, sums)),
      },
    };
  },
};
