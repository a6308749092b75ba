/** Time source and sleep, injectable so that retry and rate-limit behaviour is testable without real waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, never sooner, or rejects with the signal's reason once it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const until = performance.now() + ms;
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      // A timer counts from the event loop's cached time and may fire a few ms early: a `Retry-After` must be kept.
      const wake = (): void => {
        const left = until - performance.now();
        if (left > 0) {
          timer = setTimeout(wake, Math.ceil(left));
          return;
        }
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      let timer = setTimeout(wake, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};
