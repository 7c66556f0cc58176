/**
 * The notices a publish sends (src/editor/host/live/review-notices.ts), against a repository and streams made of plain
 * objects: what is told to whom, and that one change set gone meanwhile keeps nobody else from being told.
 */
import { describe, expect, it } from 'vitest';
import type { NoticeEvent } from '../../src/editor/live-protocol';
import { ChangeSetNotFound, type ChangeRepository, type ChangeSetRecord } from '../../src/editor/host/changes';
import type { LiveStreams, StreamOwner } from '../../src/editor/host/live/live-streams';
import { ReviewNotices } from '../../src/editor/host/live/review-notices';

const person = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });
const owner = (name: string): StreamOwner => ({
  userId: name.length,
  ...person(name),
  role: 'editor',
  languages: [],
  sessionHash: name,
  sessionEndsAt: new Date(Date.now() + 3_600_000),
});

const record = (id: string, status: ChangeSetRecord['status'], author: string) =>
  ({ id, title: `Change ${id}`, status, owner: person(author), approvals: [], comments: [] }) as unknown as ChangeSetRecord;

/** A repository of `records`; `gone` are listed but removed by the time they are read; each open one clashes with `published`. */
function fakeRepository(records: ChangeSetRecord[], gone: string[], published: string) {
  let onMove: (id: string) => void = () => {};
  const repo = {
    watchMoves: (listener: (id: string) => void) => ((onMove = listener), () => {}),
    records: async () => records,
    record: async (id: string) => records.find((found) => found.id === id),
    get: async (id: string) => {
      if (gone.includes(id)) throw new ChangeSetNotFound(id);
      return records.find((found) => found.id === id);
    },
    clashes: async () => [{ publishedBy: { changeSet: { id: published } } }],
    lastPublisher: async () => person('Rita'),
  } as unknown as ChangeRepository;
  return { repo, move: (id: string) => onMove(id) };
}

function fakeStreams(people: StreamOwner[]) {
  const told: { to: string; notice: NoticeEvent }[] = [];
  const streams = {
    changed: () => {},
    notify: (to: (owner: StreamOwner) => boolean, notice: NoticeEvent) => {
      for (const one of people.filter(to)) told.push({ to: one.name, notice });
    },
  } as unknown as LiveStreams;
  return { streams, told };
}

/** Ana's change set published while Ben's and Cleo's are open (Ben's unreadable as `repo` makes it): who was told what, and what was logged. */
async function publishAna(repo: ChangeRepository, move: (id: string) => void, records: ChangeSetRecord[]) {
  const { streams, told } = fakeStreams([owner('Ana'), owner('Ben'), owner('Cleo')]);
  const errors: unknown[] = [];
  const notices = new ReviewNotices(repo, streams, (error) => errors.push(error));
  await notices.start();
  records[0] = record('a', 'published', 'Ana');
  move('a');
  await notices.idle();
  return { told: told.map(({ to, notice }) => `${to}: ${notice.kind}`), errors };
}

describe('the notices of a publish', () => {
  it('tells each author whose open change set it now clashes with, past one removed since the listing', async () => {
    const records = [record('a', 'approved', 'Ana'), record('b', 'draft', 'Ben'), record('c', 'submitted', 'Cleo')];
    const { repo, move } = fakeRepository(records, ['b'], 'a');
    expect(await publishAna(repo, move, records)).toEqual({ told: ['Ana: published', 'Cleo: clash'], errors: [] });
  });

  it('logs a change set that fails to be read for another reason, and still tells the authors after it', async () => {
    const records = [record('a', 'approved', 'Ana'), record('b', 'draft', 'Ben'), record('c', 'draft', 'Cleo')];
    const { repo, move } = fakeRepository(records, [], 'a');
    const fault = new Error('git: bad object');
    const get = repo.get.bind(repo);
    repo.get = async (id: string) => (id === 'b' ? Promise.reject(fault) : get(id));
    expect(await publishAna(repo, move, records)).toEqual({ told: ['Ana: published', 'Cleo: clash'], errors: [fault] });
  });
});
