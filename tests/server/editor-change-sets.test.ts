/**
 * The editor's git side against real git: its own clone (the developer's checkout only read), change sets as
 * branches with worktrees, saves as commits by their authors with messages in words, reading commits and history,
 * restore as a new commit that touches one file, removal that keeps unpublished work, and a restart after a crash.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ChangeRepository } from '../../src/editor/host/changes';
import { ANA, BEN, git, makeSiteRepos, replaceOnce, type SiteRepos } from './change-sets-fixture';

const STORY = 'pages-json/story.json';
const PLANS = 'pages-json/_collections/plans.json';
const HEADING = '"heading": "Restoring humanity to communication"';

let repos: SiteRepos;
let repo: ChangeRepository;
let checkoutState: string;

/** Everything of the developer's checkout the editor could change: its refs, HEAD, status, config and files. */
function stateOf(checkout: string): string {
  return [
    git(checkout, ['for-each-ref']),
    git(checkout, ['rev-parse', 'HEAD']),
    git(checkout, ['status', '--porcelain', '--ignored']),
    readFileSync(join(checkout, '.git', 'config'), 'utf8'),
    readdirSync(join(checkout, '.git')).sort().join(','),
  ].join('\n');
}

beforeAll(async () => {
  repos = makeSiteRepos('editor-change-sets');
  checkoutState = stateOf(repos.checkout);
  // A GIT_DIR left in the server's environment (a hook, a developer's shell) must not aim the editor at the checkout.
  repo = await ChangeRepository.open({
    source: repos.checkout,
    dataDir: repos.dataDir,
    env: { ...process.env, GIT_DIR: join(repos.checkout, '.git') },
  });
});

describe('the editor’s own clone', () => {
  test('is a bare clone in the data dir with the published branch checked out beside it; the checkout is only read', async () => {
    const gitDir = join(repos.dataDir, 'repo.git');
    expect(git(gitDir, ['rev-parse', '--is-bare-repository']).trim()).toBe('true');
    expect(git(gitDir, ['config', 'gc.auto']).trim()).toBe('0');
    expect(await repo.publishedHead()).toBe(git(repos.checkout, ['rev-parse', 'HEAD']).trim());
    expect(readFileSync(join(repo.publishedWorktree, STORY), 'utf8')).toBe(readFileSync(join(repos.checkout, STORY), 'utf8'));
    expect(git(repo.publishedWorktree, ['symbolic-ref', 'HEAD']).trim()).toBe('refs/heads/main');
    expect(stateOf(repos.checkout)).toBe(checkoutState);
  });

  test('a later start reuses the clone, fetches, and moves the published branch on to a developer’s new commit', async () => {
    const before = await repo.create('Kept across restarts', ANA);
    writeFileSync(join(repos.checkout, 'README.md'), '# Reachwell site\n\nNow with a second line.\n');
    git(repos.checkout, ['commit', '--quiet', '--all', '--message', 'README: a second line']);
    const developerHead = git(repos.checkout, ['rev-parse', 'HEAD']).trim();
    const checkoutNow = stateOf(repos.checkout);

    repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
    expect(await repo.publishedHead()).toBe(developerHead);
    expect(readFileSync(join(repo.publishedWorktree, 'README.md'), 'utf8')).toContain('second line');
    expect((await repo.get(before.id)).head).toBe(before.head);
    expect(readdirSync(repos.dataDir).filter((name) => name.startsWith('repo.git'))).toEqual(['repo.git']);
    expect(stateOf(repos.checkout)).toBe(checkoutNow);
  });
});

describe('change sets and saves', () => {
  test('a change set is a branch from the published head with a worktree of its own', async () => {
    const changeSet = await repo.create('New pricing page', ANA);
    expect(changeSet.id).toMatch(/^new-pricing-page-[0-9a-f]{6}$/);
    expect(changeSet.branch).toBe(`changes/${changeSet.id}`);
    expect(changeSet.head).toBe(await repo.publishedHead());
    expect(changeSet).toMatchObject({ title: 'New pricing page', owner: ANA, ahead: 0, behind: 0 });
    expect(changeSet.worktree).toBe(join(repos.dataDir, 'worktrees', changeSet.id));
    expect(git(changeSet.worktree, ['symbolic-ref', 'HEAD']).trim()).toBe(`refs/heads/changes/${changeSet.id}`);
    expect(existsSync(join(changeSet.worktree, STORY))).toBe(true);
    expect((await repo.list()).map((item) => item.id)).toContain(changeSet.id);
  });

  test('a save is a commit of those files by its author, on the change set only, with a message in words', async () => {
    const published = await repo.publishedHead();
    const changeSet = await repo.create('Story heading', ANA);
    const text = readFileSync(join(changeSet.worktree, STORY), 'utf8');
    const saved = await repo.commit(changeSet.id, {
      files: { [STORY]: replaceOnce(text, HEADING, '"heading": "Bringing humanity back"') },
      author: ANA,
    });
    expect(saved.committed).toBe(true);
    expect(saved.message).toBe('Story: Hero › Heading\n\nHero › Heading: “Restoring humanity to communication” → “Bringing humanity back”');
    expect(git(changeSet.worktree, ['log', '-1', '--format=%H|%an|%ae|%cn|%ce|%s']).trim()).toBe(
      `${saved.sha}|${ANA.name}|${ANA.email}|${ANA.name}|${ANA.email}|Story: Hero › Heading`,
    );
    expect(git(changeSet.worktree, ['show', '--format=', '--name-only', saved.sha]).trim()).toBe(STORY);
    expect(await repo.publishedHead()).toBe(published);
    expect(readFileSync(join(repo.publishedWorktree, STORY), 'utf8')).toBe(text);

    // A message given is kept as given; a save that changes nothing makes no commit.
    const plans = readFileSync(join(changeSet.worktree, PLANS), 'utf8');
    const second = await repo.commit(changeSet.id, {
      files: { [PLANS]: plans.replace('"amount": 149', '"amount": 159') },
      author: BEN,
      message: 'Growth costs 159',
    });
    expect(git(changeSet.worktree, ['log', '-1', '--format=%an %s']).trim()).toBe(`${BEN.name} Growth costs 159`);
    const same = await repo.commit(changeSet.id, {
      files: { [PLANS]: readFileSync(join(changeSet.worktree, PLANS), 'utf8') },
      author: BEN,
    });
    expect(same).toEqual({ sha: second.sha, committed: false });
    expect((await repo.get(changeSet.id)).ahead).toBe(2);
  });

  test('a save may add and delete files, and never writes outside the worktree', async () => {
    const changeSet = await repo.create('Paths', ANA);
    const added = await repo.commit(changeSet.id, {
      files: { 'pages-json/channels/fax.json': '{ "meta": { "title": "Fax" }, "blocks": [] }\n' },
      author: ANA,
    });
    expect(added.message).toBe('Fax: created');
    const deleted = await repo.commit(changeSet.id, { files: { 'pages-json/channels/fax.json': null }, author: ANA });
    expect(deleted.message).toBe('Fax: deleted');
    expect(existsSync(join(changeSet.worktree, 'pages-json/channels/fax.json'))).toBe(false);

    const outside = join(repos.root, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(changeSet.worktree, 'pages-json', 'link'));
    for (const path of ['../escape.json', '/etc/passwd', '.git/config', 'pages-json/../../x.json', 'pages-json/link/x.json'])
      await expect(repo.commit(changeSet.id, { files: { [path]: '{}' }, author: ANA }), path).rejects.toThrow(/not a file|leads out/);
    expect(readdirSync(outside)).toEqual([]);
    await expect(repo.commit('../published', { files: { [STORY]: '{}' }, author: ANA })).rejects.toThrow(/not a change set id/);
    await expect(repo.commit(changeSet.id, { files: { [STORY]: '{}' }, author: { name: 'Ana', email: 'not an address' } })).rejects.toThrow(
      /e-mail/,
    );
  });
});

describe('reading and restoring', () => {
  test('commits, changed files, a file at any commit, and a document’s history with who and when', async () => {
    const changeSet = await repo.create('History', ANA);
    const original = readFileSync(join(changeSet.worktree, STORY), 'utf8');
    const v1 = replaceOnce(original, HEADING, '"heading": "Version one"');
    const first = await repo.commit(changeSet.id, { files: { [STORY]: v1 }, author: ANA });
    const second = await repo.commit(changeSet.id, { files: { [STORY]: replaceOnce(v1, '"Version one"', '"Version two"') }, author: BEN });

    const commits = await repo.commits(changeSet.id);
    expect(commits.map((commit) => [commit.sha, commit.author.name, commit.subject])).toEqual([
      [second.sha, BEN.name, 'Story: Hero › Heading'],
      [first.sha, ANA.name, 'Story: Hero › Heading'],
    ]);
    expect(commits[0].files).toEqual([{ path: STORY, status: 'modified' }]);
    expect(commits[0].author.email).toBe(BEN.email);
    expect(Date.now() - Date.parse(commits[0].date)).toBeLessThan(10 * 60_000);
    expect(await repo.changedFiles(changeSet.id)).toEqual([{ path: STORY, status: 'modified' }]);
    expect(await repo.fileAt(first.sha, STORY)).toBe(v1);
    expect(await repo.fileAt(first.sha, 'pages-json/nothing-here.json')).toBeUndefined();

    const onChangeSet = await repo.history(STORY, { changeSet: changeSet.id });
    expect(onChangeSet.map((entry) => entry.author.name)).toEqual([BEN.name, ANA.name, 'Dev Eloper']);
    expect(onChangeSet[0]).toMatchObject({
      sha: second.sha,
      path: STORY,
      message: expect.stringContaining('“Version one” → “Version two”'),
    });
    const published = await repo.history(STORY);
    expect(published.map((entry) => entry.author.name)).toEqual(['Dev Eloper']);
    expect(published[0].subject).toBe('The site');
  });

  test('restore writes one file as it was, as a new commit by the restorer; history and other files stay', async () => {
    const changeSet = await repo.create('Restore', ANA);
    const original = readFileSync(join(changeSet.worktree, STORY), 'utf8');
    const v1 = replaceOnce(original, HEADING, '"heading": "Ana’s heading"');
    const first = await repo.commit(changeSet.id, { files: { [STORY]: v1 }, author: ANA });
    await repo.commit(changeSet.id, { files: { [STORY]: replaceOnce(v1, 'Ana’s heading', 'Ben’s heading') }, author: BEN });
    const plans = readFileSync(join(changeSet.worktree, PLANS), 'utf8').replace('"amount": 49', '"amount": 59');
    const plansCommit = await repo.commit(changeSet.id, { files: { [PLANS]: plans }, author: BEN });

    const restored = await repo.restore(changeSet.id, STORY, first.sha, BEN);
    const date = git(changeSet.worktree, ['show', '--no-patch', '--format=%aI', first.sha]).trim().slice(0, 10);
    expect(restored.message).toBe(`Restore Story to the version of ${date} by ${ANA.name}`);
    expect(git(changeSet.worktree, ['log', '-1', '--format=%an|%P']).trim()).toBe(`${BEN.name}|${plansCommit.sha}`);
    expect(git(changeSet.worktree, ['show', '--format=', '--name-only', restored.sha]).trim()).toBe(STORY);
    expect(readFileSync(join(changeSet.worktree, STORY), 'utf8')).toBe(v1);
    expect(readFileSync(join(changeSet.worktree, PLANS), 'utf8')).toBe(plans);
    expect((await repo.commits(changeSet.id)).length).toBe(4);
    await expect(repo.restore(changeSet.id, 'pages-json/never.json', first.sha, BEN)).rejects.toThrow(/not in that version/);
  });
});

describe('removing and restarting', () => {
  test('removing a change set drops its worktree and branch; its unpublished commits stay under refs/closed/', async () => {
    const changeSet = await repo.create('To remove', ANA);
    const text = readFileSync(join(changeSet.worktree, STORY), 'utf8');
    const saved = await repo.commit(changeSet.id, { files: { [STORY]: replaceOnce(text, HEADING, '"heading": "Gone"') }, author: ANA });
    await repo.remove(changeSet.id);
    expect(existsSync(changeSet.worktree)).toBe(false);
    expect((await repo.list()).map((item) => item.id)).not.toContain(changeSet.id);
    const gitDir = join(repos.dataDir, 'repo.git');
    expect(git(gitDir, ['branch', '--list', changeSet.branch]).trim()).toBe('');
    expect(git(gitDir, ['rev-parse', `refs/closed/${changeSet.id}`]).trim()).toBe(saved.sha);
    await expect(repo.get(changeSet.id)).rejects.toThrow(/no such change set/);
  });

  test('after a crash mid-save (a lock file, a file written but not committed) the worktree is put right at its first use after a restart', async () => {
    const changeSet = await repo.create('Crash', ANA);
    const adminDir = join(repos.dataDir, 'repo.git', 'worktrees', changeSet.id);
    writeFileSync(join(adminDir, 'index.lock'), '');
    writeFileSync(join(changeSet.worktree, STORY), 'half a save');
    writeFileSync(join(changeSet.worktree, 'stray.txt'), 'left behind');

    repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
    expect(existsSync(join(adminDir, 'index.lock'))).toBe(false);
    // The start leaves a change set nobody opened alone; its first use makes it whole.
    expect(existsSync(join(changeSet.worktree, 'stray.txt'))).toBe(true);
    await repo.checkout(changeSet.id);
    expect(existsSync(join(changeSet.worktree, 'stray.txt'))).toBe(false);
    const text = readFileSync(join(changeSet.worktree, STORY), 'utf8');
    expect(text).toBe(readFileSync(join(repo.publishedWorktree, STORY), 'utf8'));
    const saved = await repo.commit(changeSet.id, {
      files: { [STORY]: replaceOnce(text, HEADING, '"heading": "After the crash"') },
      author: ANA,
    });
    expect(saved.committed).toBe(true);
  });
});
