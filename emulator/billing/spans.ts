/** Time on the billing clock: half-open spans and the buckets histories are grouped into (UTC). */

export const BUCKET_SIZES = ["hour", "day", "week", "month", "year"] as const;
export type BucketSize = (typeof BUCKET_SIZES)[number];

/** A half-open range of instants [start, end), in ms since the epoch. */
export interface Span {
  start: number;
  end: number;
}

export const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Start of the bucket holding `instant` (UTC; weeks start on Monday). */
export function bucketStart(instant: number, size: BucketSize): number {
  const date = new Date(instant);
  switch (size) {
    case "hour":
      return Math.floor(instant / HOUR) * HOUR;
    case "day":
      return Math.floor(instant / DAY) * DAY;
    case "week": {
      const day = Math.floor(instant / DAY);
      // 1970-01-01 was a Thursday, three days after a Monday.
      return (day - ((((day + 3) % 7) + 7) % 7)) * DAY;
    }
    case "month":
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case "year":
      return Date.UTC(date.getUTCFullYear(), 0, 1);
  }
}

/** Start of the bucket `count` buckets after (or, when negative, before) the bucket starting at `start`. */
export function bucketsAfter(start: number, size: BucketSize, count: number): number {
  const date = new Date(start);
  switch (size) {
    case "hour":
      return start + count * HOUR;
    case "day":
      return start + count * DAY;
    case "week":
      return start + count * 7 * DAY;
    case "month":
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1);
    case "year":
      return Date.UTC(date.getUTCFullYear() + count, 0, 1);
  }
}

/** The end of the bucket `instant` lands in, or `instant` itself when it is a boundary. */
export function bucketEnd(instant: number, size: BucketSize): number {
  const start = bucketStart(instant, size);
  return start === instant ? instant : bucketsAfter(start, size, 1);
}

/** The buckets of an aligned window, oldest first; stops after `limit` buckets. */
export function bucketsOf(window: Span, size: BucketSize, limit = Number.POSITIVE_INFINITY): Span[] {
  const buckets: Span[] = [];
  for (let start = window.start; start < window.end && buckets.length < limit;) {
    const end = bucketsAfter(start, size, 1);
    buckets.push({ start, end });
    start = end;
  }
  return buckets;
}

/** Milliseconds two spans share. */
export function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/** The spans' union, as disjoint spans: concurrent jobs share their worker. */
export function merged(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const union: Span[] = [];
  for (const span of sorted) {
    const last = union[union.length - 1];
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else union.push({ ...span });
  }
  return union;
}
