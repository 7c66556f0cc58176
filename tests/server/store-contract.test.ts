/**
 * The lead store contract, run against both implementations: SQLite and a real
 * PostgreSQL. Dedupe by normalised email with every touch recorded (page, placement
 * and language), idempotency keys, the webhook outbox written with the lead (the same
 * event JSON on both), and the export's delivery state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../server/store/open-store';
import type { LeadInput, LeadStore } from '../../server/store/types';
import { BACKENDS, freshDatabase, type TestDatabase } from './databases';

const input = (
  email: string,
  idempotencyKey: string | null = null,
  page = '/',
  placement = 'footer',
  locale: string | null = 'en',
): LeadInput => ({
  email,
  page,
  placement,
  locale,
  userAgent: 'test',
  idempotencyKey,
});

const T0 = new Date('2030-01-02T03:04:05.678Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe.each(BACKENDS)('%s store', (backend) => {
  let db: TestDatabase;
  let store: LeadStore;
  let clock: Date;

  async function open(recordEvents = true) {
    db = await freshDatabase(backend);
    clock = T0;
    store = await openLeadStore(db.location, { recordEvents, now: () => clock });
    return store;
  }
  afterEach(() => store?.close());

  it('answers each of several submissions sent together: stored, replayed or key conflict', async () => {
    await open();
    const outcomes = await Promise.all([
      store.submit(input('a@example.com', 'k1')),
      store.submit(input('b@example.com', 'k2')),
      store.submit(input('A@Example.com', 'k3')),
    ]);
    const repeats = await Promise.all([store.submit(input('a@example.com', 'k1')), store.submit(input('c@example.com', 'k1'))]);
    expect([...outcomes, ...repeats]).toEqual(['stored', 'stored', 'stored', 'replayed', 'key-conflict']);
    // In either order: leads are listed in the order they were stored, and these were sent together (PostgreSQL stored
    // b before a in a CI run, each on a connection of its own).
    expect((await store.listLeads()).map((l) => [l.email, l.submission_count]).sort()).toEqual([
      ['a@example.com', 2],
      ['b@example.com', 1],
    ]);
    expect(await db.query('SELECT COUNT(*) AS n FROM leads WHERE email_normalized = ?', 'c@example.com')).toEqual([{ n: 0 }]);
  });

  it('keeps one lead per normalised address, first and last touch, and a row per touch', async () => {
    await open();
    await store.submit(input('Repeat@Example.com', 'r1', '/', 'footer', 'en'));
    clock = later(60_000);
    await store.submit(input('repeat@example.com', 'r2', '/story', 'exit-dialog', null));
    await store.submit(input('REPEAT@EXAMPLE.COM', null, '/de/terms', 'industry-drawer', 'de'));
    expect(await store.listLeads()).toEqual([
      {
        email: 'Repeat@Example.com',
        email_normalized: 'repeat@example.com',
        first_seen: T0.toISOString(),
        last_seen: later(60_000).toISOString(),
        submission_count: 3,
        first_page: '/',
        first_placement: 'footer',
        first_locale: 'en',
        last_page: '/de/terms',
        last_placement: 'industry-drawer',
        last_locale: 'de',
        last_user_agent: 'test',
        delivery: 'pending',
      },
    ]);
    expect(await db.query('SELECT email, idempotency_key, locale FROM submissions ORDER BY id')).toEqual([
      { email: 'Repeat@Example.com', idempotency_key: 'r1', locale: 'en' },
      { email: 'repeat@example.com', idempotency_key: 'r2', locale: null },
      { email: 'REPEAT@EXAMPLE.COM', idempotency_key: null, locale: 'de' },
    ]);
  });

  it('stores one submission for a key sent many times at once', async () => {
    await open();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => store.submit(input('race@example.com', 'same-key'))));
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(9);
    expect(await db.query('SELECT submission_count FROM leads')).toEqual([{ submission_count: 1 }]);
  });

  it('answers a burst of submissions with repeated addresses and keys as if they came one after another', async () => {
    await open();
    // PostgreSQL commits most of such a burst together (server/store/group-commit.ts); the answers must not show it.
    const locales = ['en', 'es', 'de', null, 'pt-BR'];
    const burst = Array.from({ length: 60 }, (_, i) =>
      input(
        i % 3 === 0 ? `Person${i % 7}@Example.com` : `person${i % 7}@example.com`,
        i % 5 === 0 ? null : `key-${i % 13}`,
        `/page-${i}`,
        'footer',
        locales[i % locales.length],
      ),
    );
    const outcomes = await Promise.all(burst.map((submission) => store.submit(submission)));

    const normalised = (i: number) => burst[i].email.toLowerCase();
    const storedPerKey = new Map<string, number>();
    burst.forEach((submission, i) => {
      if (submission.idempotencyKey === null) expect(outcomes[i]).toBe('stored');
      else if (outcomes[i] === 'stored') {
        expect(storedPerKey.has(submission.idempotencyKey)).toBe(false);
        storedPerKey.set(submission.idempotencyKey, i);
      }
    });
    burst.forEach((submission, i) => {
      if (submission.idempotencyKey === null || outcomes[i] === 'stored') return;
      const first = storedPerKey.get(submission.idempotencyKey)!;
      expect(outcomes[i]).toBe(normalised(first) === normalised(i) ? 'replayed' : 'key-conflict');
    });
    const stored = burst.flatMap((_, i) => (outcomes[i] === 'stored' ? [normalised(i)] : []));
    const touches = new Map<string, number>();
    for (const email of stored) touches.set(email, (touches.get(email) ?? 0) + 1);
    expect(Object.fromEntries((await store.listLeads()).map((l) => [l.email_normalized, l.submission_count]))).toEqual(
      Object.fromEntries(touches),
    );
    expect(await db.query('SELECT COUNT(*) AS n FROM submissions')).toEqual([{ n: stored.length }]);
    // Each stored submission kept its own language (page-i tells which one it was), batched or not.
    const rows = await db.query<{ page: string; locale: string | null }>('SELECT page, locale FROM submissions');
    expect(rows.map(({ page, locale }) => [page, locale])).toEqual(
      expect.arrayContaining(burst.flatMap((submission, i) => (outcomes[i] === 'stored' ? [[submission.page, submission.locale]] : []))),
    );
  });

  it('writes a lead.created event for a new address and lead.touched for each later touch, in the same commit', async () => {
    await open();
    await store.submit(input('Ann@Example.com', 'e1', '/', 'footer', 'en'));
    clock = later(1000);
    await store.submit(input('ann@example.com', 'e2', '/es/story', 'home-widget', 'pt-BR'));
    await store.submit(input('ann@example.com', 'e2', '/es/story', 'home-widget', 'pt-BR')); // replayed: no event
    await store.submit(input('ann@example.com', 'e3', '/story', 'footer', null));
    const events = await store.outbox.claimDue(later(1000), 10, 60_000);
    expect(events.map((e) => e.type)).toEqual(['lead.created', 'lead.touched', 'lead.touched']);
    const [created, touched, unknownLanguage] = events.map((e) => JSON.parse(e.payload));
    const lead = { id: expect.any(Number), email: 'Ann@Example.com', email_normalized: 'ann@example.com', first_seen: T0.toISOString() };
    expect(created).toEqual({
      id: events[0].id,
      type: 'lead.created',
      created_at: T0.toISOString(),
      data: {
        lead: { ...lead, submission_count: 1 },
        submission: { email: 'Ann@Example.com', received_at: T0.toISOString(), page: '/', placement: 'footer', locale: 'en' },
      },
    });
    expect(touched).toEqual({
      id: events[1].id,
      type: 'lead.touched',
      created_at: later(1000).toISOString(),
      data: {
        lead: { ...lead, submission_count: 2 },
        submission: {
          email: 'ann@example.com',
          received_at: later(1000).toISOString(),
          page: '/es/story',
          placement: 'home-widget',
          locale: 'pt-BR',
        },
      },
    });
    // Sent as null, not left out, when the submission had no language.
    expect(unknownLanguage.data.submission).toMatchObject({ locale: null, page: '/story' });
    // Both back ends write the keys in one order (SQLite's JSON.stringify, PostgreSQL's json_build_object).
    for (const event of [created, unknownLanguage]) {
      expect(Object.keys(event)).toEqual(['id', 'type', 'created_at', 'data']);
      expect(Object.keys(event.data)).toEqual(['lead', 'submission']);
      expect(Object.keys(event.data.lead)).toEqual(['id', 'email', 'email_normalized', 'first_seen', 'submission_count']);
      expect(Object.keys(event.data.submission)).toEqual(['email', 'received_at', 'page', 'placement', 'locale']);
    }
    expect(events[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes no events when no webhook is configured, and exports the leads as never delivered', async () => {
    await open(false);
    await store.submit(input('quiet@example.com'));
    expect(await store.outbox.claimDue(later(1000), 10, 60_000)).toEqual([]);
    expect((await store.listLeads())[0].delivery).toBe('none');
  });

  it('leases claimed events: another claim skips them until the lease runs out', async () => {
    await open();
    await store.submit(input('lease@example.com'));
    const [first] = await store.outbox.claimDue(T0, 10, 5000);
    expect(first).toBeDefined();
    expect(await store.outbox.claimDue(later(4999), 10, 5000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toEqual(later(5000));
    const [again] = await store.outbox.claimDue(later(5000), 10, 5000);
    expect(again.id).toBe(first.id);
    // The first claim's late answer cannot overwrite the newer claim's.
    await store.outbox.markDelivered(first, later(5001));
    expect(await db.query('SELECT state FROM webhook_events')).toEqual([{ state: 'pending' }]);
    await store.outbox.markDelivered(again, later(5002));
    expect(await db.query('SELECT state FROM webhook_events')).toEqual([{ state: 'delivered' }]);
    expect((await store.listLeads())[0].delivery).toBe('delivered');
  });

  it('schedules a failed attempt again, gives up when told, lists it, and retries it on request', async () => {
    await open();
    await store.submit(input('down@example.com'));
    const [event] = await store.outbox.claimDue(T0, 10, 5000);
    expect(event.attempts).toBe(0);
    await store.outbox.markFailed(event, 'HTTP 500', later(10_000));
    expect(await store.outbox.claimDue(later(9_999), 10, 5000)).toEqual([]);
    const [retried] = await store.outbox.claimDue(later(10_000), 10, 5000);
    expect(retried).toMatchObject({ id: event.id, attempts: 1, windowStart: T0 });
    await store.outbox.markFailed(retried, 'HTTP 503', null);
    expect(await store.outbox.nextDueAt()).toBeNull();
    expect(await store.outbox.listFailed()).toEqual([
      { id: event.id, type: 'lead.created', email: 'down@example.com', createdAt: T0.toISOString(), attempts: 2, lastError: 'HTTP 503' },
    ]);
    expect((await store.listLeads())[0].delivery).toBe('failed');

    expect(await store.outbox.retryFailed([crypto.randomUUID()], later(20_000))).toBe(0);
    expect(await store.outbox.retryFailed('all', later(20_000))).toBe(1);
    const [fresh] = await store.outbox.claimDue(later(20_000), 10, 5000);
    expect(fresh).toMatchObject({ id: event.id, attempts: 0, windowStart: later(20_000) });
  });

  it('gives a released claim back at once', async () => {
    await open();
    await store.submit(input('release@example.com'));
    const [event] = await store.outbox.claimDue(T0, 10, 60_000);
    await store.outbox.release(event);
    expect((await store.outbox.claimDue(T0, 10, 60_000)).map((e) => e.id)).toEqual([event.id]);
  });

  it('commits what is still waiting when closed, then refuses new submissions', async () => {
    await open();
    const pending = store.submit(input('late@example.com'));
    await store.close();
    await expect(pending).resolves.toBe('stored');
    await expect(store.submit(input('after@example.com'))).rejects.toThrow(/closed/);
    expect(await db.query('SELECT email FROM leads')).toEqual([{ email: 'late@example.com' }]);
  });

  it('answers a readiness ping while open', async () => {
    await open();
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
