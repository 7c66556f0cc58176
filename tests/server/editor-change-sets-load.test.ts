/**
 * 20 people saving at once against real git: twelve on change sets of their own, eight sharing two change sets (four
 * each), five saves each, all started together. Nothing is lost (every save is a commit with exactly what it wrote),
 * every commit is on its own change set's branch, in one line, by its author, and none is interleaved into another
 * change set. Prints how long it took.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ChangeRepository, type ChangeSet, type Person } from '../../src/editor/host/changes';
import { git, makeSiteRepos, type SiteRepos } from './change-sets-fixture';

const PEOPLE = 20;
const SAVES = 5;
const STORY = 'pages-json/story.json';

let repos: SiteRepos;
let repo: ChangeRepository;

beforeAll(async () => {
  repos = makeSiteRepos('editor-load');
  repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
});

const person = (index: number): Person => ({ name: `Person ${index}`, email: `person${index}@reachwell.example` });
const fileOf = (index: number) => `pages-json/people/person-${index}.json`;
/** People 0-11 own a change set each; 12-15 share one, 16-19 another. */
const changeSetIndexOf = (index: number) => (index < 12 ? index : index < 16 ? 12 : 13);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

test('20 people saving at once: nothing lost, each commit on its own change set by its author, none interleaved', async () => {
  const story = readFileSync(join(repo.publishedWorktree, STORY), 'utf8');
  const publishedBefore = await repo.publishedHead();

  const createStart = performance.now();
  const changeSets: ChangeSet[] = await Promise.all(Array.from({ length: 14 }, (_, i) => repo.create(`Load ${i}`, person(i))));
  const createMs = performance.now() - createStart;

  /** What each save wrote and got back. */
  const saves: { person: number; changeSet: string; save: number; text: string; sha: string; ms: number }[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: PEOPLE }, async (_, index) => {
      const changeSet = changeSets[changeSetIndexOf(index)];
      // A person saves, sees it saved, saves again: five times, while the nineteen others do the same.
      for (let save = 0; save < SAVES; save++) {
        const text = story.replace('Restoring humanity to communication', `Person ${index}, save ${save}`);
        const began = performance.now();
        const result = await repo.commit(changeSet.id, { files: { [fileOf(index)]: text }, author: person(index) });
        saves.push({ person: index, changeSet: changeSet.id, save, text, sha: result.sha, ms: performance.now() - began });
        expect(result.committed).toBe(true);
      }
    }),
  );
  const totalMs = performance.now() - start;

  expect(saves.length).toBe(PEOPLE * SAVES);
  expect(new Set(saves.map((save) => save.sha)).size).toBe(PEOPLE * SAVES);
  const gitDir = join(repos.dataDir, 'repo.git');
  for (const changeSet of changeSets) {
    const mine = saves.filter((save) => save.changeSet === changeSet.id);
    const log = git(gitDir, ['log', '--format=@@%H|%P|%an|%ae|%cn|%ce', '--name-only', `${publishedBefore}..${changeSet.branch}`])
      .split('@@')
      .filter((block) => block.trim())
      .map((block) => {
        const [header, ...files] = block.split('\n').filter(Boolean);
        const [sha, parents, authorName, authorEmail, committerName, committerEmail] = header.split('|');
        return { sha, parents: parents.split(' '), authorName, authorEmail, committerName, committerEmail, files };
      });
    // Exactly this change set's saves, no other's: nothing lost, nothing interleaved.
    expect(log.map((commit) => commit.sha).sort()).toEqual(mine.map((save) => save.sha).sort());
    // In one line from where the change set started, each save on the one before it.
    log.forEach((commit, i) => expect(commit.parents).toEqual([i === log.length - 1 ? publishedBefore : log[i + 1].sha]));
    for (const commit of log) {
      const save = mine.find((item) => item.sha === commit.sha)!;
      expect(commit).toMatchObject({
        authorName: person(save.person).name,
        authorEmail: person(save.person).email,
        committerName: person(save.person).name,
      });
      expect(commit.files).toEqual([fileOf(save.person)]);
      expect(await repo.fileAt(commit.sha, fileOf(save.person))).toBe(save.text);
    }
    // Each person's saves in the order they made them.
    for (const index of new Set(mine.map((save) => save.person))) {
      const order = log
        .filter((commit) => commit.authorName === person(index).name)
        .reverse()
        .map((commit) => mine.find((save) => save.sha === commit.sha)!.save);
      expect(order).toEqual([0, 1, 2, 3, 4]);
      expect(readFileSync(join(changeSet.worktree, fileOf(index)), 'utf8')).toBe(
        mine.find((save) => save.person === index && save.save === SAVES - 1)!.text,
      );
    }
  }
  expect(await repo.publishedHead()).toBe(publishedBefore);

  const latencies = saves.map((save) => save.ms).sort((a, b) => a - b);
  console.log(
    `[load] ${PEOPLE} people, ${PEOPLE * SAVES} saves on 14 change sets (2 shared by 4 people each): ${(totalMs / 1000).toFixed(2)} s in all, ` +
      `${((PEOPLE * SAVES) / (totalMs / 1000)).toFixed(1)} saves/s; a save took p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms; 14 change sets created at once in ${createMs.toFixed(0)} ms`,
  );
});
