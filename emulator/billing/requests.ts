import { z } from "zod";
import { BUCKET_SIZES } from "./spans";

/** Buckets one answer may hold, so that an hourly history of years cannot exhaust the emulator. */
export const MAX_BUCKETS = 10_000;
export const DEFAULT_LOOKBACK_MS = 30 * 24 * 3_600_000;

const dateTime = z.iso.datetime({ offset: true, error: "must be an RFC 3339 date-time" });

/** The time window of every billing history; other parameters are ignored. */
export const windowQuery = z.object({
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
  bucketSize: z.enum(BUCKET_SIZES).default("day"),
  lastN: z.coerce.number().pipe(z.int().min(1).max(MAX_BUCKETS)).optional(),
});
export type WindowQuery = z.output<typeof windowQuery>;
