/**
 * Vitest's order of test files, with two changes for a run on 2 cores where the CPU is the limit:
 * - The files that take minutes start first. On a fresh clone vitest runs larger files first, so
 *   tests/browser/routes.test.ts (65 lines, one test per built route) started last and ran on for minutes with the
 *   other worker idle. Stale entries only cost time.
 * - The server files are spread among the others. They spend most of their time waiting (on a server they
 *   started, PostgreSQL, a timer), and vitest ran them last, one at a time, with a core half idle for two minutes;
 *   beside a browser file, the browser uses the time they wait.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_FILES = ['tests/browser/routes.test.ts', 'tests/browser/editor.test.ts'];

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONG_FILES.length : index;
};

/** a0, b0, a1, b1, ...: one of each while both last, then the rest of the longer one. */
function interleave<T>(a: T[], b: T[]): T[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]]).flatMap((pair) =>
    pair.filter((item) => item !== undefined),
  );
}

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    const sorted = (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    const long = sorted.filter((spec) => rank(spec) < LONG_FILES.length);
    const rest = sorted.filter((spec) => rank(spec) === LONG_FILES.length);
    const isServer = (spec: TestSpecification) => spec.project.name === 'server';
    return [
      ...long,
      ...interleave(
        rest.filter(isServer),
        rest.filter((spec) => !isServer(spec)),
      ),
    ];
  }
}
