/**
 * What git does not hold about a change set: its title, who owns it and when it was made, one small JSON file per
 * change set in `<dataDir>/branches/`, written whole or not at all (a temporary file renamed over it). Status,
 * comments and approvals are the editor server's (its review records).
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Person } from './git';
import { checkChangeSetId } from './layout';

export interface ChangeSetRecord {
  id: string;
  title: string;
  owner: Person;
  /** ISO 8601. */
  createdAt: string;
}

const fileOf = (metaDir: string, id: string) => join(metaDir, `${checkChangeSetId(id)}.json`);

export async function writeRecord(metaDir: string, record: ChangeSetRecord): Promise<void> {
  const temporary = join(metaDir, `.${record.id}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temporary, fileOf(metaDir, record.id));
}

export async function readRecord(metaDir: string, id: string): Promise<ChangeSetRecord | undefined> {
  try {
    return JSON.parse(await readFile(fileOf(metaDir, id), 'utf8')) as ChangeSetRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function listRecords(metaDir: string): Promise<ChangeSetRecord[]> {
  const ids = (await readdir(metaDir)).filter((name) => /^[a-z0-9].*\.json$/.test(name)).map((name) => name.slice(0, -'.json'.length));
  const records = await Promise.all(ids.map((id) => readRecord(metaDir, id)));
  return records.filter((record): record is ChangeSetRecord => record !== undefined).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export const removeRecord = (metaDir: string, id: string) => rm(fileOf(metaDir, id), { force: true });
