/**
 * Moves the records an older editor kept as JSON files (`<dataDir>/branches/<id>.json`: title, owner, creation;
 * `<dataDir>/change-sets/<id>.json`: status, comments, approvals, published) into git (change-set-records.ts), once,
 * when the repository opens, so a team that upgrades loses nothing. Each migrated pair is then moved into
 * `<dataDir>/migrated-records/` as a backup. A file that cannot be read is left where it is, untouched, and its
 * change set answers an error naming the file (never a fresh draft); the others migrate.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { RepoContext } from './context';
import { branchRefOf } from './layout';
import { moveRefs, readRecord, recordCommit, RecordUnreadable, reviewRef, type ChangeSetRecord } from './change-set-records';

/** A legacy file's JSON, undefined when there is none, RecordUnreadable when it is there but damaged. */
async function readLegacy(id: string, file: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RecordUnreadable(id, file, (error as Error).message);
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch (error) {
    throw new RecordUnreadable(id, file, `not a whole JSON record (${(error as Error).message}); it was left as it is`);
  }
}

/** One change set's legacy files as a record; undefined when there is nothing to migrate. */
async function legacyRecord(context: RepoContext, id: string): Promise<ChangeSetRecord | undefined> {
  const { branchesDir, reviewsDir } = context.layout.legacy;
  const meta = await readLegacy(id, join(branchesDir, `${id}.json`));
  const review = await readLegacy(id, join(reviewsDir, `${id}.json`));
  if (!meta) return undefined;
  const createdAt = typeof meta.createdAt === 'string' ? meta.createdAt : new Date().toISOString();
  return {
    // A change set the older editor had no review for yet (made just before a stop) was a draft there too.
    status: 'draft',
    updatedAt: createdAt,
    comments: [],
    approvals: [],
    ...review,
    id,
    title: String(meta.title),
    owner: meta.owner as ChangeSetRecord['owner'],
    createdAt,
  } as ChangeSetRecord;
}

/** Migrates every legacy record that has a branch and no record in git yet; returns those left as they were. */
export async function migrateLegacyRecords(context: RepoContext): Promise<Map<string, RecordUnreadable>> {
  const { branchesDir, reviewsDir, backupDir } = context.layout.legacy;
  const left = new Map<string, RecordUnreadable>();
  if (!existsSync(branchesDir)) return left;
  const ids = (await readdir(branchesDir)).filter((name) => /^[a-z0-9][a-z0-9-]*\.json$/.test(name)).map((name) => name.slice(0, -5));
  for (const id of ids) {
    const branch = await context.git(['rev-parse', '--verify', '--quiet', branchRefOf(id)], { okCodes: [1] });
    if (branch.code !== 0) continue;
    // A record in git that cannot be read is an error of its own (reading it says so): never written over.
    const inGit = await readRecord(context, id).then(Boolean, (error: unknown) => {
      if (error instanceof RecordUnreadable) return true;
      throw error;
    });
    if (!inGit) {
      let record: ChangeSetRecord | undefined;
      try {
        record = await legacyRecord(context, id);
      } catch (error) {
        if (!(error instanceof RecordUnreadable)) throw error;
        left.set(id, error);
        continue;
      }
      if (!record) continue;
      const commit = await recordCommit(context, record, undefined, 'migrated from the JSON files of an older editor');
      await moveRefs(context, [{ ref: reviewRef(id), to: commit, from: undefined }]);
    }
    for (const [from, folder] of [
      [branchesDir, 'branches'],
      [reviewsDir, 'change-sets'],
    ] as const) {
      if (!existsSync(join(from, `${id}.json`))) continue;
      await mkdir(join(backupDir, folder), { recursive: true });
      await rename(join(from, `${id}.json`), join(backupDir, folder, `${id}.json`));
    }
  }
  return left;
}
