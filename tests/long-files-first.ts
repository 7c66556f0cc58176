/**
 * Vitest's order of test files, except that the files that take minutes start first. On a fresh clone vitest
 * runs larger files first, so tests/browser/routes.test.ts (65 lines, one test per built route: a quarter of the
 * browser time) started last and ran on for minutes with the other worker idle. Stale entries only cost time.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_FILES = ['tests/browser/routes.test.ts', 'tests/browser/editor.test.ts'];

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONG_FILES.length : index;
};

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
