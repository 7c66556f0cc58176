/**
 * Listing and starting cost what is open, not all of history, against real git: git is run through a wrapper on
 * PATH that writes down each call, so the test counts the calls a list and an opening of the repository make.
 *   - listing 12 change sets (some with saves, one brought up to date, one published) asks git as many times as
 *     listing 3 (the old list asked three times per change set), and its counts of commits are git's own;
 *   - listing again while no ref moved asks git nothing (the repository keeps its last listing until it moves a ref),
 *     nor after a save, a record's change or a new change set (each says what it moved, and the listing is changed to match), and
 *     what it lists is what a new process would; the team's commits pulled into the published branch are in the next list;
 *   - opening the repository again asks git as many times with 12 change sets as with 3 (the old start reset every
 *     change set's worktree), and a save a stop left half written in a worktree nobody opened since is still dropped
 *     at that change set's first use (crash recovery kept, done when it is opened).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test, vi } from 'vitest';
import { ChangeRepository } from '../../src/editor/host/changes';
import { ANA, BEN, countedGit, developerClone, git, makeSiteRepos, REVIEWER, type SiteRepos } from './change-sets-fixture';

const STORY = 'pages-json/story.json';
const PLANS = 'pages-json/_collections/plans.json';

let repos: SiteRepos;
let env: NodeJS.ProcessEnv;
/** How many times git was run while `work` ran (nothing else runs git meanwhile). */
let gitCallsDuring: (work: () => Promise<unknown>) => Promise<number>;

beforeAll(() => {
  repos = makeSiteRepos('editor-list-cost');
  ({ env, during: gitCallsDuring } = countedGit(repos));
});

const open = () => ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir, env });

/** Adds change sets until there are `count`: every other one with a save. */
async function changeSetsUpTo(repo: ChangeRepository, count: number) {
  const story = readFileSync(join(repo.publishedWorktree, STORY), 'utf8');
  for (let i = (await repo.list()).length; i < count; i++) {
    const changeSet = await repo.create(`Change ${i}`, ANA);
    if (i % 2 === 0)
      await repo.commit(changeSet.id, { files: { [STORY]: story.replace('Restoring humanity', `Change ${i}`) }, author: ANA });
  }
}

test('listing asks git the same number of times for 12 change sets as for 3, and counts their commits as git does', async () => {
  const repo = await open();
  await changeSetsUpTo(repo, 3);
  await repo.list(); // every record read once (as after a start's recovery)
  const forThree = await gitCallsDuring(() => repo.list());
  expect(forThree).toBeLessThanOrEqual(4);

  // More of them, in every state: with saves, brought up to date after a publish, published.
  await changeSetsUpTo(repo, 10);
  const plans = readFileSync(join(repo.publishedWorktree, PLANS), 'utf8');
  const published = await repo.create('Published', BEN);
  await repo.commit(published.id, { files: { [PLANS]: plans.replace('"amount": 49', '"amount": 59') }, author: BEN });
  const outcome = await repo.publish(published.id, REVIEWER, async () => []);
  expect(outcome).toMatchObject({ ok: true });
  const behind = (await repo.list()).find((changeSet) => changeSet.title === 'Change 0')!;
  expect(await repo.update(behind.id, ANA)).toMatchObject({ ok: true, how: 'merge' });
  await changeSetsUpTo(repo, 12);
  await repo.idle();

  // Asked again afresh (a new process's first list reads every record too).
  const reopened = await open();
  const fresh = await gitCallsDuring(() => reopened.list());
  const forTwelve = await gitCallsDuring(() => reopened.list());
  expect(fresh).toBeLessThanOrEqual(4);
  expect(forTwelve).toBe(forThree);

  const gitDir = join(repos.dataDir, 'repo.git');
  const listed = await reopened.list();
  expect(listed).toHaveLength(12);
  for (const changeSet of listed) {
    const count = Number(git(repos.root, ['--git-dir', gitDir, 'rev-list', '--count', changeSet.branch, '^main']).trim());
    expect(changeSet.ahead, changeSet.title).toBe(count);
    expect(changeSet.head).toBe(git(repos.root, ['--git-dir', gitDir, 'rev-parse', changeSet.branch]).trim());
  }
  expect(listed.find((changeSet) => changeSet.title === 'Change 0')!.ahead).toBe(2);
  expect(listed.find((changeSet) => changeSet.title === 'Published')).toMatchObject({ status: 'published', ahead: 0 });
  await reopened.close();
  await repo.close();
});

/** What a new process would list: git asked afresh. */
async function listedAfresh(): Promise<unknown> {
  const reopened = await open();
  try {
    return await reopened.listAll();
  } finally {
    await reopened.close();
  }
}

test('listing again while no ref moved asks git nothing; a save or a record change is in the next list, still without git', async () => {
  const repo = await open();
  await changeSetsUpTo(repo, 3);
  await repo.list();
  expect(await gitCallsDuring(() => repo.list())).toBe(0);

  const story = readFileSync(join(repo.publishedWorktree, STORY), 'utf8');
  const [first] = await repo.list();
  const before = first.ahead;
  await repo.commit(first.id, { files: { [STORY]: story.replace('Restoring humanity', `Again ${Date.now()}`) }, author: ANA });
  // The save said what it moved: the list follows it in memory, and is what git says.
  let saved: Awaited<ReturnType<typeof repo.list>>[number] | undefined;
  expect(await gitCallsDuring(async () => (saved = (await repo.list()).find((changeSet) => changeSet.id === first.id)))).toBe(0);
  expect(saved!.ahead).toBe(before + 1);
  expect(saved!.head).toBe(git(repos.root, ['--git-dir', join(repos.dataDir, 'repo.git'), 'rev-parse', saved!.branch]).trim());
  expect(await repo.listAll()).toEqual(await listedAfresh());

  await repo.updateRecord(first.id, (record) => void (record.title = 'Renamed by its record'), 'renamed');
  let renamed: string | undefined;
  expect(await gitCallsDuring(async () => (renamed = (await repo.list()).find((changeSet) => changeSet.id === first.id)!.title))).toBe(0);
  expect(renamed).toBe('Renamed by its record');
  expect(await repo.listAll()).toEqual(await listedAfresh());

  // A save that changes nothing moves nothing; a new change set is listed as created.
  await repo.commit(first.id, { files: { [STORY]: readFileSync(join(saved!.worktree, STORY), 'utf8') }, author: ANA });
  expect(await gitCallsDuring(() => repo.list())).toBe(0);
  await repo.create('Another', BEN);
  let titles: string[] = [];
  expect(await gitCallsDuring(async () => (titles = (await repo.list()).map((changeSet) => changeSet.title)))).toBe(0);
  expect(titles).toContain('Another');
  expect(await repo.listAll()).toEqual(await listedAfresh());

  // A listing being made while saves land (it reads the refs before or after each) ends as git says.
  const [second] = await repo.list();
  const saving = [1, 2, 3].map((n) =>
    repo.commit(second.id, { files: { [STORY]: story.replace('Restoring humanity', `Racing ${n}`) }, author: BEN }),
  );
  const during = repo.list();
  await Promise.all([...saving, during]);
  expect(await repo.listAll()).toEqual(await listedAfresh());

  // What a caller does with the list it got does not reach the next one.
  (await repo.list())[0].title = 'changed by a caller';
  expect((await repo.list())[0].title).not.toBe('changed by a caller');
  await repo.close();
});

test('the team’s commits pulled into the published branch are in the next list (a change set merged there has nothing ahead)', async () => {
  const team = makeSiteRepos('editor-list-pull');
  const counted = countedGit(team);
  const repo = await ChangeRepository.open({
    source: `file://${team.remote}`,
    dataDir: team.dataDir,
    publishRemote: team.remote,
    env: counted.env,
  });
  const changeSet = await repo.create('Merged by a developer', ANA);
  const story = readFileSync(join(repo.publishedWorktree, STORY), 'utf8');
  await repo.commit(changeSet.id, { files: { [STORY]: story.replace('Restoring humanity', 'Merged on the remote') }, author: ANA });
  // Its branch reaches the remote (editor/changes/<id>) by the mirror's push, which runs after the commit's turn: with
  // the save on it (the branch was there since its creation's push, without it: a developer merging that merged nothing).
  const { head } = await repo.get(changeSet.id);
  await vi.waitFor(
    () => expect(git(team.remote, ['rev-parse', '--verify', `refs/heads/editor/changes/${changeSet.id}`]).trim()).toBe(head),
    { timeout: 120_000, interval: 50 },
  );
  await repo.idle();
  expect((await repo.list()).find((listed) => listed.id === changeSet.id)!.ahead).toBe(1);
  expect(await counted.during(() => repo.list())).toBe(0);

  // A developer merges the change set's branch into the published branch on the remote; the editor pulls it.
  const developer = developerClone(team, 'developer');
  git(developer, ['fetch', '--quiet', 'origin', `editor/changes/${changeSet.id}`]);
  git(developer, ['merge', '--quiet', '--ff-only', 'FETCH_HEAD']);
  git(developer, ['push', '--quiet', 'origin', 'main']);
  expect(await repo.pull(REVIEWER, async () => [])).toMatchObject({ ok: true });
  expect((await repo.list()).find((listed) => listed.id === changeSet.id)!.ahead).toBe(0);
  await repo.close();
});

test('opening the repository asks git no more with more change sets; a half-written save is dropped at first use', async () => {
  const repo = await open();
  const small = await gitCallsDuring(async () => (await open()).close());
  // A stop in the middle of a save: a file written into a change set's worktree, never committed.
  const [victim] = (await repo.list()).filter((changeSet) => changeSet.status === 'draft');
  const path = join(victim.worktree, STORY);
  const committed = readFileSync(path, 'utf8');
  writeFileSync(path, '{ "half": ');
  writeFileSync(join(victim.worktree, 'pages-json', 'stray.json'), '{}');

  await changeSetsUpTo(repo, 24);
  await repo.close();
  const large = await gitCallsDuring(async () => (await open()).close());
  expect(large).toBe(small);

  // Nobody opened it: the start left its worktree alone. Opened, it is as its last commit.
  expect(readFileSync(path, 'utf8')).toBe('{ "half": ');
  const reopened = await open();
  const checkedOut = await reopened.checkout(victim.id);
  expect(readFileSync(join(checkedOut.worktree, STORY), 'utf8')).toBe(committed);
  expect(existsSync(join(checkedOut.worktree, 'pages-json', 'stray.json'))).toBe(false);
  // A save to another change set nobody opened since the start finds its worktree whole too.
  const other = (await reopened.list()).find((changeSet) => changeSet.status === 'draft' && changeSet.id !== victim.id)!;
  const saved = await reopened.commit(other.id, {
    files: { [STORY]: committed.replace('Restoring humanity', 'Saved after a start') },
    author: BEN,
  });
  expect(saved.committed).toBe(true);
  expect(git(other.worktree, ['status', '--porcelain'])).toBe('');
  await reopened.close();
});
