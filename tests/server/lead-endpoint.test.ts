/**
 * The lead endpoint's contract against the real server and a real database, on
 * both back ends (SQLite and PostgreSQL): bad input, idempotency, repeated emails,
 * rate limit. Then what does not depend on the store: methods, CORS, caching.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateKey } from '../../server/lead-request';
import { BACKENDS, freshDatabase, type TestDatabase } from './databases';
import { ENDPOINT, postLead, startInProcess } from './helpers';

const CORS_ORIGIN = 'https://partner.example';

describe.each(BACKENDS)('on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startInProcess>>;
  let db: TestDatabase;

  const count = async (sql: string, ...params: unknown[]) => (await db.query<{ n: number }>(sql, ...params))[0].n;
  const leadRows = () => count('SELECT COUNT(*) AS n FROM leads');
  const submissionRows = () => count('SELECT COUNT(*) AS n FROM submissions');

  beforeAll(async () => {
    db = await freshDatabase(backend);
    server = await startInProcess({ ...db.location, rateLimit: { max: 10_000, timeWindowMs: 60_000 } });
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
        name: 'an unknown Content-Encoding (zstd)',
        send: () => postLead(server.baseURL, { email: 'ann@example.com' }, { 'content-encoding': 'zstd' }),
        status: 415,
        code: 'unsupported_content_encoding',
        message: /uncompressed/,
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
        name: 'a locale that is not a language tag',
        send: () => postLead(server.baseURL, { email: 'ann@example.com', locale: 'en_US' }),
        status: 400,
        code: 'invalid_locale',
        message: /^locale must be a language tag such as "es" or "pt-BR"$/,
      },
      {
        name: 'an empty locale',
        send: () => postLead(server.baseURL, { email: 'ann@example.com', locale: '' }),
        status: 400,
        code: 'invalid_locale',
        message: /locale must be a language tag/,
      },
      {
        name: 'a locale longer than 35 characters',
        send: () => postLead(server.baseURL, { email: 'ann@example.com', locale: 'de-DE-u-co-phonebk-ca-gregory-nu-latn' }),
        status: 400,
        code: 'invalid_locale',
        message: /locale has at most 35 characters/,
      },
      {
        name: 'a number as locale',
        send: () => postLead(server.baseURL, { email: 'ann@example.com', locale: 7 }),
        status: 400,
        code: 'invalid_locale',
        message: /locale must be a string/,
      },
      {
        name: 'a bad Idempotency-Key',
        send: () => postLead(server.baseURL, { email: 'ann@example.com' }, { 'idempotency-key': 'has spaces in it' }),
        status: 400,
        code: 'invalid_idempotency_key',
        message: /visible ASCII/,
      },
      {
        name: 'JSON declared in another charset',
        send: () => postLead(server.baseURL, { email: 'ann@example.com' }, { 'content-type': 'application/json; charset=iso-8859-1' }),
        status: 415,
        code: 'unsupported_charset',
        message: /UTF-8.*not iso-8859-1/,
      },
      {
        name: 'a name given twice',
        send: () => postLead(server.baseURL, '{"email": "ann@example.com", "email": "bob@example.com"}'),
        status: 400,
        code: 'duplicate_key',
        message: /"email" more than once/,
      },
      {
        name: 'a name given twice, once escaped',
        send: () => postLead(server.baseURL, '{"email": "ann@example.com", "\\u0065mail": "bob@example.com"}'),
        status: 400,
        code: 'duplicate_key',
        message: /"email" more than once/,
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
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(message);
      expect(await leadRows()).toBe(0);
      expect(await submissionRows()).toBe(0);
    });

    it('keeps serving after all of them', async () => {
      const response = await postLead(server.baseURL, { email: 'after-bad-input@example.com' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect(await db.query('SELECT email FROM leads')).toEqual([{ email: 'after-bad-input@example.com' }]);
    });
  });

  describe('storage', () => {
    it('stores a valid address with quotes and SQL-looking characters verbatim', async () => {
      const email = "o'neil+{drop}@example.com";
      expect((await postLead(server.baseURL, { email, page: '/solutions/insurance', placement: 'industry-drawer' })).status).toBe(200);
      const [row] = await db.query<Record<string, unknown>>('SELECT * FROM leads WHERE email_normalized = ?', email);
      expect(row).toMatchObject({ email, first_page: '/solutions/insurance', first_placement: 'industry-drawer', submission_count: 1 });
      expect(row.last_user_agent).toBeTruthy();
    });

    it('stores the locale in its canonical form, with the submission and as the first and last of the lead', async () => {
      const email = 'locale@example.com';
      for (const locale of ['pt-br', 'ES', undefined]) {
        expect((await postLead(server.baseURL, { email, page: '/', placement: 'footer', locale })).status).toBe(200);
      }
      expect(await db.query('SELECT locale FROM submissions WHERE email = ? ORDER BY id', email)).toEqual([
        { locale: 'pt-BR' },
        { locale: 'es' },
        { locale: null },
      ]);
      // As with page and placement: the last touch's value, null when it sent none.
      expect(await db.query('SELECT first_locale, last_locale FROM leads WHERE email_normalized = ?', email)).toEqual([
        { first_locale: 'pt-BR', last_locale: null },
      ]);
    });

    it('stores a User-Agent sent in UTF-8 as written, and one in Latin-1 as Latin-1', async () => {
      const agents: [string, string, BufferEncoding][] = [
        ['ua-utf8@example.com', 'ReachwellApp/2.1 (Pixel Ünïcødé 😀)', 'utf8'],
        ['ua-latin1@example.com', 'Navigateur/1.0 (Système)', 'latin1'],
      ];
      for (const [email, agent, encoding] of agents) {
        expect(await postWithUserAgentBytes(server.baseURL, email, Buffer.from(agent, encoding))).toBe(200);
        expect(await db.query('SELECT last_user_agent FROM leads WHERE email_normalized = ?', email)).toEqual([{ last_user_agent: agent }]);
      }
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
      expect(await db.query('SELECT submission_count FROM leads WHERE email_normalized = ?', 'idem@example.com')).toEqual([
        { submission_count: 1 },
      ]);
      expect(await db.query('SELECT idempotency_key FROM submissions WHERE email = ?', 'idem@example.com')).toEqual([
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
      expect(await db.query('SELECT COUNT(*) AS n FROM submissions WHERE idempotency_key = ?', key)).toEqual([{ n: 1 }]);
    });

    it('refuses a key reused for another email', async () => {
      const key = crypto.randomUUID();
      expect((await postLead(server.baseURL, { email: 'first@example.com' }, { 'idempotency-key': key })).status).toBe(200);
      const response = await postLead(server.baseURL, { email: 'second@example.com' }, { 'idempotency-key': key });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
      expect(await db.query('SELECT COUNT(*) AS n FROM leads WHERE email_normalized = ?', 'second@example.com')).toEqual([{ n: 0 }]);
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
      const rows = await db.query<Record<string, unknown>>('SELECT * FROM leads WHERE email_normalized = ?', 'repeat@example.com');
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
      expect(await db.query('SELECT COUNT(*) AS n FROM submissions WHERE lower(email) = ?', 'repeat@example.com')).toEqual([{ n: 3 }]);
    });

    it('accepts submissions without an Idempotency-Key (other clients), counting each', async () => {
      await postLead(server.baseURL, { email: 'nokey@example.com' });
      await postLead(server.baseURL, { email: 'nokey@example.com' });
      expect(await db.query('SELECT submission_count FROM leads WHERE email_normalized = ?', 'nokey@example.com')).toEqual([
        { submission_count: 2 },
      ]);
    });
  });

  describe('rate limit', () => {
    it('answers 429 with Retry-After and a JSON error once an address exceeds the limit, and stores nothing more', async () => {
      const limitedDb = await freshDatabase(backend);
      const limited = await startInProcess({ ...limitedDb.location, rateLimit: { max: 3, timeWindowMs: 60_000 } });
      try {
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await postLead(limited.baseURL, { email: `rate${i}@example.com` })).status);
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
        const response = await postLead(limited.baseURL, { email: 'rate9@example.com' });
        expect(response.status).toBe(429);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/try again in \d+ seconds/) });
        // The site itself is not rate limited.
        expect((await fetch(limited.baseURL + '/')).status).toBe(200);
      } finally {
        await limited.close();
      }
      expect(await limitedDb.query('SELECT COUNT(*) AS n FROM leads')).toEqual([{ n: 3 }]);
    });
  });
});

/** A submission whose User-Agent is these bytes (fetch and node:http refuse anything but Latin-1 text); resolves with the status. */
function postWithUserAgentBytes(baseURL: string, email: string, userAgent: Buffer): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  const body = JSON.stringify({ email });
  const head = `POST ${ENDPOINT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\nUser-Agent: `;
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () =>
      socket.write(Buffer.concat([Buffer.from(head), userAgent, Buffer.from(`\r\n\r\n${body}`)])),
    );
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(received.split(' ')[1])));
  });
}

/** Any method, TRACE included (fetch refuses to send it), with the status, headers and body text of the answer. */
function send(baseURL: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = httpRequest(baseURL + ENDPOINT, { method, headers: { ...headers, ...length } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('methods', () => {
  let server: Awaited<ReturnType<typeof startInProcess>>;
  beforeAll(async () => {
    server = await startInProcess();
  });
  afterAll(() => server?.close());

  it.each(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY', 'PROPFIND', 'SEARCH', 'PURGE', 'LINK'])(
    '%s: 405 with Allow: POST, never the HTML page',
    async (method) => {
      // A body the endpoint cannot parse, where the method may have one: the answer is still 405, not 415.
      const response = await send(server.baseURL, method, { 'content-type': 'text/plain' }, method === 'HEAD' ? undefined : 'x');
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (method !== 'HEAD') expect(JSON.parse(response.text)).toMatchObject({ error: { code: 'method_not_allowed' } });
    },
  );

  it('accepts JSON declared as UTF-8, in any spelling', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', 'application/json; charset=utf8']) {
      const response = await postLead(server.baseURL, { email: 'utf8@example.com' }, { 'content-type': contentType });
      expect(response.status, contentType).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('CORS', () => {
  let server: Awaited<ReturnType<typeof startInProcess>>;
  beforeAll(async () => {
    server = await startInProcess({ corsOrigins: [CORS_ORIGIN] });
  });
  afterAll(() => server?.close());

  const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

  it('answers a preflight from a configured origin', async () => {
    const response = await send(server.baseURL, 'OPTIONS', {
      origin: CORS_ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,idempotency-key',
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(CORS_ORIGIN);
    expect(response.headers['access-control-allow-methods']).toBe('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
  });

  it('grants nothing to any other origin: no CORS header at all, and 405 for its preflight', async () => {
    const preflight = await send(server.baseURL, 'OPTIONS', { origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(corsHeaders(preflight.headers)).toEqual([]);
    expect(preflight.status).toBe(405);
    const post = await postLead(server.baseURL, { email: 'cors@example.com' }, { origin: 'https://evil.example' });
    expect(post.status).toBe(200);
    expect([...post.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('sends no CORS headers at all when no origin is configured', async () => {
    const plain = await startInProcess();
    try {
      const response = await postLead(plain.baseURL, { email: 'ann@example.com' }, { origin: CORS_ORIGIN });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await send(plain.baseURL, 'OPTIONS', { origin: CORS_ORIGIN, 'access-control-request-method': 'POST' });
      expect(preflight.status).toBe(405);
      expect(corsHeaders(preflight.headers)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('names given twice in a body', () => {
  it('are found in any object, compared decoded, and never inside a string', () => {
    expect(duplicateKey('{"email": "a@example.com", "page": "/"}')).toBeNull();
    expect(duplicateKey('{"a": {"b": 1, "b": 2}}')).toBe('b');
    expect(duplicateKey('{"a": 1, "\\u0061": 2}')).toBe('a');
    expect(duplicateKey('{"a": [{"b": 1}, {"b": 2}]}')).toBeNull();
    expect(duplicateKey('{"a": "\\"a\\": {\\"a\\"", "b": "a"}')).toBeNull();
    expect(duplicateKey('{"a": {}, "b": {"a": 1}}')).toBeNull();
  });
});
