/**
 * The lead endpoint's contract against the real server and a real SQLite file:
 * bad input, idempotency, repeated emails, rate limit, CORS.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT, postLead, queryDb, startInProcess, tempDir } from './helpers';

const CORS_ORIGIN = 'https://partner.example';

let server: Awaited<ReturnType<typeof startInProcess>>;
let dbPath: string;

const leadRows = () => queryDb<{ n: number }>(dbPath, 'SELECT COUNT(*) AS n FROM leads')[0].n;
const submissionRows = () => queryDb<{ n: number }>(dbPath, 'SELECT COUNT(*) AS n FROM submissions')[0].n;

beforeAll(async () => {
  dbPath = join(tempDir('leads-endpoint'), 'leads.db');
  server = await startInProcess({ leadsDb: dbPath, rateLimit: { max: 10_000, timeWindowMs: 60_000 }, corsOrigins: [CORS_ORIGIN] });
});
afterAll(() => server?.close());

describe('bad input', () => {
  const longLocal = 'a'.repeat(65);
  const cases: { name: string; send: () => Promise<Response>; status: number; code: string; message: RegExp }[] = [
    { name: 'empty body', send: () => postLead(server.baseURL, ''), status: 400, code: 'empty_body', message: /body is empty/ },
    { name: '{}', send: () => postLead(server.baseURL, {}), status: 400, code: 'email_required', message: /no email/ },
    {
      name: '{"email": null}',
      send: () => postLead(server.baseURL, { email: null }),
      status: 400,
      code: 'email_not_string',
      message: /email must be a string/,
    },
    {
      name: 'an array',
      send: () => postLead(server.baseURL, [{ email: 'ann@example.com' }]),
      status: 400,
      code: 'invalid_body',
      message: /must be a JSON object/,
    },
    {
      name: 'a number as email',
      send: () => postLead(server.baseURL, { email: 42 }),
      status: 400,
      code: 'email_not_string',
      message: /must be a string/,
    },
    {
      name: 'a 10 KB body',
      send: () => postLead(server.baseURL, { email: 'ann@example.com', page: `/${'x'.repeat(10 * 1024)}` }),
      status: 413,
      code: 'body_too_large',
      message: /larger than 4096 bytes/,
    },
    {
      name: 'non-JSON',
      send: () => postLead(server.baseURL, 'email: ann@example.com'),
      status: 400,
      code: 'malformed_json',
      message: /not valid JSON/,
    },
    {
      name: 'truncated JSON',
      send: () => postLead(server.baseURL, '{"email": "ann@exa'),
      status: 400,
      code: 'malformed_json',
      message: /not valid JSON/,
    },
    {
      name: 'a form-encoded body',
      send: () => fetch(server.baseURL + ENDPOINT, { method: 'POST', body: new URLSearchParams({ email: 'ann@example.com' }) }),
      status: 415,
      code: 'unsupported_media_type',
      message: /application\/json/,
    },
    {
      name: 'JSON sent as text/plain',
      send: () =>
        fetch(server.baseURL + ENDPOINT, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '{"email":"ann@example.com"}',
        }),
      status: 415,
      code: 'unsupported_media_type',
      message: /application\/json/,
    },
    {
      name: 'a 300-character email',
      send: () =>
        postLead(server.baseURL, {
          email: `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(54)}.com`,
        }),
      status: 400,
      code: 'email_too_long',
      message: /at most 254 characters/,
    },
    {
      name: 'a 65-character local part',
      send: () => postLead(server.baseURL, { email: `${longLocal}@example.com` }),
      status: 400,
      code: 'email_local_part_too_long',
      message: /before the @ has at most 64/,
    },
    {
      name: 'unicode',
      send: () => postLead(server.baseURL, { email: 'jürgen@bücher.example' }),
      status: 400,
      code: 'email_invalid',
      message: /name@example\.com/,
    },
    {
      name: 'an emoji',
      send: () => postLead(server.baseURL, { email: '😀@example.com' }),
      status: 400,
      code: 'email_invalid',
      message: /name@example\.com/,
    },
    {
      name: 'double quotes',
      send: () => postLead(server.baseURL, { email: '"ann"@example.com' }),
      status: 400,
      code: 'email_invalid',
      message: /name@example\.com/,
    },
    {
      name: 'an SQL-like string',
      send: () => postLead(server.baseURL, { email: "x'; DROP TABLE leads; --@example.com" }),
      status: 400,
      code: 'email_invalid',
      message: /name@example\.com/,
    },
    {
      name: 'SQL in page',
      send: () => postLead(server.baseURL, { email: 'ann@example.com', page: "/' OR 1=1 --" }),
      status: 400,
      code: 'invalid_page',
      message: /page must be a path/,
    },
    {
      name: 'an escaped NUL byte',
      send: () => postLead(server.baseURL, { email: 'ann\u0000@example.com' }),
      status: 400,
      code: 'email_invalid',
      message: /name@example\.com/,
    },
    {
      name: 'a raw NUL byte',
      send: () => postLead(server.baseURL, '{"email": "ann\u0000@example.com"}'),
      status: 400,
      code: 'malformed_json',
      message: /not valid JSON/,
    },
    {
      name: 'no domain dot',
      send: () => postLead(server.baseURL, { email: 'ann@localhost' }),
      status: 400,
      code: 'email_domain_incomplete',
      message: /needs a dot/,
    },
    {
      name: 'an empty email',
      send: () => postLead(server.baseURL, { email: '' }),
      status: 400,
      code: 'email_required',
      message: /Enter an email/,
    },
    {
      name: 'a bad placement',
      send: () => postLead(server.baseURL, { email: 'ann@example.com', placement: '<script>' }),
      status: 400,
      code: 'invalid_placement',
      message: /lowercase letters/,
    },
    {
      name: 'a bad Idempotency-Key',
      send: () => postLead(server.baseURL, { email: 'ann@example.com' }, { 'idempotency-key': 'has spaces in it' }),
      status: 400,
      code: 'invalid_idempotency_key',
      message: /visible ASCII/,
    },
    {
      name: '__proto__ in the body',
      send: () => postLead(server.baseURL, '{"__proto__": {"admin": true}, "email": "not an email"}'),
      status: 400,
      code: 'email_invalid',
      message: /name@example\.com/,
    },
  ];

  it.each(cases)('$name: $status $code, with a message, and nothing stored', async ({ send, status, code, message }) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(message);
    expect(leadRows()).toBe(0);
    expect(submissionRows()).toBe(0);
  });

  it('keeps serving after all of them', async () => {
    const response = await postLead(server.baseURL, { email: 'after-bad-input@example.com' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(queryDb(dbPath, 'SELECT email FROM leads')).toEqual([{ email: 'after-bad-input@example.com' }]);
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const response = await fetch(server.baseURL + ENDPOINT);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('storage', () => {
  it('stores a valid address with quotes and SQL-looking characters verbatim', async () => {
    const email = "o'neil+{drop}@example.com";
    expect((await postLead(server.baseURL, { email, page: '/solutions/insurance', placement: 'industry-drawer' })).status).toBe(200);
    const [row] = queryDb<Record<string, unknown>>(dbPath, 'SELECT * FROM leads WHERE email_normalized = ?', email);
    expect(row).toMatchObject({ email, first_page: '/solutions/insurance', first_placement: 'industry-drawer', submission_count: 1 });
    expect(row.last_user_agent).toBeTruthy();
  });

  it('replays a repeated Idempotency-Key: five sends, one row, one submission', async () => {
    const key = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const response = await postLead(
        server.baseURL,
        { email: 'idem@example.com', placement: 'footer', page: '/' },
        { 'idempotency-key': key },
      );
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers).toEqual(Array(5).fill({ status: 200, body: { ok: true } }));
    expect(queryDb(dbPath, 'SELECT submission_count FROM leads WHERE email_normalized = ?', 'idem@example.com')).toEqual([
      { submission_count: 1 },
    ]);
    expect(queryDb(dbPath, 'SELECT idempotency_key FROM submissions WHERE email = ?', 'idem@example.com')).toEqual([
      { idempotency_key: key },
    ]);
  });

  it('replays concurrent sends of one key as one submission', async () => {
    const key = crypto.randomUUID();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        postLead(server.baseURL, { email: 'race@example.com' }, { 'idempotency-key': key }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    expect(queryDb(dbPath, 'SELECT COUNT(*) AS n FROM submissions WHERE idempotency_key = ?', key)).toEqual([{ n: 1 }]);
  });

  it('refuses a key reused for another email', async () => {
    const key = crypto.randomUUID();
    expect((await postLead(server.baseURL, { email: 'first@example.com' }, { 'idempotency-key': key })).status).toBe(200);
    const response = await postLead(server.baseURL, { email: 'second@example.com' }, { 'idempotency-key': key });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    expect(queryDb(dbPath, 'SELECT COUNT(*) AS n FROM leads WHERE email_normalized = ?', 'second@example.com')).toEqual([{ n: 0 }]);
  });

  it('counts the same email with new keys (any case) as touches of one lead, with the same answer', async () => {
    const sends = [
      { email: 'Repeat@Example.com', page: '/', placement: 'footer' },
      { email: 'repeat@example.com', page: '/story', placement: 'exit-dialog' },
      { email: 'REPEAT@EXAMPLE.COM', page: '/solutions/healthcare', placement: 'industry-drawer' },
    ];
    const answers = [];
    for (const body of sends) {
      const response = await postLead(server.baseURL, body, { 'idempotency-key': crypto.randomUUID() });
      answers.push({ status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.text() });
    }
    // Nothing in the answer tells a known address from a new one.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const rows = queryDb<Record<string, unknown>>(dbPath, 'SELECT * FROM leads WHERE email_normalized = ?', 'repeat@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'Repeat@Example.com',
      submission_count: 3,
      first_page: '/',
      first_placement: 'footer',
      last_page: '/solutions/healthcare',
      last_placement: 'industry-drawer',
    });
    expect(rows[0].last_seen! >= rows[0].first_seen!).toBe(true);
    expect(queryDb(dbPath, 'SELECT COUNT(*) AS n FROM submissions WHERE lower(email) = ?', 'repeat@example.com')).toEqual([{ n: 3 }]);
  });

  it('accepts submissions without an Idempotency-Key (other clients), counting each', async () => {
    await postLead(server.baseURL, { email: 'nokey@example.com' });
    await postLead(server.baseURL, { email: 'nokey@example.com' });
    expect(queryDb(dbPath, 'SELECT submission_count FROM leads WHERE email_normalized = ?', 'nokey@example.com')).toEqual([
      { submission_count: 2 },
    ]);
  });
});

describe('CORS', () => {
  it('answers a preflight from a configured origin', async () => {
    const response = await fetch(server.baseURL + ENDPOINT, {
      method: 'OPTIONS',
      headers: {
        origin: CORS_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe(CORS_ORIGIN);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('grants nothing to any other origin', async () => {
    const preflight = await fetch(server.baseURL + ENDPOINT, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const post = await postLead(server.baseURL, { email: 'cors@example.com' }, { origin: 'https://evil.example' });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS headers at all when no origin is configured', async () => {
    const plain = await startInProcess({ leadsDb: ':memory:' });
    try {
      const response = await postLead(plain.baseURL, { email: 'ann@example.com' }, { origin: CORS_ORIGIN });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and a JSON error once an address exceeds the limit, and stores nothing more', async () => {
    const limitedDb = join(tempDir('leads-rate'), 'leads.db');
    const limited = await startInProcess({ leadsDb: limitedDb, rateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await postLead(limited.baseURL, { email: `rate${i}@example.com` })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const response = await postLead(limited.baseURL, { email: 'rate9@example.com' });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/try again in \d+ seconds/) });
      // The site itself is not rate limited.
      expect((await fetch(limited.baseURL + '/')).status).toBe(200);
    } finally {
      await limited.close();
    }
    expect(queryDb(limitedDb, 'SELECT COUNT(*) AS n FROM leads')).toEqual([{ n: 3 }]);
  });
});
