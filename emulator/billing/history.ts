import type { FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { callerOf } from "../http/auth";
import { Problem } from "../http/problem";
import type { BilledResource, Spend } from "./billedResource";
import type { BillingFamily, BillingSource } from "./families";
import { DEFAULT_LOOKBACK_MS, MAX_BUCKETS, type WindowQuery } from "./requests";
import { bucketEnd, bucketsAfter, bucketStart, bucketsOf, type Span } from "./spans";

/** How a billing history is computed: the window a query resolves to, and the records and totals within it. */

/** What billing reads for the caller of this request. */
export function billingSource(context: EmulatorContext, request: FastifyRequest): BillingSource {
  return {
    account: context.store.account(callerOf(request).account),
    lifecycle: context.lifecycle,
    timings: context.options.timings,
    now: context.now(),
  };
}

interface HistoryEntry<Component extends string> {
  bucket: Span;
  bucketIndex: number;
  id: string;
  spend: Spend<Component>;
}

/** Bucket by bucket, resource by resource in id order. */
export function history<Component extends string>(
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
export function componentsOf<Component extends string>(family: BillingFamily<Component>): Component[] {
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
export function resolveWindow(query: WindowQuery, now: number): { window: Span; buckets: Span[] } {
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

export function timeRange(span: Span): { startTime: string; endTime: string } {
  return { startTime: rfc3339(span.start), endTime: rfc3339(span.end) };
}

/** Whole seconds, as the reference writes them: `2026-06-01T00:00:00Z`. */
function rfc3339(instant: number): string {
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function zeros<Component extends string>(components: readonly Component[]): Spend<Component> {
  return Object.fromEntries(components.map((component) => [component, 0])) as Spend<Component>;
}

export function summed<Component extends string>(
  components: readonly Component[],
  spends: ReadonlyArray<Spend<Component>>,
): Spend<Component> {
  const sum = zeros(components);
  for (const spend of spends) for (const component of components) sum[component] += spend[component];
  return sum;
}

/** A record or totals object: `totalAmount` first (the sum of every component), then the shown components, in USD. */
export function withTotal<Component extends string>(
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
