import { vi } from "vitest";
import type { ClockController } from "../../emulator";
import { systemClock } from "../../provider/client/clock";

/**
 * Puts the provider modules on an emulator's clock: they read its time, and their pauses (a poll's interval, a
 * backoff, a rate limit's wait) move it instead of waiting, so a wait on the emulator takes no real time. Returns what
 * puts the system's clock back; call it when the emulator closes, since a unit worker's later files share the module.
 *
 * @param clock the emulator's clock (`emulator.clock`).
 */
export function providerOnClock(clock: ClockController): () => void {
  const now = vi.spyOn(systemClock, "now").mockImplementation(() => clock.now());
  const sleep = vi.spyOn(systemClock, "sleep").mockImplementation(async (ms, signal) => {
    signal?.throwIfAborted();
    clock.advance(Math.max(0, ms));
  });
  return () => {
    now.mockRestore();
    sleep.mockRestore();
  };
}
