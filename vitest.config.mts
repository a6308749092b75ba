import { configDefaults, defineConfig } from "vitest/config";

/**
 * Projects by cost. `unit` (npm run test:quick) never starts the real Pulumi CLI: unit, emulator, provider, contract
 * and CLI tests, against emulators in the test's process. `e2e` and `faults` drive the real engine on the packed
 * package, packed and installed once per run for both. A new file joins its project by its folder alone; the Node 24
 * leg's subset (scripts/toolchain-leg.sh) is the one explicit list.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./test/support/plainSummaryReporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 600_000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/e2e/**", "test/faults/**"],
          globalSetup: ["test/support/build.globalSetup.ts"],
          setupFiles: ["test/support/freshProcessState.setup.ts"],
          // A worker runs its files one after the other in one module graph, so zod, the provider and the emulator
          // are imported once per worker, not once per file: about half the project's CPU time. A file therefore
          // restores what it changes of the process (vi.unstubAllEnvs, vi.useRealTimers, process.env); the provider's
          // stack config, stubbed variables, spies and timers are put back after each file by freshProcessState.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/support/e2e.globalSetup.ts"],
          testTimeout: 300_000,
        },
      },
      {
        // The fault matrix (npm run test:faults): the real engine and the packed package, against injected faults.
        extends: true,
        test: {
          name: "faults",
          include: ["test/faults/**/*.test.ts"],
          globalSetup: ["test/support/e2e.globalSetup.ts"],
          testTimeout: 300_000,
        },
      },
    ],
  },
});
