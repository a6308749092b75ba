import type { Span } from "./spans";

/** Storage is priced per GB-month; a month is 730 hours. */
export const HOURS_PER_MONTH = 730;

/** Spend per cost component, in millionths of a USD. */
export type Spend<Component extends string> = Record<Component, number>;

/** One billed resource: when it existed, and what it cost within any span of that time. */
export interface BilledResource<Component extends string> {
  id: string;
  existed: Span;
  /** Spend within `span`, which lies inside `existed`. */
  spend(span: Span): Spend<Component>;
}

/** USD as the integer millionths every amount is kept in, so that every total is the exact sum of its parts. */
export function micros(usd: number): number {
  return Math.round(usd * 1_000_000);
}
