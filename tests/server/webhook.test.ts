/**
 * Webhook delivery to a real local receiver that fails, times out and recovers, on
 * both back ends: every event arrives at least once with a valid signature and a
 * stable id, the visitor's request never waits for it, events that failed for the
 * whole retry window are listed and retried by `npm run leads:deliveries`, and a
 * server killed with SIGKILL mid-retry loses nothing.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { DEFAULT_RETRY, nextAttemptAt } from '../../server/webhook/backoff';
import { signatureHeader } from '../../server/webhook/signature';
import { BACKENDS, freshDatabase, type TestDatabase } from './databases';
import { cleanEnv, postLead, ROOT, spawnServer, startInProcess, waitFor, type ServerProcess } from './helpers';
import { startReceiver, verifySignature } from './webhook-receiver';

const run = promisify(execFile);
const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
/** The secret that replaces SECRET in the tests of a secret change. */
const NEW_SECRET = 'new-test-secret-fedcba9876543210fedcba9876543210';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function receiver(...args: Parameters<typeof startReceiver> extends [string, ...infer Rest] ? Rest : never) {
  const r = await startReceiver(SECRET, ...args);
  cleanups.push(r.close);
  return r;
}

async function server(db: TestDatabase, url: string, retry: { baseMs: number; capMs: number; windowMs: number }, timeoutMs = 300) {
  const s = await startInProcess({ ...db.location, webhook: { url, secret: SECRET, timeoutMs, retry } });
  cleanups.push(s.close);
  return s;
}

const eventRows = (db: TestDatabase) =>
  db.query<{ id: string; state: string; payload: string }>('SELECT id, state, payload FROM webhook_events');

describe('backoff', () => {
  const policy = { baseMs: 10_000, capMs: 3_600_000, windowMs: 86_400_000 };
  const start = new Date('2030-01-01T00:00:00Z');

  it('doubles the wait after each failure up to the cap, drawn between half and all of it', () => {
    const waits = [1, 2, 3, 4, 12, 20].map((failures) => ({
      low: nextAttemptAt(policy, failures, start, start, () => 0)!.getTime() - start.getTime(),
      high: nextAttemptAt(policy, failures, start, start, () => 0.999999)!.getTime() - start.getTime(),
    }));
    expect(waits.map((w) => w.low)).toEqual([5_000, 10_000, 20_000, 40_000, 1_800_000, 1_800_000]);
    expect(waits.map((w) => Math.ceil(w.high / 1000) * 1000)).toEqual([10_000, 20_000, 40_000, 80_000, 3_600_000, 3_600_000]);
  });

  it('keeps retrying for 24 hours from the first attempt, then gives up', () => {
    const late = new Date(start.getTime() + policy.windowMs - 1);
    expect(nextAttemptAt(policy, 40, start, late, Math.random)).not.toBeNull();
    expect(nextAttemptAt(policy, 41, start, new Date(start.getTime() + policy.windowMs), Math.random)).toBeNull();
  });
});

describe('webhook configuration', () => {
  it('takes the URL from configuration only, as http(s), with a secret long enough to sign with', () => {
    const env = { LEADS_WEBHOOK_URL: 'https://crm.example/hooks', LEADS_WEBHOOK_SECRET: SECRET };
    expect(configFromEnv(env).webhook).toMatchObject({ url: 'https://crm.example/hooks', secret: SECRET });
    expect(configFromEnv({}).webhook).toBeUndefined();
    expect(() => configFromEnv({ ...env, LEADS_WEBHOOK_URL: 'file:///etc/passwd' })).toThrow(/http\(s\) URL/);
    expect(() => configFromEnv({ ...env, LEADS_WEBHOOK_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });
});

describe('webhook URL warnings', () => {
  it('warns at start about a plain-http URL and about one on this machine, and not about an https one elsewhere', async () => {
    /** The output up to the startup line, which comes after any warning. */
    const start = async (url: string) => {
      const s = await spawnServer({ LEADS_WEBHOOK_URL: url, LEADS_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'info' });
      cleanups.push(() => s.child.exitCode === null && s.child.kill('SIGKILL'));
      await waitFor('the startup line', () => s.output().includes('lead server ready'));
      return s.output();
    };
    const local = await start('http://127.0.0.1:9/hooks/leads');
    expect(local).toMatch(/LEADS_WEBHOOK_URL is plain http/);
    expect(local).toMatch(/LEADS_WEBHOOK_URL points to this machine \(127\.0\.0\.1\)/);
    expect(await start('https://localhost/hooks')).toMatch(/points to this machine \(localhost\)/);
    expect(await start('https://[::1]:8443/hooks')).toMatch(/points to this machine/);
    expect(await start('https://crm.example/hooks')).not.toMatch(/LEADS_WEBHOOK_URL/);
  });
});

describe.each(BACKENDS)('on %s', (backend) => {
  it('delivers every new lead and touch at least once through failures and timeouts, signed, with stable ids', async () => {
    const db = await freshDatabase(backend);
    // Each event: first a 500, then no answer at all (the sender times out), then accepted.
    const crm = await receiver((_id, seen) => (seen === 0 ? 'fail' : seen === 1 ? 'hang' : 'ok'));
    const { baseURL } = await server(db, crm.url, { baseMs: 20, capMs: 100, windowMs: 60_000 });

    const emails = ['ann@example.com', 'bob@example.com', 'ANN@example.com', 'cy@example.com', 'bob@example.com'];
    for (const [i, email] of emails.entries()) {
      expect((await postLead(baseURL, { email, page: '/', placement: 'footer' }, { 'idempotency-key': `k${i}` })).status).toBe(200);
    }
    // A replay stores nothing, so it sends nothing.
    expect((await postLead(baseURL, { email: 'cy@example.com' }, { 'idempotency-key': 'k3' })).status).toBe(200);

    const events = await eventRows(db);
    expect(events).toHaveLength(emails.length);
    await waitFor('every event accepted by the receiver', () => crm.accepted.size === events.length);
    await waitFor('every event recorded as delivered', async () => (await eventRows(db)).every((e) => e.state === 'delivered'));

    expect(new Set(crm.accepted.keys())).toEqual(new Set(events.map((e) => e.id)));
    expect(crm.deliveries.every((d) => d.signatureValid)).toBe(true);
    for (const event of events) {
      const attempts = crm.deliveries.filter((d) => d.id === event.id);
      expect(attempts.map((d) => d.answered)).toEqual(['fail', 'hang', 'ok']);
      expect(attempts.map((d) => d.attempt)).toEqual([1, 2, 3]);
      // Byte for byte the same body on every attempt, and the one stored.
      expect(new Set(attempts.map((d) => d.body))).toEqual(new Set([event.payload]));
    }
    const types = [...crm.accepted.values()].map(
      (body) => JSON.parse(body) as { type: string; data: { lead: { email_normalized: string } } },
    );
    expect(
      types
        .filter((e) => e.type === 'lead.created')
        .map((e) => e.data.lead.email_normalized)
        .sort(),
    ).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);
    expect(types.filter((e) => e.type === 'lead.touched')).toHaveLength(2);
  });

  it('answers the visitor without waiting for a receiver that does not answer', async () => {
    const db = await freshDatabase(backend);
    const crm = await receiver(() => 'hang');
    const { baseURL } = await server(db, crm.url, { baseMs: 60_000, capMs: 60_000, windowMs: 60_000 }, 30_000);
    const started = performance.now();
    const response = await postLead(baseURL, { email: 'fast@example.com' });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    await waitFor('the delivery attempt to reach the receiver', () => crm.deliveries.length === 1);
    // The receiver still holds the attempt open (30 s timeout); the answer came long before.
    expect(elapsed).toBeLessThan(5000);
  });

  it('marks events failed after the retry window; leads:deliveries lists them and retries them, leads:export shows the state', async () => {
    const db = await freshDatabase(backend);
    const crm = await receiver(() => 'fail');
    await server(db, crm.url, { baseMs: 20, capMs: 50, windowMs: 300 }).then(({ baseURL }) =>
      postLead(baseURL, { email: 'down@example.com' }),
    );
    await waitFor('the event to fail for its whole window', async () => (await eventRows(db))[0]?.state === 'failed');
    const [event] = await eventRows(db);
    const env = { ...cleanEnv(), ...db.env };
    const npm = (...args: string[]) => run('npm', ['run', '--silent', ...args], { cwd: ROOT, env });

    const listed = (await npm('leads:deliveries')).stdout;
    expect(listed).toContain(event.id);
    expect(listed).toContain('HTTP 500');
    expect((await npm('leads:export')).stdout.split('\r\n')[1]).toMatch(/,failed$/);

    crm.behave(() => 'ok');
    expect((await npm('leads:deliveries', '--', 'retry', '--all')).stdout).toContain('1 failed delivery scheduled again');
    await waitFor('the retried event to be delivered', async () => (await eventRows(db))[0].state === 'delivered');
    expect([...crm.accepted.keys()]).toEqual([event.id]);
    expect((await npm('leads:deliveries')).stdout).toContain('No failed deliveries');
    expect((await npm('leads:export')).stdout.split('\r\n')[1]).toMatch(/,delivered$/);
  });

  it('loses nothing when the server is killed with SIGKILL mid-retry and started again', async () => {
    const db = await freshDatabase(backend);
    const crm = await receiver(() => 'fail');
    const env = {
      ...db.env,
      LEADS_WEBHOOK_URL: crm.url,
      LEADS_WEBHOOK_SECRET: SECRET,
      LEADS_WEBHOOK_RETRY_BASE_MS: '50',
      LEADS_WEBHOOK_TIMEOUT_MS: '500',
    };
    const first: ServerProcess = await spawnServer(env);
    cleanups.push(() => first.child.exitCode === null && first.child.kill('SIGKILL'));
    const emails = Array.from({ length: 20 }, (_, i) => `restart-${i}@example.com`);
    for (const email of emails) expect((await postLead(first.baseURL, { email })).status).toBe(200);
    await waitFor(
      'every event to have been retried',
      () => emails.length <= new Set(crm.deliveries.filter((d) => d.attempt >= 2).map((d) => d.id)).size,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    crm.behave(() => 'ok');
    const second = await spawnServer(env);
    cleanups.push(() => second.child.exitCode === null && second.child.kill('SIGKILL'));
    const events = await eventRows(db);
    expect(events).toHaveLength(emails.length);
    await waitFor('every event delivered after the restart', () => crm.accepted.size === emails.length);
    expect(new Set(crm.accepted.keys())).toEqual(new Set(events.map((e) => e.id)));
    await waitFor('every event recorded as delivered', async () => (await eventRows(db)).every((e) => e.state === 'delivered'));
    expect(crm.deliveries.every((d) => d.signatureValid)).toBe(true);
  });
});

describe('signature', () => {
  it('verifies with the documented check, and fails when the body, the secret or the timestamp is wrong', () => {
    const body = '{"id":"x"}';
    const now = Math.floor(Date.now() / 1000);
    expect(signatureHeader([SECRET], body, now)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, signatureHeader([SECRET], body, now), body)).toBe(true);
    expect(verifySignature(SECRET, signatureHeader([SECRET], body, now), body + ' ')).toBe(false);
    expect(verifySignature(SECRET, signatureHeader(['another-secret-0123456789abcdef0123'], body, now), body)).toBe(false);
    expect(verifySignature(SECRET, signatureHeader([SECRET], body, now - 3600), body)).toBe(false);
  });

  it('signs with the current and the previous secret while the secret changes, the previous one last', () => {
    const body = '{"id":"x"}';
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([NEW_SECRET, SECRET], body, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(header.endsWith(signatureHeader([SECRET], body, now).split(',')[1])).toBe(true);
    expect([SECRET, NEW_SECRET, 'another-secret-0123456789abcdef0123'].map((secret) => verifySignature(secret, header, body))).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('changing the webhook secret', () => {
  it('reads the secret being replaced from LEADS_WEBHOOK_SECRET_PREVIOUS, at least 32 characters and not the new one', () => {
    const env = { LEADS_WEBHOOK_URL: 'https://crm.example/hooks', LEADS_WEBHOOK_SECRET: NEW_SECRET };
    expect(configFromEnv(env).webhook?.previousSecret).toBeUndefined();
    expect(configFromEnv({ ...env, LEADS_WEBHOOK_SECRET_PREVIOUS: SECRET }).webhook).toMatchObject({
      secret: NEW_SECRET,
      previousSecret: SECRET,
    });
    expect(() => configFromEnv({ ...env, LEADS_WEBHOOK_SECRET_PREVIOUS: 'short' })).toThrow(/LEADS_WEBHOOK_SECRET_PREVIOUS must be/);
    expect(() => configFromEnv({ ...env, LEADS_WEBHOOK_SECRET_PREVIOUS: NEW_SECRET })).toThrow(/is the same as LEADS_WEBHOOK_SECRET/);
  });

  it('keeps every delivery verifiable by the receiver through the change: old secret, both, then the new one', async () => {
    const crm = await receiver();
    const stages = [
      { secret: SECRET, previousSecret: undefined },
      { secret: NEW_SECRET, previousSecret: SECRET },
      { secret: NEW_SECRET, previousSecret: undefined },
    ];
    const verifiedBy: boolean[][] = [];
    for (const [i, stage] of stages.entries()) {
      const db = await freshDatabase('sqlite');
      const s = await startInProcess({ ...db.location, webhook: { url: crm.url, ...stage, timeoutMs: 2000, retry: DEFAULT_RETRY } });
      cleanups.push(s.close);
      expect((await postLead(s.baseURL, { email: `stage${i}@example.com` })).status).toBe(200);
      await waitFor(`the delivery of stage ${i}`, () => crm.deliveries.length === i + 1);
      const { signature, body } = crm.deliveries[i];
      verifiedBy.push([SECRET, NEW_SECRET].map((secret) => verifySignature(secret, signature, body)));
    }
    // A receiver with the old secret verifies every delivery until the change ends; one with the new, from its start.
    expect(verifiedBy).toEqual([
      [true, false],
      [true, true],
      [false, true],
    ]);
  });
});
