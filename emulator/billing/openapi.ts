import {
  arrayOf,
  dateTime,
  described,
  enumOf,
  integer,
  nullable,
  number,
  object,
  type Schema,
  string,
  type TagSection,
} from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { AGGREGATE_COMPONENTS } from "./families";
import { FAMILY_HISTORIES, type Naming } from "./familyHistories";
import { BILLING_OPERATIONS } from "./operations";
import { BUCKET_SIZES } from "./spans";

const tag = {
  name: "Billing",
  description:
    "Spend per time bucket, from what the emulator actually ran (deleted resources included): pods and network " +
    "volumes; serverless endpoints from their standing workers at `workers.min` once ready, or with none the worker " +
    "scaled up while jobs run; public endpoints from the hosted-model jobs that COMPLETED, at the cost their output " +
    "gives, billed when they complete. Cluster histories are seeded per account.",
};

const usd = described(number, "USD");

/**
 * A history answer: `records`, one per bucket (or per resource per bucket, with `naming`), each with its total and
 * components, and `metadata` echoing the resolved window with the totals over it.
 */
function history(components: readonly string[], naming?: Naming): Schema {
  const amounts = {
    totalAmount: described(usd, "USD; the sum of every component"),
    ...Object.fromEntries(components.map((name) => [name, usd])),
  };
  const id = naming === undefined ? {} : { [naming.idField]: string };
  const filter = naming === undefined ? {} : { [naming.idField]: nullable(string) };
  const count = naming === undefined ? {} : { [naming.uniqueCount]: described(integer, `Distinct ${naming.what}s in the records`) };
  return object({
    records: arrayOf(object({ startTime: dateTime, endTime: dateTime, ...id, ...amounts })),
    metadata: object({
      query: object({ startTime: dateTime, endTime: dateTime, bucketSize: enumOf(BUCKET_SIZES), ...filter }),
      recordCount: integer,
      ...count,
      totals: object(amounts),
    }),
  });
}

export const billing: TagSection = {
  tag,
  schemas: {
    BillingHistory: history(AGGREGATE_COMPONENTS),
    ...Object.fromEntries(FAMILY_HISTORIES.map((entry) => [entry.schemaName, history(entry.family.recordComponents, entry.naming)])),
  },
  paths: pathsOf(tag.name, BILLING_OPERATIONS),
};
