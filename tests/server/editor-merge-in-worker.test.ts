/**
 * A merge told a template's sections (which name a template page's blocks in a conflict's words) runs in a content
 * worker like every other merge, against real git and a real worker thread: its conflicts are worded by those
 * sections, and a colleague's request to this process is answered while such a merge is in progress (the worker held
 * in it by the test-only hook hangInMerge, so the merge is surely running when the request is made).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ChangeRepository, type ResolveOptions } from '../../src/editor/host/changes';
import type { ResolveJson } from '../../src/editor/host/changes/context';
import { ContentWorkers } from '../../src/editor/host/content-worker/content-workers';
import { editorBundlesOfThisCode } from '../../test-support/editor-bundles-cache';
import { ANA, BEN, makeSiteRepos, replaceOnce, REVIEWER } from './change-sets-fixture';

const PAGE = 'pages-json/use-cases/collections.json';
/** The template page's first section, named here by a block of another label than its slot's. */
const SECTIONS = { [PAGE]: [{ slot: 'hero', block: 'Checklist' }] };

let buildDir: string;
let colleague: Server;
let colleagueUrl: string;

beforeAll(async () => {
  buildDir = await editorBundlesOfThisCode();
  // A colleague's trivial request to this process: answered only when its event loop is free.
  colleague = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((listening) => colleague.listen(0, '127.0.0.1', listening));
  colleagueUrl = `http://127.0.0.1:${(colleague.address() as AddressInfo).port}/`;
}, 300_000);

afterAll(() => colleague?.close());

/** A repository whose merges go to `workers`, each merge's options written down; two change sets changing the hero's heading differently, the first published. */
async function conflictingChangeSets(prefix: string, workers: ContentWorkers) {
  const repos = makeSiteRepos(prefix);
  const repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
  const told: ResolveOptions[] = [];
  const resolve: ResolveJson = (file, versions, ours, options) => {
    told.push(options ?? {});
    return workers.resolveJson(file, versions, ours, options);
  };
  repo.mergeDocumentsWith(resolve);
  const text = readFileSync(join(repo.publishedWorktree, PAGE), 'utf8');
  const heading = /"heading": "([^"]+)"/.exec(text)?.[0] ?? '';
  const first = await repo.create('First heading', ANA);
  const second = await repo.create('Second heading', BEN);
  await repo.commit(first.id, { files: { [PAGE]: replaceOnce(text, heading, '"heading": "Ana’s heading"') }, author: ANA });
  await repo.commit(second.id, { files: { [PAGE]: replaceOnce(text, heading, '"heading": "Ben’s heading"') }, author: BEN });
  const published = await repo.publish(first.id, REVIEWER, async () => []);
  expect(published).toMatchObject({ ok: true });
  return { repo, repos, told, second: second.id };
}

test('a merge told a template’s sections runs in a content worker, its conflicts worded by them', async () => {
  const workers = new ContentWorkers(buildDir, { count: 1, timeoutMs: 120_000 }, () => undefined);
  try {
    const { repo, told, second } = await conflictingChangeSets('editor-merge-sections', workers);
    const outcome = await repo.update(second, BEN, { sections: SECTIONS });
    expect(told).toEqual([{ sections: SECTIONS[PAGE] }]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const [conflict] = outcome.conflicts;
    expect(conflict).toMatchObject({ file: PAGE });
    expect(conflict.kind === 'file' ? conflict.reason : conflict.place).toMatch(/^Checklist › Heading/);
  } finally {
    await workers.close();
  }
}, 300_000);

test('a colleague’s request is answered while a merge told a template’s sections runs', async () => {
  const workers = new ContentWorkers(buildDir, { count: 1, timeoutMs: 300_000, hangInMerge: PAGE }, () => undefined);
  const { repo, repos, told, second } = await conflictingChangeSets('editor-merge-colleague', workers);
  const head = (await repo.get(second)).head;
  let settled = false;
  const merging = repo.update(second, BEN, { sections: SECTIONS }).finally(() => (settled = true));
  // The merge has been handed to the worker, which is now stuck in it (hangInMerge).
  for (let polls = 0; told.length === 0 && polls < 2_400; polls++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(told).toEqual([{ sections: SECTIONS[PAGE] }]);
  const answer = await fetch(colleagueUrl);
  expect(await answer.text()).toBe('ok');
  expect(settled).toBe(false);
  // Stopping the workers ends the merge: an error, the change set as it was.
  await workers.close();
  await expect(merging).rejects.toThrow(/content worker stopped/);
  expect((await repo.get(second)).head).toBe(head);
  const worktree = join(repos.dataDir, 'worktrees', second);
  expect(execFileSync('git', ['status', '--porcelain'], { cwd: worktree, encoding: 'utf8' })).toBe('');
}, 300_000);
