/**
 * TEST ONLY. The crash tests (tests/server/editor-crash.test.ts) kill the editor at one named step of a save, a
 * publish or an update, to check that a restart finishes or rolls back that step: with `EDITOR_TEST_CRASH_AT=<step>`
 * in its environment, the process sends itself SIGKILL (as `kill -9` would: no handler, no cleanup) when it reaches
 * that step. Unset (always, outside those tests), it does nothing. The steps are the names passed below.
 */
type CrashStep =
  | 'after-save-commit'
  | 'after-merge'
  | 'after-branch-moved'
  | 'after-push'
  | 'during-build'
  | 'after-update-merge'
  // The steps of making an undo as a change set (editor-undo-as-change-set-crash.test.ts): its commit made on a
  // candidate, its record's commit made, its branch and record refs moved, its worktree added.
  | 'after-undo-commit'
  | 'after-undo-record'
  | 'after-undo-refs'
  | 'after-undo-worktree';

export function crashPoint(step: CrashStep, alsoKill?: () => void): void {
  if (process.env.EDITOR_TEST_CRASH_AT !== step) return;
  // A child process too (the site's build), as a service manager's kill of the whole service does.
  alsoKill?.();
  process.kill(process.pid, 'SIGKILL');
}
