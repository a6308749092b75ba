import {
  AGGREGATE_COMPONENTS,
  type BillingFamily,
  endpointBilling,
  networkVolumeBilling,
  podBilling,
  serverlessBilling,
} from "./families";
import { clusterBilling } from "./seededHistory";
import { BUCKET_SIZES } from "./spans";
import { MAX_BUCKETS, windowQuery } from "./routes";
import {
  arrayOf,
  dateTime,
  described,
  enumOf,
  integer,
  nullable,
  number,
  object,
  operationsOf,
  type Paths,
  queryParameter,
  queryParameters,
  ref,
  type Schema,
  string,
  type TagSection,
} from "../http/openapiBuilders";

const tag = {
  name: "Billing",
  description:
    "Spend per time bucket, from what the emulator actually ran (deleted resources included): pods and network " +
    "volumes; serverless endpoints from their standing workers at `workers.min` once ready, or with none the worker " +
    "scaled up while jobs run; public endpoints from the hosted-model jobs that COMPLETED, at the cost their output " +
    "gives, billed when they complete. Cluster histories are seeded per account.",
};
const operation = operationsOf(tag.name);

const usd = described(number, "USD");

const windowParameters: Schema[] = queryParameters(windowQuery, {
  startTime: { description: "Start of the window, snapped down to its bucket; default 30 days ago" },
  endTime: { description: "End of the window (exclusive), snapped up to its bucket; default now" },
  bucketSize: { description: "Length of each bucket (UTC; weeks start on Monday)" },
  lastN: { description: "The last N buckets, the current one included; excludes startTime and endTime" },
});

const windowErrors = {
  400: `Invalid query, lastN with startTime or endTime, a window that ends before it starts, or over ${MAX_BUCKETS} buckets`,
};

/** How a per-resource history names its resources: the record field (and query filter) and the metadata count. */
interface Naming {
  idField: string;
  uniqueCount: string;
  what: string;
}

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

/** One per-family history. */
interface FamilyHistory {
  path: string;
  operationId: string;
  summary: string;
  schemaName: string;
  family: BillingFamily<string>;
  naming?: Naming;
}
const FAMILIES: readonly FamilyHistory[] = [
  {
    path: "/v2/billing/pods",
    operationId: "getPodBilling",
    summary: "Pod spend, per pod",
    schemaName: "PodBillingHistory",
    family: podBilling,
    naming: { idField: "podId", uniqueCount: "uniquePodCount", what: "pod" },
  },
  {
    path: "/v2/billing/serverless",
    operationId: "getServerlessBilling",
    summary: "Serverless spend, per endpoint",
    schemaName: "ServerlessBillingHistory",
    family: serverlessBilling,
    naming: { idField: "serverlessId", uniqueCount: "uniqueServerlessCount", what: "serverless endpoint" },
  },
  {
    path: "/v2/billing/network-volumes",
    operationId: "getNetworkVolumeBilling",
    summary: "Network volume spend, per volume",
    schemaName: "NetworkVolumeBillingHistory",
    family: networkVolumeBilling,
    naming: { idField: "networkVolumeId", uniqueCount: "uniqueNetworkVolumeCount", what: "network volume" },
  },
  {
    path: "/v2/billing/endpoints",
    operationId: "getEndpointBilling",
    summary: "Public endpoint spend",
    schemaName: "EndpointBillingHistory",
    family: endpointBilling,
  },
  {
    path: "/v2/billing/clusters",
    operationId: "getClusterBilling",
    summary: "Cluster spend, per cluster",
    schemaName: "ClusterBillingHistory",
    family: clusterBilling,
    naming: { idField: "clusterId", uniqueCount: "uniqueClusterCount", what: "cluster" },
  },
];

function familyPath(entry: FamilyHistory): Paths {
  const { naming } = entry;
  const filter = naming === undefined ? [] : [queryParameter(naming.idField, `Only this ${naming.what}`, { type: "string", minLength: 1 })];
  return {
    [entry.path]: {
      get: operation({
        operationId: entry.operationId,
        summary: entry.summary,
        parameters: [...windowParameters, ...filter],
        ok: { status: 200, description: "The history", schema: ref(entry.schemaName) },
        errors: windowErrors,
      }),
    },
  };
}

export const billing: TagSection = {
  tag,
  schemas: {
    BillingHistory: history(AGGREGATE_COMPONENTS),
    ...Object.fromEntries(FAMILIES.map((entry) => [entry.schemaName, history(entry.family.recordComponents, entry.naming)])),
  },
  paths: {
    "/v2/billing": {
      get: operation({
        operationId: "getBilling",
        summary: "Spend of every kind, per bucket",
        parameters: windowParameters,
        ok: { status: 200, description: "The history", schema: ref("BillingHistory") },
        errors: windowErrors,
      }),
    },
    ...Object.assign({}, ...FAMILIES.map(familyPath)),
  },
};
