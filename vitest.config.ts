import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './tests/site-data-plugin';
import LongFilesFirst from './tests/long-files-first';

/** Unit test files that replace a module with vi.mock: each runs with a module cache of its own. */
const UNIT_WITH_MOCKED_MODULES = ['tests/unit/render-page.test.tsx', 'tests/unit/content-files-signature.test.ts'];

const unit = {
  include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/unit/setup.ts'],
  environment: 'node',
  // vitest's 5 s default made a timing assertion of every unit test: with two test files and a browser on 2
  // cores, rendering the style guide's palette four times took 6.3 s and failed with the behaviour right.
  // Speed is measured by the bench:* scripts; here the deadline only bounds a real hang. 30 s was still one: with the
  // machine at load 20, rendering every Spanish page twice (prerender-reuse.test.ts) took 47 s, 14 s when less busy.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  css: { modules: { classNameStrategy: 'non-scoped' as const } },
};

export default defineConfig({
  plugins: [react({ jsxImportSource: '#jsx' }), contentPlugin()],
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    sequence: { sequencer: LongFilesFirst },
    // Three test files at a time on this 2-core machine (vitest's default is one fewer than the cores: one). Much of a
    // browser or server test waits on another process (Chromium, a server, PostgreSQL) or on a heartbeat: with two
    // files the cores were 91 % busy and vitest took 1,046 s of a quiet fresh-clone run; with three, 98 %, 967-1,017 s.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          ...unit,
          name: 'unit',
          exclude: [...UNIT_WITH_MOCKED_MODULES, '**/node_modules/**'],
          // The unit files share one module cache per worker instead of loading React, Mantine, zod and every
          // island again for each of 29 files: the unit run took 83 s instead of 183 s (load average 5). A file
          // that mocks a module (vi.mock) would change it for the files after it: those run isolated, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...unit, name: 'unit-mocks', include: UNIT_WITH_MOCKED_MODULES },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // A deadline bounds a hang, never a speed: over twice what the slowest test took with the machine at load 25-34
          // on its 2 cores (20 people saving at once: 134 s; it failed at 120 s). Tests name their own only to wait longer.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Beside the other files (tests/long-files-first.ts spreads them out): each file has databases, ports and
          // folders of its own. Run one at a time, vitest kept them for last, on one worker, with a core half idle.
          // A throwaway PostgreSQL cluster for the run; the suite fails if PostgreSQL is not installed.
          globalSetup: ['tests/server/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          // These tests run the real build or validation in a child process: seconds, more on a loaded machine (a
          // publish of the real site passed 120 s at load 27). The deadline bounds a hang, never a speed.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // Deadlines bound a hang: a dev server and a browser took over 120 s to start at load 31 (editor.test.ts).
          testTimeout: 180_000,
          // A state a test waits for may need a chunk fetched and an island hydrated: on a loaded CI machine that
          // takes more than expect.poll's default second (a menu read as not open under load). Still a wait on a
          // state; the deadline only bounds a real failure (10 s was still one at load 36).
          expect: { poll: { timeout: 30_000 } },
          hookTimeout: 300_000,
          globalSetup: ['tests/browser/global-setup.ts'],
        },
      },
    ],
  },
});
