/**
 * `npm run test:profile`: after vitest's own report, where the time went: the 20 slowest test files (their tests and
 * hooks, their import, their setup) and the 20 slowest tests, so the next person keeps the suite fast. Durations are
 * printed, never asserted: a slow test is made fast at its cause, not given a deadline.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default class ProfileReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules.map((module) => {
      const { duration, collectDuration, setupDuration, environmentSetupDuration, prepareDuration } = module.diagnostic();
      const setup = setupDuration + environmentSetupDuration + prepareDuration;
      return {
        name: `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`,
        total: duration + collectDuration + setup,
        duration,
        collectDuration,
        setup,
      };
    });
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        name: `${relative(process.cwd(), module.moduleId)} › ${test.fullName}`,
        duration: test.diagnostic()?.duration ?? 0,
      })),
    );
    const lines = [`\nThe ${SHOWN} slowest test files (total = tests and hooks + import + setup):`];
    for (const file of files.sort((a, b) => b.total - a.total).slice(0, SHOWN)) {
      lines.push(
        `${seconds(file.total)}  ${file.name}  (tests ${seconds(file.duration).trim()}, import ${seconds(file.collectDuration).trim()}, setup ${seconds(file.setup).trim()})`,
      );
    }
    lines.push(`\nThe ${SHOWN} slowest tests:`);
    for (const test of tests.sort((a, b) => b.duration - a.duration).slice(0, SHOWN)) lines.push(`${seconds(test.duration)}  ${test.name}`);
    console.log(lines.join('\n'));
  }
}
