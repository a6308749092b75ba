import { UserError } from "../../provider/errors";
import { durationMs } from "../../provider/resources/lifetime/duration";

/**
 * `--since` as the API's time: a duration back from `now` (`10m`, `2h`) or a time with its offset
 * (`2026-06-01T12:00:00Z`), as an ISO 8601 string.
 */
export function parseSince(text: string, now: number): string {
  const back = durationMs(text);
  if (back !== undefined) return new Date(now - back).toISOString();
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new UserError(`--since must be a duration such as 10m, 2h or 1d, or a time such as 2026-06-01T12:00:00Z; got "${text}"`);
  }
  return new Date(time).toISOString();
}

/** `--tail`: a whole number of lines from 0 to 5000, as the API takes it. */
export function parseTail(text: string): number {
  if (!/^\d{1,4}$/.test(text) || Number(text) > 5000) throw new UserError(`--tail must be a whole number from 0 to 5000; got "${text}"`);
  return Number(text);
}
