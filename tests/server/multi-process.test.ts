/**
 * Several server processes on one PostgreSQL database, as behind a load balancer:
 * they start at the same moment (each applies the migrations), then take one burst
 * of submissions spread across them, some with the same email and some with the
 * same idempotency key. No lead is duplicated or lost, no keyed submission stored twice;
 * and the three dispatchers, sharing one outbox, deliver every event to the webhook once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../server/store/pg-migrate';
import { PG_SCHEMA_VERSION } from '../../server/store/pg-migrations';
import { commandPool } from '../../server/store/pg-store';
import { freshDatabase } from './databases';
import { postLead, spawnServer, type ServerProcess } from './helpers';
import { startReceiver } from './webhook-receiver';

const SERVERS = 3;
let running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  running = [];
});

interface Submission {
  email: string;
  key: string;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

describe('several servers on one PostgreSQL database', () => {
  it('migrate a new database once when they all start at the same moment', async () => {
    const db = await freshDatabase('postgres');
    const pools = Array.from({ length: 6 }, () => commandPool(db.env.DATABASE_URL));
    try {
      const applied = await Promise.all(pools.map((pool) => migratePostgres(pool)));
      // One of them applied every version; the others waited for it and found nothing left to do.
      expect(applied.filter((versions) => versions.length > 0)).toEqual([Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1)]);
      expect(await Promise.all(pools.map((pool) => migratePostgres(pool)))).toEqual(Array(pools.length).fill([]));
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('start together (one migrates, the others wait) and share a burst without duplicating or losing a lead', async () => {
    const db = await freshDatabase('postgres');
    const secret = 'multi-process-webhook-secret-0123456789abcdef';
    const crm = await startReceiver(secret);
    const webhook = { LEADS_WEBHOOK_URL: crm.url, LEADS_WEBHOOK_SECRET: secret };
    running = await Promise.all(Array.from({ length: SERVERS }, () => spawnServer({ ...db.env, ...webhook })));
    expect(await db.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
      Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => ({ version: i + 1 })),
    );

    const distinct = Array.from({ length: 200 }, (_, i): Submission => ({ email: `solo-${i}@burst.example`, key: randomUUID() }));
    // 20 addresses, each submitted 5 times with its own key (in any case): 5 touches of one lead each.
    const touches = Array.from({ length: 20 }, (_, i) =>
      Array.from({ length: 5 }, (_, t): Submission => ({
        email: t % 2 ? `Touch-${i}@Burst.example` : `touch-${i}@burst.example`,
        key: randomUUID(),
      })),
    ).flat();
    // 20 keys, each sent 5 times (a client retrying through different servers): one submission each.
    const retries = Array.from({ length: 20 }, (_, i) => {
      const key = randomUUID();
      return Array.from({ length: 5 }, (): Submission => ({ email: `retry-${i}@burst.example`, key }));
    }).flat();
    const burst = shuffle([...distinct, ...touches, ...retries]);

    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 60 }, async () => {
        while (next < burst.length) {
          const i = next++;
          const { email, key } = burst[i];
          const response = await postLead(
            running[i % SERVERS].baseURL,
            { email, page: '/', placement: 'burst' },
            { 'idempotency-key': key },
          );
          statuses.push(response.status);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const leads = await db.query<{ email_normalized: string; submission_count: number; rows: number }>(
      `SELECT email_normalized, submission_count, (SELECT COUNT(*) FROM submissions s WHERE s.lead_id = l.id) AS rows FROM leads l`,
    );
    expect(leads).toHaveLength(240);
    const byEmail = new Map(leads.map((l) => [l.email_normalized, l]));
    for (const { email } of distinct) expect(byEmail.get(email)).toMatchObject({ submission_count: 1, rows: 1 });
    for (let i = 0; i < 20; i++) expect(byEmail.get(`touch-${i}@burst.example`)).toMatchObject({ submission_count: 5, rows: 5 });
    for (let i = 0; i < 20; i++) expect(byEmail.get(`retry-${i}@burst.example`)).toMatchObject({ submission_count: 1, rows: 1 });
    expect(await db.query('SELECT COUNT(*) AS n FROM submissions')).toEqual([{ n: 200 + 100 + 20 }]);

    // One event per stored submission, claimed from the shared outbox by whichever server is free: each arrives,
    // signed, and (the claims being leased and skipped by the others) none is sent twice.
    await expect.poll(() => crm.accepted.size, { timeout: 120_000 }).toBe(320);
    expect(crm.deliveries.every((delivery) => delivery.signatureValid)).toBe(true);
    expect(crm.deliveries).toHaveLength(320);
    const types = crm.deliveries.map((delivery) => delivery.type);
    expect(types.filter((type) => type === 'lead.created')).toHaveLength(240);
    expect(types.filter((type) => type === 'lead.touched')).toHaveLength(80);
    await crm.close();

    for (const server of running) server.child.kill('SIGTERM');
    expect(await Promise.all(running.map((server) => server.exited))).toEqual(Array(SERVERS).fill(0));
  });
});
