/**
 * Publishing change sets against real git, with a bare remote in a temporary folder: two change sets that edited
 * different fields of one document both publish (merged field by field, the file's formatting kept, although git's
 * line merge conflicts), a field both changed is refused with the published branch untouched, validation decides
 * whether the branch moves, a change set is brought up to date, and the published branch is pushed, a push the
 * remote rejects is reported, and the remote's commits are merged in before pushing again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ChangeRepository, PublishedMoved, type ChangeSet, type Person, type Validate } from '../../src/editor/host/changes';
import { ANA, BEN, REVIEWER, developerClone, git, makeSiteRepos, readJson, replaceOnce, type SiteRepos } from './change-sets-fixture';

const STORY = 'pages-json/story.json';
const PLANS = 'pages-json/_collections/plans.json';
const HEADING = '"heading": "Restoring humanity to communication"';
const SUBHEADING = '"subheading": "Our mission is to end spam.';

let repos: SiteRepos;
let repo: ChangeRepository;
const noProblems: Validate = async () => [];

beforeAll(async () => {
  repos = makeSiteRepos('editor-publish');
  // EDITOR_REPO as a git URL, and the same repository as EDITOR_GIT_REMOTE: the usual setting.
  repo = await ChangeRepository.open({ source: `file://${repos.remote}`, dataDir: repos.dataDir, publishRemote: repos.remote });
});

const published = (path: string) => readFileSync(join(repo.publishedWorktree, path), 'utf8');

/** A change set with one save of `path` by `person`: `from` replaced by `to` in its text. */
async function changeSetWith(title: string, person: Person, edits: [path: string, from: string, to: string][]): Promise<ChangeSet> {
  const changeSet = await repo.create(title, person);
  for (const [path, from, to] of edits) {
    const text = readFileSync(join(changeSet.worktree, path), 'utf8');
    await repo.commit(changeSet.id, { files: { [path]: replaceOnce(text, from, to) }, author: person });
  }
  return repo.get(changeSet.id);
}

const candidateFolders = () => readdirSync(join(repos.dataDir, 'worktrees')).filter((name) => name.startsWith('candidate-'));

describe('publish', () => {
  test('two change sets that edited different fields of one document both publish, merged field by field, formatting kept', async () => {
    const original = published(STORY);
    const a = await changeSetWith('Heading', ANA, [[STORY, HEADING, '"heading": "People first"']]);
    const b = await changeSetWith('Subheading', BEN, [[STORY, SUBHEADING, '"subheading": "We are ending spam.']]);
    // The two edits are on neighbouring lines: git's own line merge conflicts on them.
    const lineMerge = spawnSync('git', ['merge-tree', '--write-tree', '--name-only', a.head, b.head], {
      cwd: join(repos.dataDir, 'repo.git'),
      encoding: 'utf8',
    });
    expect(lineMerge.status).toBe(1);
    expect(lineMerge.stdout).toContain(`CONFLICT (content): Merge conflict in ${STORY}`);

    const first = await repo.publish(a.id, REVIEWER, noProblems);
    expect(first.ok).toBe(true);
    const second = await repo.publish(b.id, REVIEWER, noProblems);
    expect(second).toMatchObject({ ok: true, candidate: { resolved: [STORY] } });

    expect(published(STORY)).toBe(
      replaceOnce(replaceOnce(original, HEADING, '"heading": "People first"'), SUBHEADING, '"subheading": "We are ending spam.'),
    );
    expect(git(repo.publishedWorktree, ['log', '-1', '--format=%an|%ae|%cn|%s']).trim()).toBe(
      `${REVIEWER.name}|${REVIEWER.email}|${REVIEWER.name}|Publish “Subheading” (changes/${b.id})`,
    );
    expect(git(repo.publishedWorktree, ['log', '-1', '--format=%P']).trim().split(' ')).toEqual([first.ok ? first.sha : '', b.head]);
    expect(git(repo.publishedWorktree, ['status', '--porcelain'])).toBe('');
    // The document's history: each save by its author, and the publish that merged the two, a version of its own.
    const history = await repo.history(STORY);
    const entries = history.map((entry) => `${entry.author.name}: ${entry.subject}`);
    expect(entries[0]).toBe(`${REVIEWER.name}: Publish “Subheading” (changes/${b.id})`);
    // Ana's and Ben's saves are on two branches, possibly within the same second: either order.
    expect(entries.slice(1, 3).sort()).toEqual([`${ANA.name}: Story: Hero › Heading`, `${BEN.name}: Story: Hero › Subheading`]);
    expect(entries.slice(3)).toEqual(['Dev Eloper: The site']);
    expect(await repo.fileAt(history[0].sha, STORY)).toBe(published(STORY));
    expect(candidateFolders()).toEqual([]);
  });

  test('a field both changed differently refuses the publish, naming it; the published branch and its files stay', async () => {
    const base = readJson(join(repo.publishedWorktree, STORY)) as { blocks: { heading: string }[] };
    const c = await changeSetWith('Heading C', ANA, [[STORY, `"heading": "${base.blocks[0].heading}"`, '"heading": "Heading from C"']]);
    const d = await changeSetWith('Heading D', BEN, [[STORY, `"heading": "${base.blocks[0].heading}"`, '"heading": "Heading from D"']]);
    expect((await repo.publish(c.id, REVIEWER, noProblems)).ok).toBe(true);
    const head = await repo.publishedHead();
    const text = published(STORY);

    const validate = vi.fn(noProblems);
    const refused = await repo.publish(d.id, REVIEWER, validate);
    expect(refused).toEqual({
      ok: false,
      conflicts: [
        {
          kind: 'value',
          file: STORY,
          key: expect.any(String),
          place: 'Hero › Heading',
          pointer: '/blocks/0/heading',
          base: base.blocks[0].heading,
          changeSet: 'Heading from D',
          published: 'Heading from C',
        },
      ],
    });
    expect(validate).not.toHaveBeenCalled();
    expect(await repo.publishedHead()).toBe(head);
    expect(published(STORY)).toBe(text);
    expect(git(repo.publishedWorktree, ['status', '--porcelain'])).toBe('');
    expect(candidateFolders()).toEqual([]);

    // Bringing D up to date meets the same conflict and leaves D as it was; a choice settles it.
    const update = await repo.update(d.id, BEN);
    expect(update).toMatchObject({ ok: false, conflicts: [{ place: 'Hero › Heading' }] });
    expect((await repo.get(d.id)).head).toBe(d.head);
    expect(git(d.worktree, ['status', '--porcelain'])).toBe('');
    const conflict = refused.ok ? undefined : refused.conflicts?.[0];
    const key = conflict?.kind === 'value' ? conflict.key : '';
    const settled = await repo.update(d.id, BEN, { choices: { [STORY]: { [key]: 'changeSet' } } });
    expect(settled).toMatchObject({ ok: true, how: 'merge', resolved: [STORY] });
    expect(git(d.worktree, ['log', '-1', '--format=%an|%P']).trim()).toBe(`${BEN.name}|${d.head} ${head}`);
    expect(await repo.publish(d.id, REVIEWER, noProblems)).toMatchObject({ ok: true });
    expect((readJson(join(repo.publishedWorktree, STORY)) as { blocks: { heading: string }[] }).blocks[0].heading).toBe('Heading from D');
  });

  test('a file that is not a site document, changed on both sides, is reported and not published', async () => {
    const e = await changeSetWith('Readme E', ANA, [['README.md', 'The site of Reachwell.', 'The site of Reachwell, by E.']]);
    const f = await changeSetWith('Readme F', BEN, [['README.md', 'The site of Reachwell.', 'The site of Reachwell, by F.']]);
    expect((await repo.publish(e.id, REVIEWER, noProblems)).ok).toBe(true);
    const head = await repo.publishedHead();
    expect(await repo.publish(f.id, REVIEWER, noProblems)).toEqual({
      ok: false,
      conflicts: [{ kind: 'file', file: 'README.md', reason: expect.stringMatching(/both sides/) }],
    });
    expect(await repo.publishedHead()).toBe(head);
    expect(published('README.md')).toContain('by E.');
  });

  test('a change that fails validation is never published; the validation reads the merged files', async () => {
    const heading = (readJson(join(repo.publishedWorktree, STORY)) as { blocks: { heading: string }[] }).blocks[0].heading;
    const g = await changeSetWith('Empty heading', ANA, [[STORY, `"heading": "${heading}"`, '"heading": ""']]);
    const head = await repo.publishedHead();
    let seen: unknown;
    const result = await repo.publish(g.id, REVIEWER, async (candidate) => {
      const doc = readJson(join(candidate.worktree, STORY)) as { blocks: { heading: string }[] };
      seen = doc.blocks[0].heading;
      return doc.blocks[0].heading ? [] : ['Hero › Heading: must not be empty'];
    });
    expect(seen).toBe('');
    expect(result).toEqual({ ok: false, problems: ['Hero › Heading: must not be empty'] });
    expect(await repo.publishedHead()).toBe(head);
    expect(candidateFolders()).toEqual([]);
    // A validation that throws publishes nothing either.
    await expect(repo.publish(g.id, REVIEWER, () => Promise.reject(new Error('the build crashed')))).rejects.toThrow('the build crashed');
    expect(await repo.publishedHead()).toBe(head);
  });

  test('in two steps: a candidate is confirmed only on the head it was made on, and may be discarded', async () => {
    const h = await changeSetWith('Plans H', ANA, [[PLANS, '"amount": 49', '"amount": 39']]);
    const i = await changeSetWith('Story I', BEN, [
      [STORY, SUBHEADING.replace('Our mission is to end spam.', 'We are ending spam.'), '"subheading": "Spam ends here.'],
    ]);
    const prepared = await repo.preparePublish(h.id, REVIEWER);
    if (!prepared.ok) throw new Error('expected a candidate');
    expect(prepared.candidate.files).toEqual([{ path: PLANS, status: 'modified' }]);
    expect(readFileSync(join(prepared.candidate.worktree, PLANS), 'utf8')).toContain('"amount": 39');
    expect(published(PLANS)).toContain('"amount": 49');

    expect((await repo.publish(i.id, REVIEWER, noProblems)).ok).toBe(true);
    const head = await repo.publishedHead();
    await expect(repo.confirmPublish(prepared.candidate)).rejects.toThrow(PublishedMoved);
    expect(await repo.publishedHead()).toBe(head);
    expect(existsSync(prepared.candidate.worktree)).toBe(false);

    const again = await repo.preparePublish(h.id, REVIEWER);
    if (!again.ok) throw new Error('expected a candidate');
    await repo.discard(again.candidate);
    expect(await repo.publishedHead()).toBe(head);
    expect(candidateFolders()).toEqual([]);
    const third = await repo.preparePublish(h.id, REVIEWER);
    if (!third.ok) throw new Error('expected a candidate');
    expect(await repo.confirmPublish(third.candidate)).toBe(third.candidate.sha);
    expect(await repo.publishedHead()).toBe(third.candidate.sha);
    expect(published(PLANS)).toContain('"amount": 39');
  });

  test('bringing a change set up to date: a fast-forward when it has nothing of its own, else a merge commit by the person', async () => {
    const idle = await repo.create('Idle', ANA);
    const busy = await changeSetWith('Busy', BEN, [[PLANS, '"period": "/month"', '"period": "per month"']]);
    expect(
      (
        await repo.publish(
          (await changeSetWith('Moves on', ANA, [['README.md', '# Reachwell site', '# The Reachwell site']])).id,
          REVIEWER,
          noProblems,
        )
      ).ok,
    ).toBe(true);
    // Behind by the published change and its publish (a merge commit).
    expect((await repo.get(idle.id)).behind).toBe(2);
    expect(await repo.update(idle.id, ANA)).toMatchObject({ ok: true, how: 'fast-forward', sha: await repo.publishedHead() });
    const merged = await repo.update(busy.id, BEN);
    expect(merged).toMatchObject({ ok: true, how: 'merge' });
    expect(git(busy.worktree, ['log', '-1', '--format=%an|%s']).trim()).toBe(`${BEN.name}|Bring “Busy” up to date with the published site`);
    expect(await repo.get(busy.id)).toMatchObject({ behind: 0, ahead: 2 });
    expect(await repo.update(busy.id, BEN)).toMatchObject({ ok: true, how: 'none' });
  });
});

describe('push', () => {
  test('pushes the published branch to the bare remote, with every commit’s author', async () => {
    const pushed = await repo.push();
    expect(pushed).toEqual({ ok: true, sha: await repo.publishedHead(), upToDate: false });
    expect(git(repos.remote, ['rev-parse', 'main']).trim()).toBe(await repo.publishedHead());
    expect(git(repos.remote, ['log', '--format=%an', 'main'])).toContain(ANA.name);
    expect(await repo.push()).toMatchObject({ ok: true, upToDate: true });
  });

  test('a push the remote rejects (it moved on) is reported; its commits are merged in, validated, and the push then goes', async () => {
    const developer = developerClone(repos, 'developer');
    const plans = join(developer, PLANS);
    writeFileSync(plans, replaceOnce(readFileSync(plans, 'utf8'), '"amount": 149', '"amount": 169'));
    git(developer, ['commit', '--quiet', '--all', '--message', 'Growth costs 169']);
    git(developer, ['push', '--quiet', 'origin', 'main']);
    const developerHead = git(developer, ['rev-parse', 'HEAD']).trim();

    const heading = (readJson(join(repo.publishedWorktree, STORY)) as { blocks: { heading: string }[] }).blocks[0].heading;
    expect(
      (
        await repo.publish(
          (await changeSetWith('After the push', ANA, [[STORY, `"heading": "${heading}"`, '"heading": "Editor side"']])).id,
          REVIEWER,
          noProblems,
        )
      ).ok,
    ).toBe(true);
    const rejected = await repo.push();
    expect(rejected).toEqual({ ok: false, reason: 'rejected', message: expect.stringMatching(/fetch and merge/) });
    expect(git(repos.remote, ['rev-parse', 'main']).trim()).toBe(developerHead);

    // The remote's commits go through validation as any publish does.
    const refused = await repo.pull(REVIEWER, async () => ['not today']);
    expect(refused).toEqual({ ok: false, problems: ['not today'] });
    expect(published(PLANS)).toContain('"amount": 149');
    const pulled = await repo.pull(REVIEWER, noProblems);
    expect(pulled.ok).toBe(true);
    expect(published(PLANS)).toContain('"amount": 169');
    expect(published(STORY)).toContain('"heading": "Editor side"');
    expect(git(repo.publishedWorktree, ['log', '-1', '--format=%an']).trim()).toBe(REVIEWER.name);
    expect(await repo.push()).toMatchObject({ ok: true, upToDate: false });
    expect(git(repos.remote, ['rev-parse', 'main']).trim()).toBe(await repo.publishedHead());
  });

  test('without EDITOR_GIT_REMOTE nothing is pushed', async () => {
    const alone = await ChangeRepository.open({ source: repos.remote, dataDir: join(repos.root, 'no-remote') });
    expect(await alone.push()).toMatchObject({ ok: false, reason: 'not-configured' });
  });
});
