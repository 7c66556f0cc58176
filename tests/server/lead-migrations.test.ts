/**
 * Upgrading a lead database that already holds leads: a SQLite file at the previous schema version (2) and a
 * PostgreSQL database at its previous version (4), each filled as the previous release filled it, are migrated by
 * the current server at start. Every row is kept, with no language (NULL) where none was recorded, and new
 * submissions record theirs. On PostgreSQL the previous release's functions keep working meanwhile, for the servers
 * a rolling deploy has not replaced yet.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../server/store/open-store';
import { migratePostgres } from '../../server/store/pg-migrate';
import { PG_SCHEMA_VERSION } from '../../server/store/pg-migrations';
import { commandPool } from '../../server/store/pg-store';
import { migrateSqlite, SQLITE_SCHEMA_VERSION } from '../../server/store/sqlite-migrations';
import type { LeadInput, LeadStore } from '../../server/store/types';
import { freshDatabase, querySqlite } from './databases';
import { tempDir } from './helpers';

const T0 = new Date('2030-01-02T03:04:05.678Z');
const T1 = new Date('2030-01-03T03:04:05.678Z');
const T2 = new Date('2030-01-04T03:04:05.678Z');

/** The lead both back ends hold from before the upgrade (two submissions, no language), as listLeads shows it. */
const oldLead = (delivery: 'delivered' | 'pending') => ({
  email: 'Old@Example.com',
  email_normalized: 'old@example.com',
  first_seen: T0.toISOString(),
  last_seen: T1.toISOString(),
  submission_count: 2,
  first_page: '/',
  first_placement: 'footer',
  first_locale: null,
  last_page: '/story',
  last_placement: 'exit-dialog',
  last_locale: null,
  last_user_agent: 'old',
  delivery,
});

const input = (email: string, idempotencyKey: string, locale: string | null): LeadInput => ({
  email,
  page: '/es/story',
  placement: 'footer',
  locale,
  userAgent: 'new',
  idempotencyKey,
});

let store: LeadStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('a lead database of a newer release', () => {
  it('SQLite: is refused at open, naming its version, and nothing is written to it', async () => {
    const path = join(tempDir('leads-newer'), 'leads.db');
    const newer = new Database(path);
    newer.pragma(`user_version = ${SQLITE_SCHEMA_VERSION + 1}`);
    newer.close();
    await expect(openLeadStore({ leadsDb: path }, { recordEvents: false })).rejects.toThrow(
      `${path} has lead schema version ${SQLITE_SCHEMA_VERSION + 1}; this server knows up to version ${SQLITE_SCHEMA_VERSION}`,
    );
    expect(querySqlite(path, "SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual([]);
  });
});

describe('a lead database of the previous release', () => {
  it(`SQLite: a file at version 2 with leads migrates to version ${SQLITE_SCHEMA_VERSION}, keeps its rows, language NULL`, async () => {
    const path = join(tempDir('leads-migrate'), 'leads.db');
    const old = new Database(path);
    expect(migrateSqlite(old, path, 2)).toEqual([1, 2]);
    // As the previous release wrote them: a lead touched twice, its submissions and one delivered event.
    old.exec(`
      INSERT INTO leads (id, email_normalized, email, first_seen, last_seen, submission_count,
                         first_page, first_placement, last_page, last_placement, last_user_agent)
      VALUES (1, 'old@example.com', 'Old@Example.com', '${T0.toISOString()}', '${T1.toISOString()}', 2, '/', 'footer', '/story', 'exit-dialog', 'old');
      INSERT INTO submissions (id, lead_id, received_at, email, page, placement, user_agent, idempotency_key)
      VALUES (1, 1, '${T0.toISOString()}', 'Old@Example.com', '/', 'footer', 'old', 'k1'),
             (2, 1, '${T1.toISOString()}', 'old@example.com', '/story', 'exit-dialog', 'old', 'k2');
      INSERT INTO webhook_events (id, lead_id, submission_id, type, payload, created_at, state, window_start, delivered_at)
      VALUES ('${randomUUID()}', 1, 1, 'lead.created', '{}', '${T0.toISOString()}', 'delivered', ${T0.getTime()}, '${T0.toISOString()}');`);
    old.close();

    store = await openLeadStore({ leadsDb: path }, { recordEvents: true, now: () => T2 });
    expect(querySqlite(path, 'PRAGMA user_version')).toEqual([{ user_version: SQLITE_SCHEMA_VERSION }]);
    const before = oldLead('delivered');
    expect(await store.listLeads()).toEqual([before]);

    // Its idempotency keys still replay; a new touch records its language as the last one, the first stays unknown.
    expect(await store.submit(input('old@example.com', 'k1', 'es'))).toBe('replayed');
    expect(await store.submit(input('old@example.com', 'k3', 'es'))).toBe('stored');
    expect(await store.listLeads()).toEqual([
      {
        ...before,
        last_seen: T2.toISOString(),
        submission_count: 3,
        last_page: '/es/story',
        last_placement: 'footer',
        last_locale: 'es',
        last_user_agent: 'new',
        delivery: 'pending',
      },
    ]);
    await store.close();
    expect(querySqlite(path, 'SELECT id, idempotency_key, locale FROM submissions ORDER BY id')).toEqual([
      { id: 1, idempotency_key: 'k1', locale: null },
      { id: 2, idempotency_key: 'k2', locale: null },
      { id: 3, idempotency_key: 'k3', locale: 'es' },
    ]);
  });

  it(`PostgreSQL: a database at version 4 with leads migrates to version ${PG_SCHEMA_VERSION}, keeps its rows, language NULL; the version-4 functions still store`, async () => {
    const db = await freshDatabase('postgres');
    const pool = commandPool(db.env.DATABASE_URL);
    // The previous release's calls (no language), as its servers make them.
    const submitLeadV4 = (email: string, key: string, at: Date, page = '/', placement = 'footer') =>
      pool.query<{ outcome: string }>('SELECT submit_lead($1, $2, $3, $4, $5, $6, $7, $8) AS outcome', [
        email,
        email.toLowerCase(),
        page,
        placement,
        'old',
        key,
        at,
        randomUUID(),
      ]);
    const submitLeadsV4 = (emails: string[], keys: string[], at: Date) =>
      pool.query<{ outcomes: string[] }>('SELECT submit_leads($1, $2, $3, $4, $5, $6, $7, $8) AS outcomes', [
        emails,
        emails.map((email) => email.toLowerCase()),
        emails.map(() => '/story'),
        emails.map(() => 'exit-dialog'),
        emails.map(() => 'old'),
        keys,
        emails.map(() => at),
        emails.map(() => randomUUID()),
      ]);
    try {
      expect(await migratePostgres(pool, 4)).toEqual([1, 2, 3, 4]);
      expect((await submitLeadV4('Old@Example.com', 'k1', T0)).rows).toEqual([{ outcome: 'stored' }]);
      expect((await submitLeadsV4(['old@example.com', 'other@example.com'], ['k2', 'k3'], T1)).rows).toEqual([
        { outcomes: ['stored', 'stored'] },
      ]);

      store = await openLeadStore(db.location, { recordEvents: true, now: () => T2 });
      expect(await db.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
        Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => ({ version: i + 1 })),
      );
      const before = oldLead('pending');
      const otherLead = {
        ...before,
        email: 'other@example.com',
        email_normalized: 'other@example.com',
        first_seen: T1.toISOString(),
        submission_count: 1,
        first_page: '/story',
        first_placement: 'exit-dialog',
      };
      expect(await store.listLeads()).toEqual([before, otherLead]);
      expect(await db.query('SELECT idempotency_key, locale FROM submissions ORDER BY id')).toEqual([
        { idempotency_key: 'k1', locale: null },
        { idempotency_key: 'k2', locale: null },
        { idempotency_key: 'k3', locale: null },
      ]);

      // The current release records the language; its keys and the old ones share one namespace.
      expect(await store.submit(input('old@example.com', 'k1', 'es'))).toBe('replayed');
      expect(await store.submit(input('old@example.com', 'k4', 'es'))).toBe('stored');
      // A server of the previous release, not yet replaced: its calls still store (language NULL), events included.
      expect((await submitLeadV4('other@example.com', 'k5', T2, '/terms')).rows).toEqual([{ outcome: 'stored' }]);
      expect((await submitLeadsV4(['third@example.com'], ['k6'], T2)).rows).toEqual([{ outcomes: ['stored'] }]);
      expect((await store.listLeads()).map((l) => [l.email_normalized, l.submission_count, l.first_locale, l.last_locale])).toEqual([
        ['old@example.com', 3, null, 'es'],
        ['other@example.com', 2, null, null],
        ['third@example.com', 1, null, null],
      ]);
      const [{ payload }] = await db.query<{ payload: string }>(
        `SELECT payload FROM webhook_events e JOIN submissions s ON s.id = e.submission_id WHERE s.idempotency_key = 'k5'`,
      );
      expect(JSON.parse(payload).data.submission).toEqual({
        email: 'other@example.com',
        received_at: T2.toISOString(),
        page: '/terms',
        placement: 'footer',
        locale: null,
      });

      // One body of the submission logic remains: the version-4 signatures are wrappers of the new ones.
      expect(
        await db.query(
          `SELECT proname || '(' || pg_get_function_identity_arguments(oid) || ')' AS signature FROM pg_proc
           WHERE proname IN ('store_submission', 'submit_lead', 'submit_leads') ORDER BY proname, pronargs`,
        ),
      ).toEqual([
        {
          signature:
            'store_submission(p_email text, p_normalized text, p_page text, p_placement text, p_locale text, p_user_agent text, p_key text, p_now timestamp with time zone, p_event_id uuid)',
        },
        {
          signature:
            'submit_lead(p_email text, p_normalized text, p_page text, p_placement text, p_user_agent text, p_key text, p_now timestamp with time zone, p_event_id uuid)',
        },
        {
          signature:
            'submit_lead(p_email text, p_normalized text, p_page text, p_placement text, p_locale text, p_user_agent text, p_key text, p_now timestamp with time zone, p_event_id uuid)',
        },
        {
          signature:
            'submit_leads(p_emails text[], p_normalized text[], p_pages text[], p_placements text[], p_user_agents text[], p_keys text[], p_now timestamp with time zone[], p_event_ids uuid[])',
        },
        {
          signature:
            'submit_leads(p_emails text[], p_normalized text[], p_pages text[], p_placements text[], p_locales text[], p_user_agents text[], p_keys text[], p_now timestamp with time zone[], p_event_ids uuid[])',
        },
      ]);
    } finally {
      await pool.end();
    }
  });
});
