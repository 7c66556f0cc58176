/**
 * The SQLite file's disk stalls: its filesystem is frozen with `fsfreeze` (a loop-mounted ext4 of the test's own,
 * tests/server/scratch-filesystem.ts), as a snapshot freeze or a network volume that stops answering does. Every
 * write and fsync to it blocks in the kernel, for as long as the freeze lasts, in whatever thread makes it. The
 * server must answer a submission within its deadline (503), and pages, /healthz and /readyz at once, while the disk
 * stays frozen; then recover by itself when it thaws, losing nothing it acknowledged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { querySqlite } from './databases';
import { postLead, spawnServer, waitFor, type ServerProcess } from './helpers';
import { mountScratchFilesystem, type ScratchFilesystem } from './scratch-filesystem';

const DEADLINE_MS = 1500;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/**
 * `promise`, or a failure once `ms` have passed: a server that waits for the disk would answer only after the thaw,
 * which comes after this.
 */
function beforeTheThaw<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms of frozen disk`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function started(fs: ScratchFilesystem): Promise<{ server: ServerProcess; dbPath: string }> {
  const dbPath = `${fs.dir}/leads.db`;
  const server = await spawnServer({ LEADS_DB: dbPath, SUBMIT_DEADLINE_MS: String(DEADLINE_MS) });
  // Gone before the filesystem is unmounted (cleanups run last-in first-out).
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return { server, dbPath };
}

describe('a SQLite disk that stalls (fsfreeze)', () => {
  it('answers a submission 503 within its deadline and pages, /healthz and /readyz at once, then recovers', async () => {
    const fs = mountScratchFilesystem(64);
    cleanups.push(() => fs.remove());
    const { server, dbPath } = await started(fs);
    expect((await postLead(server.baseURL, { email: 'before@example.com' })).status).toBe(200);

    fs.freeze();
    try {
      // The submission's write blocks on the frozen disk. 20 s: far beyond its 1.5 s deadline and the 2 s readiness
      // timeout, and far below the freeze, which lasts until every answer is in.
      const bound = 20_000;
      const submission = beforeTheThaw(
        bound,
        'the submission',
        postLead(server.baseURL, { email: 'frozen@example.com' }, { 'idempotency-key': 'frozen-key' }),
      );
      // Sent while that write is blocked: the first submission's is under way before these arrive.
      const second = beforeTheThaw(
        bound,
        'a second submission',
        postLead(server.baseURL, { email: 'frozen-2@example.com' }, { 'idempotency-key': 'frozen-key-2' }),
      );
      // Each is awaited below; a failure of one must not leave the others' unhandled.
      void submission.catch(() => undefined);
      void second.catch(() => undefined);
      const others = await Promise.all(
        ['/', '/healthz', '/readyz'].map((path) =>
          beforeTheThaw(
            bound,
            path,
            fetch(server.baseURL + path).then(async (response) => ({ path, status: response.status, body: await response.text() })),
          ),
        ),
      );
      expect(others.map(({ path, status }) => [path, status])).toEqual([
        ['/', 200],
        ['/healthz', 200],
        ['/readyz', 503],
      ]);
      expect(JSON.parse(others[2].body)).toMatchObject({ status: 'unavailable', store: 'sqlite' });
      const [first, next] = await Promise.all([submission, second]);
      for (const refused of [first, next]) {
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('2');
        expect(await refused.json()).toMatchObject({ error: { code: 'store_unavailable' } });
      }
    } finally {
      fs.thaw();
    }

    // Back by itself: the refused submission, retried with its key, is stored once.
    await waitFor(
      'the retried submission to be stored',
      async () => (await postLead(server.baseURL, { email: 'frozen@example.com' }, { 'idempotency-key': 'frozen-key' })).status === 200,
    );
    expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const rows = querySqlite<{ email: string; submission_count: number }>(dbPath, 'SELECT email, submission_count FROM leads ORDER BY id');
    expect(rows.filter((row) => row.email !== 'frozen-2@example.com')).toEqual([
      { email: 'before@example.com', submission_count: 1 },
      { email: 'frozen@example.com', submission_count: 1 },
    ]);
  });
});
