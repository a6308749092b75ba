import type { Emulator } from "../../emulator";

/** A request the emulator received, with the time it arrived. */
export interface TimedRequest {
  method: string;
  path: string;
  /** Status answered; 0 when the connection was dropped without an answer. */
  status: number;
  /** Milliseconds since the epoch. */
  at: number;
}

/**
 * Times every request the emulator records from now on. The emulator's request log has no times, so the
 * log's own array is watched as it grows: each entry is stamped the moment the emulator adds it, and its
 * status is read when the times are asked for, after the answer.
 */
export function timeRequests(emulator: Emulator): () => TimedRequest[] {
  const log = emulator.requests as Array<Omit<TimedRequest, "at">>;
  const arrivals: Array<{ record: Omit<TimedRequest, "at">; at: number }> = [];
  const push = log.push.bind(log);
  log.push = (...records) => {
    for (const record of records) arrivals.push({ record, at: Date.now() });
    return push(...records);
  };
  return () => arrivals.map(({ record, at }) => ({ method: record.method, path: record.path, status: record.status, at }));
}
