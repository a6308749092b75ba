/** The emulator's clock, which a test moves forward instead of waiting. */
export interface ClockController {
  /** The emulator's time now, in milliseconds since the epoch. */
  now(): number;
  /** Moves the emulator's time forward by `ms`: pods, jobs, rate-limit windows and the `Date` of answers follow. */
  advance(ms: number): void;
}

/** `base` (the `clock` option, or the system's) plus how far tests have moved it. */
export function movableClock(base: () => number): ClockController {
  let offsetMs = 0;
  return {
    now: () => base() + offsetMs,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(${ms}): time only moves forward`);
      offsetMs += ms;
    },
  };
}
