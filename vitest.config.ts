import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 600_000,
    // e2e suites each drive a real pulumi CLI; running them side by side on two cores only adds contention.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
