/**
 * Where a person may restore a version (restore-targets.ts) costs git a fixed number of calls whatever the number of
 * open change sets (it asked once per change set), against real git through a wrapper on PATH that writes each call
 * down; and it still offers exactly the asker's: the ones they started and the ones they saved in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ChangeRepository, type ChangeSet } from '../../src/editor/host/changes';
import type { HostContext } from '../../src/editor/host/host-context';
import { checkRestoreInto, restoreTargets } from '../../src/editor/host/restore-targets';
import { ANA, BEN, countedGit, makeSiteRepos, type SiteRepos } from './change-sets-fixture';

const STORY = 'pages-json/story.json';
const ana = { ...ANA, role: 'editor' as const };

let repos: SiteRepos;
let repo: ChangeRepository;
let gitCallsDuring: (work: () => Promise<unknown>) => Promise<number>;
/** Only the repository: all that restore-targets.ts asks of the host. */
let host: HostContext;

beforeAll(async () => {
  repos = makeSiteRepos('editor-restore-targets-cost');
  const counted = countedGit(repos);
  gitCallsDuring = counted.during;
  repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir, env: counted.env });
  host = { repo } as unknown as HostContext;
});

/** Adds change sets until there are `count` of each kind: Ana's own, Ben's she saved in, Ben's she never touched. */
async function changeSetsUpTo(count: number, made: Record<'own' | 'savedIn' | 'others', ChangeSet[]>) {
  const story = readFileSync(join(repo.publishedWorktree, STORY), 'utf8');
  for (let i = made.own.length; i < count; i++) {
    made.own.push(await repo.create(`Ana’s ${i}`, ANA));
    const savedIn = await repo.create(`Ben’s with Ana ${i}`, BEN);
    await repo.commit(savedIn.id, { files: { [STORY]: story.replace('Restoring humanity', `Ben ${i}`) }, author: BEN });
    await repo.commit(savedIn.id, { files: { [STORY]: story.replace('Restoring humanity', `Ana ${i}`) }, author: ANA });
    made.savedIn.push(savedIn);
    const others = await repo.create(`Ben’s alone ${i}`, BEN);
    await repo.commit(others.id, { files: { [STORY]: story.replace('Restoring humanity', `Ben alone ${i}`) }, author: BEN });
    made.others.push(others);
  }
}

test('the restore targets ask git as many times for 12 change sets as for 3, and are exactly the asker’s', async () => {
  const made: Record<'own' | 'savedIn' | 'others', ChangeSet[]> = { own: [], savedIn: [], others: [] };
  const offered = async () => (await restoreTargets(host, ana, STORY)).map((target) => target.id).sort();
  const ids = (changeSets: ChangeSet[]) => changeSets.map((changeSet) => changeSet.id);

  await changeSetsUpTo(1, made);
  await repo.list(); // every record read once, as the list has read them before anyone restores
  const forThree = await gitCallsDuring(offered);
  expect(await offered()).toEqual([...ids(made.own), ...ids(made.savedIn)].sort());

  await changeSetsUpTo(4, made);
  await repo.list();
  const forTwelve = await gitCallsDuring(offered);
  expect(forTwelve).toBe(forThree);
  expect(await offered()).toEqual([...ids(made.own), ...ids(made.savedIn)].sort());

  // A restore into one of them is let through, into a colleague's she never saved in refused, as the list says.
  await expect(checkRestoreInto(host, await repo.get(made.savedIn[3].id), ana, STORY)).resolves.toBeUndefined();
  await expect(checkRestoreInto(host, await repo.get(made.others[3].id), ana, STORY)).rejects.toThrow('you have not saved in it');
  await repo.close();
}, 300_000);
