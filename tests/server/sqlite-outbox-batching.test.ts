/**
 * The SQLite outbox's writes are batched: every webhook delivery used to be recorded in a commit (and an fsync) of
 * its own, on the server's thread, as was every claim. Under a campaign's burst (~900 submissions a second, each an
 * event) those fsyncs left the event loop no time to accept connections: /healthz timed out at 3 s with the accept
 * queue at 445 of 511. Now the store's worker commits outbox writes that arrive together in one transaction, with the
 * submissions of that moment, off the server's thread. Counted in the write-ahead log itself (tests/server/wal-commits.ts).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../server/store/open-store';
import type { LeadStore } from '../../server/store/types';
import { querySqlite } from './databases';
import { tempDir } from './helpers';
import { walCommits } from './wal-commits';

let store: LeadStore | undefined;
afterEach(() => store?.close());

describe('the SQLite outbox', () => {
  it('records 64 deliveries finished together in one commit, not 64', async () => {
    const dbPath = join(tempDir('leads-outbox-batch'), 'leads.db');
    store = await openLeadStore({ leadsDb: dbPath }, { recordEvents: true });
    const outcomes = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        store!.submit({
          email: `burst-${i}@example.com`,
          page: '/',
          placement: 'footer',
          locale: 'en',
          userAgent: null,
          idempotencyKey: null,
        }),
      ),
    );
    expect(outcomes).toEqual(Array(64).fill('stored'));

    const now = new Date();
    const beforeClaim = walCommits(`${dbPath}-wal`);
    const events = await store.outbox.claimDue(now, 64, 60_000);
    expect(events).toHaveLength(64);
    expect(walCommits(`${dbPath}-wal`) - beforeClaim).toBe(1);

    const beforeDeliveries = walCommits(`${dbPath}-wal`);
    await Promise.all(events.map((event) => store!.outbox.markDelivered(event, now)));
    expect(walCommits(`${dbPath}-wal`) - beforeDeliveries).toBe(1);
    expect(querySqlite(dbPath, 'SELECT state, COUNT(*) AS n FROM webhook_events GROUP BY state')).toEqual([{ state: 'delivered', n: 64 }]);
  });
});
