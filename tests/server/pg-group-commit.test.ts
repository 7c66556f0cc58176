/**
 * PostgreSQL group commit (server/store/group-commit.ts): submissions that wait for
 * a connection are committed together, and one the database refuses fails alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../server/store/open-store';
import type { LeadInput, LeadStore } from '../../server/store/types';
import { freshDatabase, type TestDatabase } from './databases';

const input = (email: string, idempotencyKey: string | null = null): LeadInput => ({
  email,
  page: '/',
  placement: 'footer',
  userAgent: 'test',
  idempotencyKey,
});

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
});
