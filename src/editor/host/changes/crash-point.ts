/**
 * TEST ONLY. The crash tests (tests/server/editor-crash.test.ts) kill the editor at one named step of a save, a
 * publish or an update, to check that a restart finishes or rolls back that step: with `EDITOR_TEST_CRASH_AT=<step>`
 * in its environment, the process sends itself SIGKILL (as `kill -9` would: no handler, no cleanup) when it reaches
 * that step. Unset (always, outside those tests), it does nothing. The steps are the names passed below.
 */
type CrashStep = 'after-save-commit' | 'after-merge' | 'after-branch-moved' | 'after-push' | 'during-build' | 'after-update-merge';

export function crashPoint(step: CrashStep, alsoKill?: () => void): void {
  if (process.env.EDITOR_TEST_CRASH_AT !== step) return;
  // A child process too (the site's build), as a service manager's kill of the whole service does.
  alsoKill?.();
  process.kill(process.pid, 'SIGKILL');
}
