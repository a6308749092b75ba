import type { LogLine } from "../../provider/client";

/**
 * How long `logs` without `--follow` waits, on an open stream, for another line before it takes the log as printed.
 * The API sends the backlog at once and then keeps the stream open for new lines, with nothing marking where the
 * backlog ends: a pause this long after the last line (or after the answer, for an empty backlog) is far longer than
 * any gap within a backlog sent at once, and short enough that a command run to read a quiet log returns promptly.
 * Time spent opening the stream (retries, waits for the quota, a reconnect after a drop) does not count.
 */
export const BACKLOG_QUIET_MS = 2_000;

/**
 * The lines of a log up to `startedAt`: those `open` streams until the first one printed later, or until none has come
 * for {@link BACKLOG_QUIET_MS} while the stream is open; then the stream is closed. `open` gets the signal that closes
 * it, and reports when the stream is open (true) or being opened again (false).
 */
export async function* backlogOnly(
  open: (signal: AbortSignal, onStream: (open: boolean) => void) => AsyncGenerator<LogLine>,
  startedAt: number,
  signal: AbortSignal,
): AsyncGenerator<LogLine> {
  const done = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let endQuietly!: (quiet: "quiet") => void;
  const quiet = new Promise<"quiet">((resolve) => (endQuietly = resolve));
  const wait = (open: boolean) => {
    clearTimeout(timer);
    if (open) timer = setTimeout(() => endQuietly("quiet"), BACKLOG_QUIET_MS);
  };
  const lines = open(AbortSignal.any([signal, done.signal]), wait);
  try {
    for (;;) {
      const next = lines.next();
      const result = await Promise.race([next, quiet]);
      if (result === "quiet") {
        // Closing the stream rejects the pending read with the abort: that is the end, not an error.
        next.catch(() => undefined);
        return;
      }
      if (result.done === true || Date.parse(result.value.ts) > startedAt) return;
      clearTimeout(timer);
      yield result.value;
      wait(true);
    }
  } finally {
    clearTimeout(timer);
    done.abort();
  }
}
