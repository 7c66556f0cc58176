/**
 * A poll of the live updates (`GET /api/live/poll`, routes/live-route.ts) costs git nothing: every polling tab asks it
 * every LIVE_POLL_SECONDS, and it checks that the change set exists from the repository's kept listing (it described
 * the change set, about four git processes a poll). Against real git through a wrapper on PATH that writes each call
 * down; and a removed change set, or one never made, is still no such change set.
 */
import type { FastifyRequest } from 'fastify';
import { beforeAll, expect, test } from 'vitest';
import { ChangeRepository, ChangeSetNotFound } from '../../src/editor/host/changes';
import type { HostContext } from '../../src/editor/host/host-context';
import type { LiveStreams } from '../../src/editor/host/live/live-streams';
import { liveHandlers } from '../../src/editor/host/routes/live-route';
import { ANA, countedGit, makeSiteRepos } from './change-sets-fixture';

const ORIGIN = 'http://editor.example';

let repo: ChangeRepository;
let gitCallsDuring: (work: () => Promise<unknown>) => Promise<number>;
/** The poll's handler, over the real repository and a stand-in for the streams that answers where it was asked about. */
let poll: (changeSet: string) => Promise<unknown>;

beforeAll(async () => {
  const repos = makeSiteRepos('editor-live-poll-cost');
  const counted = countedGit(repos);
  gitCallsDuring = counted.during;
  repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir, env: counted.env });
  const streams = { poll: (_owner: unknown, where: unknown) => ({ where }) } as unknown as LiveStreams;
  const handlers = liveHandlers({ repo } as unknown as HostContext, streams, [ORIGIN]);
  const session = { user: { id: 1, ...ANA, role: 'editor', languages: [] }, tokenHash: 'hash', expiresAt: new Date() };
  poll = (changeSet) => {
    const request = { headers: { origin: ORIGIN }, query: { changeSet }, editorSession: session };
    return (handlers.livePoll as (request: FastifyRequest) => Promise<unknown>)(request as unknown as FastifyRequest);
  };
});

test('polling a change set asks git nothing once it is listed; a removed one is no such change set', async () => {
  const changeSet = await repo.create('Polled', ANA);
  const removed = await repo.create('Removed', ANA);
  await repo.list(); // listed once, as the hub had before any tab polls

  const calls = await gitCallsDuring(async () => {
    for (let i = 0; i < 3; i++) expect(await poll(changeSet.id)).toEqual({ where: { changeSet: changeSet.id } });
  });
  expect(calls).toBe(0);

  await repo.remove(removed.id);
  await expect(poll(removed.id)).rejects.toBeInstanceOf(ChangeSetNotFound);
  await expect(poll('no-such-change-set-0000')).rejects.toBeInstanceOf(ChangeSetNotFound);
  await repo.close();
});
