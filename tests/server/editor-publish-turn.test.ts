/**
 * A publish validates the whole site (seconds) while holding the change set's branch, not its record: its author may
 * take it back, a reviewer ask for changes, or a publish time be cancelled meanwhile. The record is marked published
 * in one transaction with the published branch's move, on the record as it is then: a step taken meanwhile stops the
 * publish (nothing moves, the candidate is removed), never is overwritten by it. Against real git; the site's
 * validation stands in as a function that takes that step.
 *
 * An approval, likewise, covers what the reviewer asked to approve: a save that lands meanwhile is either seen by
 * the approval's turn (refused) or takes the approval back after it.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ChangeRepository, ChangeSetNotFound, type ChangeSetRecord } from '../../src/editor/host/changes';
import { markPublishedBy } from '../../src/editor/host/application/publish';
import { approvalTakenBack, approve } from '../../src/editor/host/application/change-set-steps';
import type { HostContext } from '../../src/editor/host/host-context';
import type { ChangeSetDetail } from '../../src/editor/hosted-protocol';
import { openRepository } from '../../src/editor/host/changes/open-repository';
import { worktreeOf } from '../../src/editor/host/changes/change-sets';
import { ensureWorktree } from '../../src/editor/host/changes/worktrees';
import { ANA, REVIEWER, git, makeSiteRepos, replaceOnce, type SiteRepos } from './change-sets-fixture';

const STORY = 'pages-json/story.json';
const RITA = { ...REVIEWER, role: 'reviewer' as const };
/** What the change set's page showed before the publish: only kept in the record, so nothing of it matters here. */
const BEFORE = { documents: [], commitsList: [] } as unknown as ChangeSetDetail;

let repos: SiteRepos;
let repo: ChangeRepository;

beforeAll(async () => {
  repos = makeSiteRepos('editor-publish-turn');
  repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
});

/** Ana saves the story page's first heading as `heading` in change set `id`. */
async function save(id: string, heading: string): Promise<void> {
  const { worktree } = await repo.get(id);
  const text = readFileSync(join(worktree, STORY), 'utf8');
  // The first heading, whatever an earlier test published.
  const first = /"heading": "[^"]*"/.exec(text)![0];
  await repo.commit(id, { files: { [STORY]: replaceOnce(text, first, `"heading": "${heading}"`) }, author: ANA });
}

/** A change set of Ana's with one save, submitted for review. */
async function submitted(title: string, heading: string): Promise<string> {
  const { id } = await repo.create(title, ANA);
  await save(id, heading);
  await repo.updateRecord(id, (r) => void (r.status = 'submitted'), 'submitted');
  return id;
}

/** A change set of Ana's with one save, approved by Rita; `publishAt`: set to publish then. */
async function approved(title: string, heading: string, publishAt?: string): Promise<string> {
  const { id } = await repo.create(title, ANA);
  await save(id, heading);
  const { head } = await repo.get(id);
  await repo.updateRecord(
    id,
    (r) => {
      approvedAt(r, head);
      if (publishAt) r.publishAt = { at: publishAt, by: REVIEWER, role: 'reviewer', head };
    },
    'approved',
  );
  return id;
}

/** Rita's approval of `head`, as approve writes it. */
const approvedAt = (r: ChangeSetRecord, head: string) => {
  r.status = 'approved';
  r.approvals.push({ by: REVIEWER, date: new Date().toISOString() });
  r.approvedHead = head;
};

/** How long a removal may take to reach the record's turn: a few git calls, slow only on a loaded machine. */
const UNDER_WAY = { timeout: 60_000 };

/** A change of the record that holds the record's turn until `release` is called. */
function heldInTurn(id: string, change: (r: ChangeSetRecord) => void, what: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const done = repo.updateRecord(
    id,
    async (r) => {
      await held;
      change(r);
    },
    what,
  );
  return { release, done };
}

/** The repository with some of its methods replaced (the others its own). */
const repoWith = (replaced: Partial<Record<keyof ChangeRepository, unknown>>): ChangeRepository =>
  new Proxy(repo, {
    get(target, key) {
      if (key in replaced) return replaced[key as keyof ChangeRepository];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

const takeBack = (r: ChangeSetRecord) => {
  r.status = 'draft';
  r.approvals = [];
  delete r.approvedHead;
};
const candidates = () => readdirSync(join(repos.dataDir, 'worktrees')).filter((name) => name.startsWith('candidate-'));

/** Rita publishes (for the time `dueAt`, when given) while `meanwhile` changes the record as the site is validated. */
const publishWhile = (id: string, meanwhile: (r: ChangeSetRecord) => void, what: string, dueAt?: string) =>
  repo.publish(
    id,
    REVIEWER,
    async () => {
      await repo.updateRecord(id, meanwhile, what);
      return [];
    },
    { markPublished: markPublishedBy(RITA, BEFORE, dueAt) },
  );

test('taken back by its author while the site is validated: not published, and still taken back', async () => {
  const id = await approved('Taken back', 'Taken back while validated');
  const head = await repo.publishedHead();
  const publishing = publishWhile(id, takeBack, 'taken back by Ana Lima');
  await expect(publishing).rejects.toMatchObject({
    status: 409,
    message: expect.stringMatching(/stopped being approved while the site was checked/),
  });
  expect(await repo.publishedHead()).toBe(head);
  expect((await repo.record(id)).status).toBe('draft');
  expect(candidates()).toEqual([]);
});

test('its publish time cancelled while the site is validated: the timer does not publish it', async () => {
  const at = new Date(Date.now() + 60_000).toISOString();
  const id = await approved('Cancelled time', 'Cancelled while validated', at);
  const head = await repo.publishedHead();
  const publishing = publishWhile(id, (r) => delete r.publishAt, 'publish time cancelled by Rita Review', at);
  await expect(publishing).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/publish time was cancelled/) });
  expect(await repo.publishedHead()).toBe(head);
  expect((await repo.record(id)).status).toBe('approved');
  expect(candidates()).toEqual([]);
});

test('with nothing taken meanwhile, it publishes and its record says so', async () => {
  const at = new Date(Date.now() + 60_000).toISOString();
  const id = await approved('Published', 'Published at its time', at);
  const result = await repo.publish(id, REVIEWER, async () => [], { markPublished: markPublishedBy(RITA, BEFORE, at) });
  expect(result.ok).toBe(true);
  expect(await repo.publishedHead()).toBe(result.ok && result.sha);
  const record = await repo.record(id);
  expect(record.status).toBe('published');
  expect(record.publishAt).toBeUndefined();
  expect(candidates()).toEqual([]);
});

test('saved again after a reviewer asked to approve, before the approval is written: refused, still waiting for review', async () => {
  const id = await submitted('Saved while approved', 'Before the approval');
  // The repository as approve sees it, with Ana's save landing between its first read and the record's turn.
  const host = {
    now: () => new Date(),
    repo: repoWith({
      commits: async (asked: string) => {
        await save(id, 'Saved while Rita approved');
        return repo.commits(asked);
      },
    }),
  } as unknown as HostContext;
  await expect(approve(host, RITA, id)).rejects.toMatchObject({
    status: 409,
    message: expect.stringMatching(/saved again while you approved/),
  });
  const record = await repo.record(id);
  expect(record.status).toBe('submitted');
  expect(record.approvedHead).toBeUndefined();
});

test('saved while the approval is being written: the save takes the approval back once it is written', async () => {
  const id = await submitted('Saved while written', 'Before the approval');
  const { head } = await repo.get(id);
  const approving = heldInTurn(id, (r) => approvedAt(r, head), 'approved');
  await save(id, 'Saved while the approval was written');
  const takingBack = approvalTakenBack(repo, id);
  approving.release();
  await Promise.all([approving.done, takingBack]);
  const record = await repo.record(id);
  expect(record.status).toBe('submitted');
  expect(record.approvedHead).toBeUndefined();
});

test('a save to a change set with no approval writes nothing to its record', async () => {
  const id = await submitted('Saved unapproved', 'Before any approval');
  const before = await repo.record(id);
  expect(await approvalTakenBack(repo, id)).toBeUndefined();
  expect(await repo.record(id)).toEqual(before);
});

test('approved after the save that the hook reports: the approval covers it and stays', async () => {
  const id = await submitted('Approved after the save', 'Saved before the approval');
  const { head } = await repo.get(id);
  await repo.updateRecord(id, (r) => approvedAt(r, head), 'approved');
  // The save's hook comes after the approval's turn, the approval being of the head the save made.
  expect(await approvalTakenBack(repo, id)).toBeUndefined();
  const record = await repo.record(id);
  expect(record.status).toBe('approved');
  expect(record.approvedHead).toBe(head);
});

test('a step refused in the record’s turn keeps the change sets’ listing: nothing moved', async () => {
  const id = await submitted('Refused in its turn', 'Listed');
  const listing = await repo.listShared();
  const refusal = new Error('refused in its turn');
  await expect(
    repo.updateRecord(
      id,
      () => {
        throw refusal;
      },
      'refused',
    ),
  ).rejects.toBe(refusal);
  expect(await repo.listShared()).toBe(listing);
});

test('reopened while its removal waits for the record’s turn: not removed, and still reopened', async () => {
  const id = await submitted('Reopened while removed', 'Kept by its reopening');
  await repo.updateRecord(id, (r) => void (r.status = 'closed'), 'closed');
  const reopening = heldInTurn(id, (r) => void (r.status = 'draft'), 'reopened');
  const { worktree } = await repo.get(id);
  const notClosed = new Error('only a closed change set is removed');
  const removing = repo.remove(id, (r) => {
    if (r.status !== 'closed') throw notClosed;
  });
  // Reopened once the removal is under way (its worktree gone first), before it reaches the record's turn.
  await expect.poll(() => existsSync(worktree), UNDER_WAY).toBe(false);
  reopening.release();
  await reopening.done;
  await expect(removing).rejects.toBe(notClosed);
  expect((await repo.record(id)).status).toBe('draft');
  expect((await repo.get(id)).ahead).toBe(1);
});

test('opened between the removal of its worktree and of its branch: the worktree made again goes with the branch', async () => {
  const id = await submitted('Opened while removed', 'Opened as it was removed');
  await repo.updateRecord(id, (r) => void (r.status = 'closed'), 'closed');
  const { worktree, branch } = await repo.get(id);
  const holding = heldInTurn(id, () => {}, 'held');
  const removing = repo.remove(id);
  // The removal waits for the record's turn, its worktree gone (git's list of worktrees too: a folder removed is
  // pruned from it next). A view of the change set then made the worktree again, as ensureWorktree does in the
  // repository's turn just before the removal's:
  await expect.poll(() => git(repo.publishedWorktree, ['worktree', 'list', '--porcelain']).includes(worktree), UNDER_WAY).toBe(false);
  git(repo.publishedWorktree, ['worktree', 'add', '--quiet', worktree, branch]);
  holding.release();
  await holding.done;
  await removing;
  expect(existsSync(worktree)).toBe(false);
  expect(git(repo.publishedWorktree, ['worktree', 'list'])).not.toContain(id);
});

test('a change set whose branch is gone when it is read (removed just after its record was read, or by hand) is not found; one whose branch is broken is git’s error', async () => {
  const other = makeSiteRepos('editor-publish-turn-branch-gone');
  const repository = await ChangeRepository.open({ source: other.checkout, dataDir: other.dataDir });
  const { id } = await repository.create('Branch gone', ANA);
  const broken = (await repository.create('Branch broken', ANA)).id;
  const gitDir = join(other.dataDir, 'repo.git');
  try {
    git(other.root, ['--git-dir', gitDir, 'update-ref', '-d', `refs/heads/changes/${id}`]);
    await expect(repository.get(id)).rejects.toThrow(ChangeSetNotFound);
    // Its branch names a commit the repository does not have (a damaged repository): said as such, not "no such".
    git(other.root, ['--git-dir', gitDir, 'pack-refs', '--all']);
    const packed = join(gitDir, 'packed-refs');
    writeFileSync(
      packed,
      readFileSync(packed, 'utf8').replace(new RegExp(`^[0-9a-f]{40}( refs/heads/changes/${broken})$`, 'm'), `${'1'.repeat(40)}$1`),
    );
    await expect(repository.get(broken)).rejects.toThrow(/git rev-parse failed/);
  } finally {
    await repository.close();
  }
});

test('a view queued behind its removal makes no branch of the developer’s of that name, nor a worktree', async () => {
  // The developer's checkout has a branch of the removed change set's name: `git worktree add <path> <name>` with no
  // such local branch would make one from the remote's, and a worktree with it.
  const other = makeSiteRepos('editor-publish-turn-guess');
  const id = 'removed-meanwhile-0a1b2c';
  git(other.checkout, ['branch', `changes/${id}`]);
  const { context } = await openRepository({ source: other.checkout, dataDir: other.dataDir });
  const worktree = worktreeOf(context, id);
  await expect(ensureWorktree(context, id, worktree)).rejects.toThrow(ChangeSetNotFound);
  expect(existsSync(worktree)).toBe(false);
  expect((await context.git(['branch', '--list', `changes/${id}`])).stdout).toBe('');
});

test('a worktree folder left by a stop between a removal’s refs and its folder is gone at the next start', async () => {
  const other = makeSiteRepos('editor-publish-turn-leftover');
  const first = await ChangeRepository.open({ source: other.checkout, dataDir: other.dataDir });
  const { id } = await first.create('Left behind', ANA);
  const { worktree } = await first.get(id);
  await first.close();
  // What the removal's refs move did before the stop: its branch and record gone, its folder still there.
  const gitDir = join(other.dataDir, 'repo.git');
  for (const ref of [`refs/heads/changes/${id}`, `refs/reviews/${id}`]) git(other.root, ['--git-dir', gitDir, 'update-ref', '-d', ref]);
  expect(existsSync(worktree)).toBe(true);
  const again = await ChangeRepository.open({ source: other.checkout, dataDir: other.dataDir });
  expect(existsSync(worktree)).toBe(false);
  expect(git(again.publishedWorktree, ['worktree', 'list'])).not.toContain(id);
  await again.close();
});

test('a save whose branch head cannot be read takes the approval back', async () => {
  const id = await approved('Head unread', 'Saved, its head unread');
  const failing = repoWith({
    headOf: () => Promise.reject(new Error('git could not read the branch')),
  });
  await approvalTakenBack(failing, id);
  const record = await repo.record(id);
  expect(record.status).toBe('submitted');
  expect(record.approvedHead).toBeUndefined();
});
