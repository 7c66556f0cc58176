/**
 * The SQLite file's disk fills up, on a small filesystem of the test's own (a loop-mounted ext4,
 * tests/server/scratch-filesystem.ts): by another file, or by the write-ahead log itself while another process holds
 * a read transaction open, so that no checkpoint may copy the log into the database file. Before the fix the server
 * answered 500 while /readyz said ready, and once the log had filled the disk no checkpoint could run (it must first
 * add pages to the database file), so every later submission failed, even after the reader had gone.
 * Now: 503 with Retry-After, "cannot_write" in /readyz, nothing acknowledged lost, and recovery by itself.
 */
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { querySqlite } from './databases';
import { postLead, spawnServer, waitFor, type ServerProcess } from './helpers';
import { fillUp, mountScratchFilesystem } from './scratch-filesystem';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function serverOnSmallDisk(sizeMb: number): Promise<{ server: ServerProcess; dir: string; dbPath: string }> {
  const fs = mountScratchFilesystem(sizeMb);
  cleanups.push(() => fs.remove());
  const dbPath = `${fs.dir}/leads.db`;
  const server = await spawnServer({ LEADS_DB: dbPath, LOG_LEVEL: 'info' });
  // Gone before the filesystem is unmounted (cleanups run last-in first-out).
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return { server, dir: fs.dir, dbPath };
}

/** A submission as large as the endpoint takes (a long page and User-Agent), so the log grows fast. */
function bigSubmission(server: ServerProcess, email: string) {
  return postLead(server.baseURL, { email, page: `/${'p'.repeat(500)}` }, { 'user-agent': 'u'.repeat(512) });
}

async function readiness(server: ServerProcess) {
  const response = await fetch(server.baseURL + '/readyz');
  return { status: response.status, body: (await response.json()) as { reason?: string } };
}

async function expectCannotWrite(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('2');
  expect(await response.json()).toMatchObject({ error: { code: 'store_unavailable' } });
}

describe('a full disk under the SQLite file', () => {
  it('filled by another file: 503 with Retry-After and "cannot_write" in /readyz, then back by itself once there is room', async () => {
    const { server, dir, dbPath } = await serverOnSmallDisk(16);
    expect((await postLead(server.baseURL, { email: 'before@example.com' })).status).toBe(200);

    const makeRoom = fillUp(dir);
    await expectCannotWrite(await postLead(server.baseURL, { email: 'full@example.com' }, { 'idempotency-key': 'full' }));
    expect(await readiness(server)).toEqual({ status: 503, body: { status: 'unavailable', store: 'sqlite', reason: 'cannot_write' } });
    expect((await fetch(server.baseURL + '/healthz')).status).toBe(200);
    // The server logs from its store worker: the line reaches its output a moment after the answer (later under load).
    await waitFor('the log to say why', () => /cannot write: .* free on the disk of/.test(server.output()));
    expect(server.output()).not.toMatch(/"level":50,[^\n]*"msg":"lead submission failed"/);

    makeRoom();
    await waitFor('/readyz to say ready again', async () => (await readiness(server)).status === 200);
    expect((await postLead(server.baseURL, { email: 'full@example.com' }, { 'idempotency-key': 'full' })).status).toBe(200);
    await waitFor('the log to say writes resumed', () => server.output().includes('the lead database can be written again'));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(querySqlite<{ email: string }>(dbPath, 'SELECT email FROM leads ORDER BY id').map((r) => r.email)).toEqual([
      'before@example.com',
      'full@example.com',
    ]);
  });

  it('filled by the write-ahead log while a reader holds it back: stops short of full, recovers once the reader ends', async () => {
    const { server, dbPath } = await serverOnSmallDisk(12);
    expect((await postLead(server.baseURL, { email: 'first@example.com' })).status).toBe(200);

    // Another process's long read transaction (an export, a backup, an operator's sqlite3 session).
    const reader = new Database(dbPath, { readonly: true });
    cleanups.push(() => reader.open && reader.close());
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM leads').get();

    // One after another, each its own commit: the log grows as fast as it can, until the server refuses.
    const acknowledged: string[] = ['first@example.com'];
    const statuses = new Map<number, number>();
    let refused: Response | undefined;
    for (let i = 0; i < 5000 && !refused; i++) {
      const email = `grow-${i}@example.com`;
      const response = await bigSubmission(server, email);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200) acknowledged.push(email);
      else refused = response;
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: acknowledged.length - 1, 503: 1 });
    await expectCannotWrite(refused!);
    expect((await readiness(server)).body.reason).toBe('cannot_write');
    await waitFor('the log to name the reader', () =>
      /another process has held a read transaction open on the lead database/.test(server.output()),
    );

    reader.exec('COMMIT');
    reader.close();
    await waitFor('/readyz to say ready again', async () => (await readiness(server)).status === 200);
    expect((await bigSubmission(server, 'after@example.com')).status).toBe(200);
    acknowledged.push('after@example.com');
    // The log's space is back on the disk: checkpointed, then cut to SQLite's journal size limit at most.
    expect(statSync(`${dbPath}-wal`).size).toBeLessThanOrEqual(4 * 1024 * 1024);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stored = querySqlite<{ email: string }>(dbPath, 'SELECT email FROM leads ORDER BY id').map((r) => r.email);
    expect(stored).toEqual(acknowledged);
  });
});
