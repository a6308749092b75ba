import type { LogLine } from "../../provider/client";

/**
 * How long `logs` without `--follow` waits for another line before it takes the log as printed. The API sends the
 * backlog at once and then keeps the stream open for new lines, with nothing marking where the backlog ends: a pause
 * this long after the last line (or after opening, for an empty backlog) is far longer than any gap within a backlog
 * sent at once, and short enough that a command run to read a quiet log returns promptly.
 */
export const BACKLOG_QUIET_MS = 2_000;

/**
 * The lines of a log up to `startedAt`: those `open` streams until the first one printed later, or until none has come
 * for {@link BACKLOG_QUIET_MS}; then the stream is closed. `open` gets the signal that closes it.
 */
export async function* backlogOnly(
  open: (signal: AbortSignal) => AsyncGenerator<LogLine>,
  startedAt: number,
  signal: AbortSignal,
): AsyncGenerator<LogLine> {
  const done = new AbortController();
  const lines = open(AbortSignal.any([signal, done.signal]));
  let timer: NodeJS.Timeout | undefined;
  try {
    for (;;) {
      const next = lines.next();
      const quiet = new Promise<"quiet">((resolve) => (timer = setTimeout(() => resolve("quiet"), BACKLOG_QUIET_MS)));
      const result = await Promise.race([next, quiet]);
      clearTimeout(timer);
      if (result === "quiet") {
        // Closing the stream rejects the pending read with the abort: that is the end, not an error.
        next.catch(() => undefined);
        return;
      }
      if (result.done === true || Date.parse(result.value.ts) > startedAt) return;
      yield result.value;
    }
  } finally {
    clearTimeout(timer);
    done.abort();
  }
}
