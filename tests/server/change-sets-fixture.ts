/**
 * What the change-set tests share: a small copy of the site's repository (five real documents of pages-json/ and
 * a README) as a developer's checkout, a bare "remote" cloned from it in a temporary folder, a second developer's
 * clone that pushes to that remote, and git run from the test's side (synchronously, with no GIT_* variable of
 * the machine's).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gitEnvironment } from '../../src/editor/host/changes/git';
import { ROOT, tempDir } from './helpers';

export const DOCUMENTS = [
  'pages-json/story.json',
  'pages-json/use-cases/collections.json',
  'pages-json/_collections/plans.json',
  'pages-json/_site.json',
  'pages-json/_translations/es/story.json',
];

export const ANA = { name: 'Ana Lima', email: 'ana@reachwell.example' };
export const BEN = { name: 'Ben Okafor', email: 'ben@reachwell.example' };
export const REVIEWER = { name: 'Rita Review', email: 'rita@reachwell.example' };
const DEVELOPER = { name: 'Dev Eloper', email: 'dev@reachwell.example' };

/** Runs git in `cwd` as the tests' developer; returns stdout. */
export function git(cwd: string, args: string[], person = DEVELOPER): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnvironment(process.env, person), stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface SiteRepos {
  root: string;
  /** A developer's checkout: EDITOR_REPO in the tests, never written by the editor. */
  checkout: string;
  /** The team's bare remote: EDITOR_GIT_REMOTE. */
  remote: string;
  /** The editor's data dir (not made yet). */
  dataDir: string;
}

export function makeSiteRepos(prefix: string): SiteRepos {
  const root = tempDir(prefix);
  const checkout = join(root, 'checkout');
  mkdirSync(checkout);
  git(checkout, ['init', '--quiet', '--initial-branch=main']);
  for (const path of DOCUMENTS) {
    mkdirSync(dirname(join(checkout, path)), { recursive: true });
    cpSync(join(ROOT, path), join(checkout, path));
  }
  writeFileSync(join(checkout, 'README.md'), '# Reachwell site\n\nThe site of Reachwell.\n');
  git(checkout, ['add', '--all']);
  git(checkout, ['commit', '--quiet', '--message', 'The site']);
  const remote = join(root, 'remote.git');
  git(root, ['clone', '--quiet', '--bare', checkout, remote]);
  return { root, checkout, remote, dataDir: join(root, 'editor-data') };
}

/** A second developer's clone of the remote, to push commits the editor does not have. */
export function developerClone(repos: SiteRepos, name: string): string {
  const clone = join(repos.root, name);
  git(repos.root, ['clone', '--quiet', repos.remote, clone]);
  return clone;
}

export const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** `text` of a JSON document with one value changed by a plain text replacement (as a person's save changes one line). */
export function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the fixture text has no ${from}`);
  return text.replace(from, to);
}

/**
 * A `git` on PATH that writes each call down, then runs the real one: `env` runs the editor's git through it, and
 * `during(work)` counts the calls `work` made (nothing else runs git meanwhile).
 */
export function countedGit(repos: SiteRepos): { env: NodeJS.ProcessEnv; during: (work: () => Promise<unknown>) => Promise<number> } {
  const bin = join(repos.root, 'bin');
  mkdirSync(bin);
  const calls = join(repos.root, 'git-calls.log');
  writeFileSync(calls, '');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  const count = () => readFileSync(calls, 'utf8').split('\n').length;
  return {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    during: async (work) => {
      const before = count();
      await work();
      return count() - before;
    },
  };
}
