/**
 * The server as `npm start` runs it (a child process, a real database: a SQLite
 * file or PostgreSQL) under load, killed with SIGKILL mid-load, and stopped with
 * SIGTERM mid-load.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, freshDatabase, type TestDatabase } from './databases';
import { spawnServer, submitConcurrently, type ServerProcess } from './helpers';

const emails = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}@load.example`);

/** Every acknowledged email is stored exactly once, as a lead with one submission. */
async function expectStoredOnce(db: TestDatabase, acknowledged: string[]) {
  const rows = await db.query<{ email: string; submission_count: number; submissions: number }>(
    `SELECT l.email, l.submission_count, (SELECT COUNT(*) FROM submissions s WHERE s.lead_id = l.id) AS submissions FROM leads l`,
  );
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const missing = acknowledged.filter((email) => !byEmail.has(email));
  expect(missing).toEqual([]);
  const duplicated = acknowledged.filter((email) => byEmail.get(email)!.submission_count !== 1 || byEmail.get(email)!.submissions !== 1);
  expect(duplicated).toEqual([]);
  return rows.length;
}

let running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  running = [];
});

async function start(db: TestDatabase) {
  const server = await spawnServer(db.env);
  running.push(server);
  return server;
}

describe.each(BACKENDS)('on %s', (backend) => {
  describe('load', () => {
    it('acknowledges 2,000 distinct emails from 50 concurrent clients, each stored exactly once, no 5xx', async () => {
      const db = await freshDatabase(backend);
      const server = await start(db);
      const all = emails('load', 2000);
      const started = performance.now();
      const result = await submitConcurrently(server.baseURL, all, 50);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `load: ${all.length} submissions in ${seconds.toFixed(2)} s (${Math.round(all.length / seconds)}/s), statuses ${JSON.stringify(result.statuses)}`,
      );
      expect(result.statuses).toEqual({ 200: 2000 });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await expectStoredOnce(db, result.acknowledged)).toBe(2000);
    });
  });

  describe('crash', () => {
    it('keeps every acknowledged submission when killed with SIGKILL mid-load, and reopens cleanly', async () => {
      const db = await freshDatabase(backend);
      const server = await start(db);
      const all = emails('crash', 20_000);
      let sent = 0;
      const result = await submitConcurrently(server.baseURL, all, 50, () => {
        // Pull the plug after 1,500 sends, with 50 requests in flight; the clients stop once they notice.
        if (sent++ === 1500) server.child.kill('SIGKILL');
        return server.child.exitCode !== null || server.child.signalCode !== null;
      });
      expect(await server.exited).toBeNull();
      expect(result.acknowledged.length).toBeGreaterThan(1000);
      expect(result.acknowledged.length).toBeLessThanOrEqual(1500);
      // Requests in flight at the kill failed (status 0); they were never acknowledged.
      expect(result.statuses[0]).toBeGreaterThan(0);
      expect(Object.keys(result.statuses).filter((s) => Number(s) >= 500)).toEqual([]);
      console.log(`crash: ${result.acknowledged.length} acknowledged before SIGKILL, statuses ${JSON.stringify(result.statuses)}`);

      // Restart on the same database: it opens (SQLite recovers its WAL), and serves.
      const restarted = await start(db);
      const after = await submitConcurrently(restarted.baseURL, ['after-crash@load.example'], 1);
      expect(after.statuses).toEqual({ 200: 1 });
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);

      if (db.location.leadsDb) {
        const file = new Database(db.location.leadsDb, { readonly: true });
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
        file.close();
      }
      // No half-written submission: every lead's count matches its rows.
      expect(
        await db.query('SELECT l.id FROM leads l WHERE l.submission_count <> (SELECT COUNT(*) FROM submissions s WHERE s.lead_id = l.id)'),
      ).toEqual([]);
      const stored = await expectStoredOnce(db, [...result.acknowledged, 'after-crash@load.example']);
      // Rows committed whose answer never arrived are allowed (the client retries with its key); lost rows are not.
      expect(stored).toBeGreaterThanOrEqual(result.acknowledged.length + 1);
    });
  });

  describe('SIGTERM', () => {
    it('answers the requests in flight, stores them, closes the database and exits 0', async () => {
      const db = await freshDatabase(backend);
      const server = await start(db);
      const all = emails('term', 20_000);
      let sent = 0;
      const result = await submitConcurrently(server.baseURL, all, 50, () => {
        if (sent++ === 500) server.child.kill('SIGTERM');
        return server.child.exitCode !== null;
      });
      expect(await server.exited).toBe(0);
      console.log(`SIGTERM: statuses ${JSON.stringify(result.statuses)}`);
      // Nothing in flight was cut off with an error status; requests after the close were refused at connect (0) or with 503.
      expect(Object.keys(result.statuses).filter((s) => Number(s) >= 500 && Number(s) !== 503)).toEqual([]);
      expect(result.acknowledged.length).toBeGreaterThanOrEqual(400);
      // A clean SQLite close checkpoints the write-ahead log into the database file and removes it.
      if (db.location.leadsDb) expect(existsSync(`${db.location.leadsDb}-wal`)).toBe(false);
      await expectStoredOnce(db, result.acknowledged);
    });
  });
});
