/**
 * Where each change set's record ref points is kept in memory once read (change-set-records.ts), so a save asks git
 * nothing to check its change set is open. A first read of it that is answered while a change of the record is being
 * written must not put back the ref as it was before the change: every later change of that record would then be
 * refused by git (its ref no longer where it was read), until a restart; nor keep a removed change set's record.
 */
import { afterAll, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ChangeRepository, ChangeSetNotFound } from '../../src/editor/host/changes';
import type { RepoContext } from '../../src/editor/host/changes/context';
import { ANA, makeSiteRepos } from './change-sets-fixture';

const repos = makeSiteRepos('editor-record-refs');
afterAll(() => rmSync(dirname(repos.checkout), { recursive: true, force: true }));

/** A later start (nothing known of the record's ref yet) whose first read of `id`'s ref is answered by git, then held. */
async function withFirstReadHeld(id: string) {
  const repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir });
  const context = (repo as unknown as { context: RepoContext }).context;
  const git = context.git;
  let answered!: () => void;
  const readAnswered = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let hold = true;
  context.git = async (args, options) => {
    const answer = await git(args, options);
    if (hold && args[0] === 'rev-parse' && args.some((arg) => arg.startsWith(`refs/reviews/${id}`))) {
      hold = false;
      answered();
      await released;
    }
    return answer;
  };
  return { repo, readAnswered, release };
}

test('a record read for the first time while a change of it is written leaves the change known, not the read', async () => {
  const { id } = await (await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir })).create('Read while written', ANA);
  const { repo, readAnswered, release } = await withFirstReadHeld(id);

  const read = repo.record(id);
  await readAnswered;
  await repo.updateRecord(id, (record) => void (record.title = 'Renamed while read'), 'renamed');
  release();
  expect((await read).title).toBe('Read while written');

  await repo.updateRecord(id, (record) => void (record.title = 'Renamed again'), 'renamed again');
  expect((await repo.record(id)).title).toBe('Renamed again');
});

test('a record read for the first time while its change set is removed is not kept as if it were still there', async () => {
  const { id } = await (await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir })).create('Read while removed', ANA);
  const { repo, readAnswered, release } = await withFirstReadHeld(id);

  const read = repo.record(id);
  await readAnswered;
  await repo.remove(id);
  release();
  expect((await read).title).toBe('Read while removed');

  await expect(repo.record(id)).rejects.toThrow(ChangeSetNotFound);
});
