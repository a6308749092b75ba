import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { callerOf } from "../http/auth";
import type { BilledResource, Spend } from "./billedResource";
import {
  AGGREGATE_COMPONENTS,
  type BillingFamily,
  type BillingSource,
  endpointBilling,
  networkVolumeBilling,
  podBilling,
  serverlessBilling,
} from "./families";
import { clusterBilling } from "./seededHistory";
import { BUCKET_SIZES, bucketEnd, bucketsAfter, bucketStart, bucketsOf, type Span } from "./spans";
import type { EmulatorContext } from "../context";
import { Problem } from "../http/problem";
import { serveMethods } from "../http/routing";
import { parseQuery } from "../http/validation";

/** Buckets one answer may hold, so that an hourly history of years cannot exhaust the emulator. */
export const MAX_BUCKETS = 10_000;
const DEFAULT_LOOKBACK_MS = 30 * 24 * 3_600_000;

const dateTime = z.iso.datetime({ offset: true, error: "must be an RFC 3339 date-time" });

/** The time window of every billing history; other parameters are ignored. */
export const windowQuery = z.object({
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
  bucketSize: z.enum(BUCKET_SIZES).default("day"),
  lastN: z.coerce.number().pipe(z.int().min(1).max(MAX_BUCKETS)).optional(),
});
type WindowQuery = z.output<typeof windowQuery>;

/** How a per-resource history names its resources. */
interface Naming {
  /** The record field holding the resource id, which is also the query parameter filtering on it. */
  idField: string;
  /** The metadata field counting the distinct resources of the records. */
  uniqueCount: string;
}

/** `/v2/billing` and its per-family histories: time-bucketed records, with metadata echoing the resolved window. */
export function registerBillingRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const sourceOf = (request: FastifyRequest): BillingSource => ({
    account: context.store.account(callerOf(request).account),
    lifecycle: context.lifecycle,
    timings: context.options.timings,
    now: context.now(),
  });

  serveFamily(app, "/billing/pods", podBilling, sourceOf, { idField: "podId", uniqueCount: "uniquePodCount" });
  serveFamily(app, "/billing/serverless", serverlessBilling, sourceOf, {
    idField: "serverlessId",
    uniqueCount: "uniqueServerlessCount",
  });
  serveFamily(app, "/billing/network-volumes", networkVolumeBilling, sourceOf, {
    idField: "networkVolumeId",
    uniqueCount: "uniqueNetworkVolumeCount",
  });
  serveFamily(app, "/billing/clusters", clusterBilling, sourceOf, { idField: "clusterId", uniqueCount: "uniqueClusterCount" });
  serveFamily(app, "/billing/endpoints", endpointBilling, sourceOf, undefined);

  const families: ReadonlyArray<BillingFamily<string>> = [
    podBilling,
    serverlessBilling,
    networkVolumeBilling,
    endpointBilling,
    clusterBilling,
  ];
  serveMethods(app, "/billing", {
    /**
     * `GET /v2/billing` (getBilling): spend of every kind, per bucket. Errors: 400: invalid query, lastN with
     * startTime or endTime, a window that ends before it starts, or over 10000 buckets.
     */
    GET: async (request) => {
      const source = sourceOf(request);
      const query = parseQuery(windowQuery, request.query);
      const { window, buckets } = resolveWindow(query, source.now);
      const sums = buckets.map(() => zeros(AGGREGATE_COMPONENTS));
      for (const family of families) {
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
  });
}

/** One family's history: a record per resource per bucket, for every resource that existed during the window. */
function serveFamily<Component extends string>(
  app: FastifyInstance,
  path: string,
  family: BillingFamily<Component>,
  sourceOf: (request: FastifyRequest) => BillingSource,
  naming: Naming | undefined,
): void {
  const query = naming === undefined ? windowQuery : windowQuery.extend({ [naming.idField]: z.string().min(1).optional() });
  serveMethods(app, path, {
    /**
     * `GET /v2/billing/{family}` (one family's operation, e.g. getPodBilling): a record per resource per bucket,
     * optionally of one resource. Errors: 400: invalid query, as for `GET /v2/billing`.
     */
    GET: async (request) => {
      const source = sourceOf(request);
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
  });
}

interface HistoryEntry<Component extends string> {
  bucket: Span;
  bucketIndex: number;
  id: string;
  spend: Spend<Component>;
}

/** Bucket by bucket, resource by resource in id order. */
function history<Component extends string>(
  family: BillingFamily<Component>,
  source: BillingSource,
  window: Span,
  buckets: readonly Span[],
  id: string | undefined,
): Array<HistoryEntry<Component>> {
  const resources = family
    .resources(source)
    .filter((resource) => (id === undefined || resource.id === id) && existedDuring(resource.existed, window))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const components = componentsOf(family);
  return buckets.flatMap((bucket, bucketIndex) =>
    resources.map((resource) => ({ bucket, bucketIndex, id: resource.id, spend: spendWithin(resource, bucket, components) })),
  );
}

/** Every cost component of a family, shown on its records or not. */
function componentsOf<Component extends string>(family: BillingFamily<Component>): Component[] {
  return Object.keys(family.aggregate) as Component[];
}

/** A resource created at this very instant already counts as existing. */
function existedDuring(existed: Span, window: Span): boolean {
  return existed.start < window.end && Math.max(existed.end, existed.start + 1) > window.start;
}

function spendWithin<Component extends string>(
  resource: BilledResource<Component>,
  bucket: Span,
  components: readonly Component[],
): Spend<Component> {
  const span = { start: Math.max(bucket.start, resource.existed.start), end: Math.min(bucket.end, resource.existed.end) };
  return span.start < span.end ? { ...zeros(components), ...resource.spend(span) } : zeros(components);
}

/**
 * The window of a query, aligned to its buckets: `lastN` buckets ending with the current one, or from `startTime`
 * (default 30 days ago) snapped down to its bucket's start, to `endTime` (default now, exclusive) snapped up to
 * its bucket's end.
 */
function resolveWindow(query: WindowQuery, now: number): { window: Span; buckets: Span[] } {
  const { startTime, endTime, bucketSize, lastN } = query;
  let window: Span;
  if (lastN !== undefined) {
    if (startTime !== undefined || endTime !== undefined) {
      throw new Problem(400, "lastN is mutually exclusive with startTime and endTime; send one or the other");
    }
    const current = bucketStart(now, bucketSize);
    window = { start: bucketsAfter(current, bucketSize, 1 - lastN), end: bucketsAfter(current, bucketSize, 1) };
  } else {
    const start = startTime === undefined ? now - DEFAULT_LOOKBACK_MS : Date.parse(startTime);
    const end = endTime === undefined ? now : Date.parse(endTime);
    if (start >= end) throw new Problem(400, disorderedWindow(startTime, endTime));
    window = { start: bucketStart(start, bucketSize), end: bucketEnd(end, bucketSize) };
  }
  const buckets = bucketsOf(window, bucketSize, MAX_BUCKETS + 1);
  if (buckets.length > MAX_BUCKETS) {
    throw new Problem(
      400,
      `startTime and endTime span more than ${MAX_BUCKETS} ${bucketSize} buckets; narrow the window or use a larger bucketSize`,
    );
  }
  return { window, buckets };
}

function disorderedWindow(startTime: string | undefined, endTime: string | undefined): string {
  if (startTime === undefined) return "endTime must be after startTime, which defaults to 30 days before now";
  if (endTime === undefined) return "startTime must be before endTime, which defaults to now";
  return "startTime must be before endTime";
}

function timeRange(span: Span): { startTime: string; endTime: string } {
  return { startTime: rfc3339(span.start), endTime: rfc3339(span.end) };
}

/** Whole seconds, as the reference writes them: `2026-06-01T00:00:00Z`. */
function rfc3339(instant: number): string {
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function zeros<Component extends string>(components: readonly Component[]): Spend<Component> {
  return Object.fromEntries(components.map((component) => [component, 0])) as Spend<Component>;
}

function summed<Component extends string>(components: readonly Component[], spends: ReadonlyArray<Spend<Component>>): Spend<Component> {
  const sum = zeros(components);
  for (const spend of spends) for (const component of components) sum[component] += spend[component];
  return sum;
}

/** A record or totals object: `totalAmount` first (the sum of every component), then the shown components, in USD. */
function withTotal<Component extends string>(
  head: Record<string, string>,
  shown: readonly Component[],
  spend: Spend<Component>,
): Record<string, string | number> {
  const total = Object.values<number>(spend).reduce((sum, amount) => sum + amount, 0);
  return { ...head, totalAmount: usd(total), ...Object.fromEntries(shown.map((component) => [component, usd(spend[component])])) };
}

function usd(micros: number): number {
  return micros / 1_000_000;
}
