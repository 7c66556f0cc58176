/**
 * Prints one plain closing line, "N passed, N failed, N skipped", that CI tools read after vitest's own summary. A
 * file that failed outside its tests (its import, or a hook such as `afterAll`) counts as one failure, even when
 * each of its tests passed.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    console.log(`\n${summaryLine(testModules, unhandledErrors)}`);
  }
}

export function summaryLine(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): string {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedTests = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') failedTests++;
      else counts.skipped++;
    }
    counts.failed += module.state() === 'failed' && failedTests === 0 ? 1 : failedTests;
  }
  counts.failed += unhandledErrors.length;
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}
