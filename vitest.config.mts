import { configDefaults, defineConfig } from "vitest/config";

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
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, "test/e2e/**", "test/faults/**"] },
      },
      {
        // Packing and installing the package, and building the Pulumi CLI, happen only when an e2e file runs.
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
