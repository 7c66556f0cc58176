/**
 * PostgreSQL group commit (server/store/group-commit.ts): submissions that wait for
 * a connection are committed together, and one the database refuses fails alone.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../server/store/group-commit';
import { openLeadStore } from '../../server/store/open-store';
import type { LeadInput, LeadStore } from '../../server/store/types';
import { freshDatabase, type TestDatabase } from './databases';

const input = (email: string, idempotencyKey: string | null = null): LeadInput => ({
  email,
  page: '/',
  placement: 'footer',
  locale: 'en',
  userAgent: 'test',
  idempotencyKey,
});

/** Runs submit_leads() as one batch of addresses, in the order given (one idempotency key each). */
function submitBatch(client: pg.Client, emails: string[]) {
  const now = new Date();
  return client.query('SELECT submit_leads($1, $2, $3, $4, $5, $6, $7, $8, $9) AS outcomes', [
    emails,
    emails,
    emails.map(() => '/'),
    emails.map(() => 'footer'),
    emails.map(() => 'en'),
    emails.map(() => 'test'),
    emails.map((email) => `${email}-${now.getTime()}`),
    emails.map(() => now),
    emails.map(() => null),
  ]);
}

/** Resolves once the session is waiting for a lock another transaction holds. */
async function waitingForLock(watcher: pg.Client, session: pg.Client) {
  const [{ pid }] = (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
  return async () => {
    await expect
      .poll(
        async () => (await watcher.query('SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0]?.wait_event_type,
        {
          timeout: 10_000,
        },
      )
      .toBe('Lock');
  };
}

describe('PostgreSQL group commit', () => {
  let db: TestDatabase;
  let store: LeadStore;
  afterEach(() => store?.close());

  async function open() {
    db = await freshDatabase('postgres');
    store = await openLeadStore(db.location, { recordEvents: true });
  }

  it('commits a burst in a few transactions, not one per submission', async () => {
    await open();
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => store.submit(input(`burst${i}@example.com`, `b${i}`))));
    expect(outcomes).toEqual(Array(50).fill('stored'));
    // xmin is the id of the transaction that wrote a row.
    const [{ n }] = await db.query<{ n: number }>('SELECT COUNT(DISTINCT xmin::text) AS n FROM submissions');
    expect(n).toBeLessThanOrEqual(5);
    const [{ events }] = await db.query<{ events: number }>('SELECT COUNT(*) AS events FROM webhook_events');
    expect(events).toBe(50);
  });

  it('fails only the submission the database refuses; the others committed with it are stored', async () => {
    await open();
    // PostgreSQL text cannot hold a NUL character: the batch holding it is refused as a whole.
    const emails = Array.from({ length: 12 }, (_, i) => (i === 7 ? 'nul\u0000@example.com' : `ok${i}@example.com`));
    const results = await Promise.allSettled(emails.map((email, i) => store.submit(input(email, `n${i}`))));
    expect(results.map((r) => r.status)).toEqual(emails.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect((await store.listLeads()).map((l) => l.email).sort()).toEqual(emails.filter((_, i) => i !== 7).sort());
  });

  it('never deadlocks: two batches that touch the same addresses in opposite orders both commit', async () => {
    await open();
    for (const email of ['x@example.com', 'y@example.com', 'z@example.com']) await store.submit(input(email));
    const url = (db.location as { databaseUrl: string }).databaseUrl;
    const [holder, first, second, watcher] = Array.from({ length: 4 }, () => new pg.Client(url));
    await Promise.all([holder, first, second, watcher].map((client) => client.connect()));
    try {
      const firstWaits = await waitingForLock(watcher, first);
      const secondWaits = await waitingForLock(watcher, second);
      // Another transaction holds z@'s row, so the first batch stops there, holding what it took before.
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM leads WHERE email_normalized = 'z@example.com' FOR UPDATE`);
      const one = submitBatch(first, ['y@example.com', 'z@example.com', 'x@example.com']);
      await firstWaits();
      const two = submitBatch(second, ['x@example.com', 'y@example.com']);
      await secondWaits();
      // Released: without one lock order, the first batch now waits for x@ while the second waits for y@.
      await holder.query('COMMIT');
      const results = await Promise.allSettled([one, two]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.value.rows[0].outcomes))).toEqual([
        ['stored', 'stored', 'stored'],
        ['stored', 'stored'],
      ]);
    } finally {
      await Promise.all([holder, first, second, watcher].map((client) => client.end()));
    }
  });
});

describe('the group commit queue', () => {
  it('drops an item whose caller gave up while it waited (never sent); one already sent runs to its end', async () => {
    const sent: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new GroupCommit<string, string>({
      maxInFlight: 1,
      maxBatch: 10,
      runOne: async (item) => {
        sent.push(item);
        await held;
        return item;
      },
      runBatch: async (items) => {
        sent.push(...items);
        return items;
      },
      failsEveryItem: () => true,
    });
    const first = new AbortController();
    const second = new AbortController();
    const running = queue.run('first', first.signal);
    const waiting = queue.run('second', second.signal);
    const kept = queue.run('third');
    second.abort(new Error('gave up'));
    first.abort(new Error('gave up once sent'));
    release();
    const results = await Promise.allSettled([running, waiting, kept]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : `rejected: ${(r.reason as Error).message}`))).toEqual([
      'first',
      'rejected: gave up',
      'third',
    ]);
    expect(sent).toEqual(['first', 'third']);
  });
});
