import type { Clock } from "../../provider/client/clock";

/**
 * One virtual clock shared by the emulator and the client: a client "sleep" moves the emulator's time
 * forward instead of waiting, so rate-limit windows and retries are tested exactly and instantly.
 */
export function virtualTime(start = Date.UTC(2026, 10, 22, 12, 0, 0)): Clock & { slept: number[]; advance(ms: number): void } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      slept.push(ms);
      now += ms;
    },
  };
}
