import { afterAll, vi } from "vitest";
import { configure } from "../../provider/config";

/**
 * The unit project runs a worker's files one after the other in one module graph (`isolate: false`), so what a file
 * leaves in the process would reach the next one: after each file, the provider's stack config (a provider test
 * points it at its own emulator, which then closes), stubbed environment variables, spies and fake timers are put
 * back as a fresh process has them.
 */
afterAll(async () => {
  await configure({
    config: {
      get: () => undefined,
      require: (key) => {
        throw new Error(`${key} is not set`);
      },
    },
  });
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
