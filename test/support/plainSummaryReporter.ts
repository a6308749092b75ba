import * as path from "node:path";
import type { Reporter, TestModule } from "vitest/node" with { "resolution-mode": "import" };

/** How many of the slowest files the run ends by naming. */
const SLOWEST = 10;

/**
 * Ends a run with the slowest test files, so that whoever runs the suite sees where its time goes, and one plain
 * line, `N passed, N failed, N skipped`, which CI systems that do not know vitest's own summary read to tell that
 * tests ran and how they ended.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    process.stdout.write(`${slowestFiles(testModules)}\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

/** The slowest files, one a line with its project and seconds: importing it, its setup, its tests and hooks. */
function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules.map((module) => {
    const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
    const file = path.relative(module.project.config.root, module.moduleId);
    return {
      name: `${file} (${module.project.name})`,
      ms: environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration,
    };
  });
  const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  if (slowest.length === 0) return "";
  const lines = slowest.map(({ name, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  return `\nSlowest test files:\n${lines.join("\n")}\n`;
}
