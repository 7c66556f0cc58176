/**
 * A content worker that stops in the middle of a save's turn (content-worker/save-turns.ts): the save is planned in
 * the worker while the main thread holds the change set's git queue for it, so a worker that dies there must release
 * the turn with nothing written, or every later save on that change set would wait forever. A real worker thread,
 * speaking the content workers' protocol, asks for two turns and exits when the first is granted; real git behind.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { beforeAll, expect, test } from 'vitest';
import { ChangeRepository } from '../../src/editor/host/changes';
import type { FromWorker } from '../../src/editor/host/content-worker/content-worker-protocol';
import { changeSetSaver, SaveTurns, type Saver } from '../../src/editor/host/content-worker/save-turns';
import { ANA, BEN, git, makeSiteRepos, replaceOnce, type SiteRepos } from './change-sets-fixture';

const STORY = 'pages-json/story.json';

/** Asks for two turns of the change set's queue, then dies as soon as the first is granted (before planning it). */
const DYING_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage({ turn: 1, dir: workerData.dir, person: workerData.person });
parentPort.postMessage({ turn: 2, dir: workerData.dir, person: workerData.person });
parentPort.on('message', (message) => { if ('granted' in message) process.exit(7); });
`;

let repos: SiteRepos;
let repo: ChangeRepository;

beforeAll(async () => {
  repos = makeSiteRepos('editor-save-turns');
  repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
});

test('a worker that dies in its save’s turn writes nothing, and the turn passes to the next save', async () => {
  const changeSet = await repo.create('A worker dies mid-save', ANA);
  const dir = `${changeSet.worktree}/pages-json`;
  const worker = new Worker(DYING_WORKER, { eval: true, workerData: { dir, person: ANA } });
  const turns = new SaveTurns((message) => worker.postMessage(message));
  const saver = changeSetSaver(repo, changeSet.id, async () => undefined);
  const asked: ReturnType<Saver>[] = [];
  const bothAsked = new Promise<void>((resolve) => {
    worker.on('message', (message: FromWorker) => {
      if ('turn' in message) {
        turns.asked(message, (person, plan) => {
          const outcome = saver(person, plan);
          asked.push(outcome);
          return outcome;
        });
        if (asked.length === 2) resolve();
      } else if ('planned' in message) turns.planned(message);
    });
  });
  const exited = once(worker, 'exit').then(([code]) => turns.lost(`exit code ${String(code)}`));
  await bothAsked;
  // A colleague's save, queued behind the worker's two: it runs only once the dead worker's turns are over.
  const story = git(changeSet.worktree, ['show', `HEAD:${STORY}`]);
  const colleague = repo.commit(changeSet.id, { files: { [STORY]: replaceOnce(story, '"heading": "', '"heading": "Ben: ') }, author: BEN });

  const outcomes = await Promise.allSettled(asked);
  await exited;
  for (const outcome of outcomes) {
    expect(outcome.status).toBe('rejected');
    expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/the content worker stopped \(exit code 7\); try again/);
  }
  expect((await colleague).committed).toBe(true);
  // The change set's one commit is the colleague's; nothing of the dead worker's saves is in its worktree.
  expect(git(changeSet.worktree, ['log', '--format=%ae', `changes/${changeSet.id}`, '^main']).trim()).toBe(BEN.email);
  expect(git(changeSet.worktree, ['status', '--porcelain']).trim()).toBe('');
});
