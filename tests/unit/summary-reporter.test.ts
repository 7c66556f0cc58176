/** The closing line CI tools read: a file that failed in a hook or its import is a failure, its tests passed or not. */
import { expect, test } from 'vitest';
import type { TestModule } from 'vitest/node';
import { summaryLine } from '../summary-reporter';

/** A test file as the reporter sees it: its own state and its tests' states. */
const file = (state: string, tests: string[]) =>
  ({ state: () => state, children: { allTests: () => tests.map((s) => ({ result: () => ({ state: s }) })) } }) as unknown as TestModule;

test('counts tests, and a file that failed outside its tests as one failure', () => {
  expect(summaryLine([file('passed', ['passed', 'passed', 'skipped'])], [])).toBe('2 passed, 0 failed, 1 skipped');
  expect(summaryLine([file('failed', ['passed', 'failed', 'failed'])], [])).toBe('1 passed, 2 failed, 0 skipped');
  // Every test passed, then its afterAll threw: vitest fails the file.
  expect(summaryLine([file('failed', ['passed', 'passed'])], [])).toBe('2 passed, 1 failed, 0 skipped');
  // Its import threw: no tests at all.
  expect(summaryLine([file('failed', [])], [new Error('unhandled')])).toBe('0 passed, 2 failed, 0 skipped');
});
