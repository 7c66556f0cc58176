/**
 * History's versions of the site (src/editor/host/history-versions.ts), against a real git repository: written out
 * once however many ask at once; the last few used kept; dropped when unused for the idle time, never while a request
 * is using one (it goes when that request ends); and one dropped just before it is asked for again is written out
 * again, never read from a folder being removed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { historyVersions } from '../../src/editor/host/history-versions';

const root = mkdtempSync(join(tmpdir(), 'history-versions-'));
const checkout = join(root, 'checkout');
const shas: string[] = [];
const git = (...args: string[]) => execFileSync('git', args, { cwd: checkout, encoding: 'utf8' }).trim();

beforeAll(() => {
  mkdirSync(join(checkout, 'pages-json'), { recursive: true });
  git('init', '--quiet', '--initial-branch=main');
  for (const n of [1, 2, 3, 4]) {
    writeFileSync(join(checkout, 'pages-json', 'story.json'), `{ "version": ${n} }\n`);
    git('add', '-A');
    git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-m', `version ${n}`);
    shas.push(git('rev-parse', 'HEAD'));
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Versions in a folder of their own, with a clock the test moves, rendered as the text of their story. */
function versionsFor(name: string, kept = 2) {
  const dir = join(root, name);
  let time = 0;
  const forgotten: string[] = [];
  const versions = historyVersions<{ story: () => string }>({
    dir,
    gitDir: join(checkout, '.git'),
    content: 'pages-json',
    kept,
    idleMs: 1000,
    now: () => time,
    renderingOf: (contentDir) => ({ story: () => readFileSync(join(contentDir, 'story.json'), 'utf8') }),
    forget: (contentDir) => forgotten.push(contentDir),
    log: (message) => {
      throw new Error(message);
    },
  });
  const storyAt = (sha: string) => versions.using(sha, async (version) => version.story());
  // A dropped version's folder is renamed away at once, then removed in the background.
  const folders = () =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => !name.includes('.dropped-'))
          .sort()
      : [];
  return { versions, storyAt, folders, forgotten, tick: (ms: number) => (time += ms) };
}

/** A use of a version that lasts until `end` is called. */
function holding(versions: ReturnType<typeof versionsFor>['versions'], sha: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = versions.using(sha, async (version) => {
    started();
    await ended;
    return version.story();
  });
  return { running, end, done };
}

describe('history versions', () => {
  test('one asked for by several at once is written out once, and read by each', async () => {
    const { storyAt, folders } = versionsFor('at-once');
    expect(await Promise.all([1, 2, 3, 4].map(() => storyAt(shas[0])))).toEqual(Array(4).fill('{ "version": 1 }\n'));
    expect(folders()).toEqual([shas[0]]);
  });

  test('the last used are kept, not the first written', async () => {
    const { storyAt, folders, tick } = versionsFor('kept', 2);
    await storyAt(shas[0]);
    tick(1);
    await storyAt(shas[1]);
    tick(1);
    await storyAt(shas[0]); // used again: the latest
    tick(1);
    await storyAt(shas[2]);
    expect(folders()).toEqual([shas[0], shas[2]].sort());
  });

  test('unused for the idle time it is dropped, but not while a request is using it: then when the request ends', async () => {
    const { versions, folders, forgotten, tick } = versionsFor('in-use');
    const use = holding(versions, shas[3]);
    await use.running;
    tick(5000);
    expect(versions.sweep()).toBe(1);
    expect(folders()).toEqual([shas[3]]);
    expect(forgotten).toEqual([]);
    use.end();
    expect(await use.done).toBe('{ "version": 4 }\n');
    expect(folders()).toEqual([]);
    expect(forgotten).toEqual([join(root, 'in-use', shas[3], 'pages-json')]);
  });

  test('beyond those kept, one in use stays until its request ends', async () => {
    const { versions, storyAt, folders, tick } = versionsFor('kept-in-use', 1);
    const use = holding(versions, shas[0]);
    await use.running;
    tick(1);
    expect(await storyAt(shas[1])).toBe('{ "version": 2 }\n');
    expect(folders()).toEqual([shas[0], shas[1]].sort());
    use.end();
    await use.done;
    expect(folders()).toEqual([shas[1]]);
  });

  test('dropped just before it is asked for again: written out again, never read from the folder being removed', async () => {
    const { versions, storyAt, folders, tick } = versionsFor('dropped-then-asked');
    await storyAt(shas[2]);
    tick(5000);
    versions.sweep();
    // Its removal is under way, but its folder is gone at once: a request now does not find it half removed.
    expect(folders()).toEqual([]);
    expect(await storyAt(shas[2])).toBe('{ "version": 3 }\n');
    expect(folders()).toEqual([shas[2]]);
  });

  test('what an earlier run left (a version, one half written, one half removed) is removed at start', async () => {
    const dir = join(root, 'left-by-a-crash');
    for (const name of [shas[0], `${shas[1]}.partial`, `${shas[2]}.dropped-1`])
      mkdirSync(join(dir, name, 'pages-json'), { recursive: true });
    const { storyAt } = versionsFor('left-by-a-crash');
    expect(existsSync(dir)).toBe(false);
    expect(await storyAt(shas[0])).toBe('{ "version": 1 }\n');
  });
});
