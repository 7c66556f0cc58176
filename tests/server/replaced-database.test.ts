/**
 * The SQLite file is deleted or replaced under a running server. SQLite keeps writing to the files it has open, so
 * before the fix the server acknowledged leads into a file no longer at the path, said it was ready, and lost them all
 * at the next restart without a word. Now it refuses them (503), says why in /readyz and the log, saves what the file
 * it has open held beside the path, and never acknowledges what it cannot keep.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { querySqlite } from './databases';
import { postLead, spawnServer, tempDir, type ServerProcess } from './helpers';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function serverOn(dbPath: string): Promise<ServerProcess> {
  const server = await spawnServer({ LEADS_DB: dbPath });
  cleanups.push(() => server.child.exitCode === null && server.child.signalCode === null && server.child.kill('SIGKILL'));
  return server;
}

async function submitAll(server: ServerProcess, prefix: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await postLead(server.baseURL, { email: `${prefix}-${i}@example.com` })).status);
  return statuses;
}

/** The answers once the file is not the server's: 503 store_unavailable for every submission, and /readyz says why. */
async function expectRefusal(server: ServerProcess) {
  for (let i = 0; i < 5; i++) {
    const response = await postLead(server.baseURL, { email: `after-${i}@example.com` });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toMatchObject({ error: { code: 'store_unavailable' } });
  }
  const ready = await fetch(server.baseURL + '/readyz');
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'unavailable', store: 'sqlite', reason: 'database_replaced' });
  expect((await fetch(server.baseURL + '/healthz')).status).toBe(200);
}

const leadCount = (path: string) => querySqlite<{ n: number }>(path, 'SELECT COUNT(*) AS n FROM leads')[0].n;

/** A backup as the docs say to make one while the server runs (SQLite's backup API, as `sqlite3 .backup`). */
async function backUp(dbPath: string, backupPath: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    await db.backup(backupPath);
  } finally {
    db.close();
  }
}

describe('a SQLite file deleted or replaced while the server runs', () => {
  it('deleted with its -wal and -shm: refuses new leads, says so, and saves the 17 it acknowledged beside the path', async () => {
    const dir = tempDir('leads-deleted');
    const dbPath = join(dir, 'leads.db');
    const server = await serverOn(dbPath);
    expect(await submitAll(server, 'kept', 17)).toEqual(Array(17).fill(200));

    for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(file);
    await expectRefusal(server);
    expect(server.output()).toContain(`${dbPath} was deleted while the server had it open`);

    const rescued = readdirSync(dir).filter((name) => name.startsWith('leads.db.orphaned-'));
    expect(rescued).toHaveLength(1);
    expect(server.output()).toContain(`saved in ${join(dir, rescued[0])}`);
    expect(leadCount(join(dir, rescued[0]))).toBe(17);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Nothing was written at the path: a new file there would have taken the refused leads and lost the others.
    expect(existsSync(dbPath)).toBe(false);
  });

  it('replaced by a backup moved over it: refuses, and leaves the backup to open cleanly, without its own old log', async () => {
    const dir = tempDir('leads-restored');
    const dbPath = join(dir, 'leads.db');
    const server = await serverOn(dbPath);
    expect(await submitAll(server, 'backed-up', 10)).toEqual(Array(10).fill(200));
    await backUp(dbPath, join(dir, 'backup.db'));
    expect(await submitAll(server, 'newer', 5)).toEqual(Array(5).fill(200));

    renameSync(join(dir, 'backup.db'), dbPath);
    await expectRefusal(server);
    expect(server.output()).toContain(`${dbPath} was replaced by another file while the server had it open`);
    const [rescued] = readdirSync(dir).filter((name) => name.startsWith('leads.db.orphaned-'));
    expect(leadCount(join(dir, rescued))).toBe(15);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The old file's log is gone with it: opened again, the backup is the backup, whole.
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
    const next = await serverOn(dbPath);
    expect((await postLead(next.baseURL, { email: 'after-restore@example.com' })).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(querySqlite(dbPath, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(leadCount(dbPath)).toBe(11);
  });

  it('written over in place by a copy (same inode): refuses and says so', async () => {
    const dir = tempDir('leads-copied-over');
    const dbPath = join(dir, 'leads.db');
    const server = await serverOn(dbPath);
    expect(await submitAll(server, 'backed-up', 10)).toEqual(Array(10).fill(200));
    await backUp(dbPath, join(dir, 'backup.db'));
    expect(await submitAll(server, 'newer', 5)).toEqual(Array(5).fill(200));

    const inode = statSync(dbPath).ino;
    copyFileSync(join(dir, 'backup.db'), dbPath);
    expect(statSync(dbPath).ino).toBe(inode);
    await expectRefusal(server);
    expect(server.output()).toContain(`${dbPath} was written by a program other than SQLite while the server had it open`);
  });

  it('is not fooled by another SQLite connection checkpointing the file (an operator running sqlite3)', async () => {
    const dbPath = join(tempDir('leads-checkpointed'), 'leads.db');
    const server = await serverOn(dbPath);
    expect(await submitAll(server, 'before', 10)).toEqual(Array(10).fill(200));
    const before = statSync(dbPath, { bigint: true }).mtimeNs;
    const operator = new Database(dbPath);
    try {
      expect(operator.pragma('wal_checkpoint(PASSIVE)')).toMatchObject([{ busy: 0 }]);
    } finally {
      operator.close();
    }
    expect(statSync(dbPath, { bigint: true }).mtimeNs).not.toBe(before);
    // Readiness and every write look at the file: still ready, still storing.
    expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
    expect(await submitAll(server, 'after', 5)).toEqual(Array(5).fill(200));
    expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
    expect(server.output()).not.toMatch(/while the server had it open/);
  });
});
