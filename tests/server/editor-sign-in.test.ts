/**
 * Signing in to the hosted editor over HTTP, on both back ends: a real Fastify server with the accounts plugin
 * (tests/server/editor-accounts-app.ts), a clock the test moves instead of sleeping. What a person and an attacker
 * each get: a wrong password and an unknown email answered alike and as slowly, the limits (behind the test as a
 * trusted proxy: an address refused only for its own failures, an account's owner slowed, never refused) and their
 * words, the cookie's flags, sessions that end (idle, absolute, sign-out, a new sign-in, a password reset), and every endpoint
 * refusing without a session (401), without the role, the CSRF token or the editor's own origin (403).
 */
import Fastify from 'fastify';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../src/editor/host/accounts/sqlite-account-store';
import { DEFAULT_SCRYPT_COST } from '../../src/editor/host/accounts/passwords';
import { editorAccounts } from '../../src/editor/host/accounts/plugin';
import { PLUGIN_SETUP_DEADLINE_MS } from '../../server/plugin-deadline';
import { BACKENDS } from './databases';
import { EditorClient, ORIGIN, PASSWORD, startEditorServer, type EditorTestServer } from './editor-accounts-app';
import { tempDir, waitFor } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const servers: EditorTestServer[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()!.close();
});

async function start(backend: (typeof BACKENDS)[number], options: Parameters<typeof startEditorServer>[1] = {}) {
  const server = await startEditorServer(backend, options);
  servers.push(server);
  return server;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe.each(BACKENDS)('signing in to the editor (%s)', (backend) => {
  it('signs in with the right password: who, role, permissions, a CSRF token, and a strict HttpOnly cookie', async () => {
    const server = await start(backend);
    await server.addUser('Ana@Example.com', 'translator');
    const ana = new EditorClient(server.baseURL);
    const answer = await ana.signIn('ana@example.com');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      email: 'Ana@Example.com',
      name: 'Ana',
      role: 'translator',
      permissions: ['read', 'edit-translations', 'submit', 'comment'],
      languages: [], // none named: every language
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: '2030-06-08T09:00:00.000Z',
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toMatch(
      /^reachwell_editor=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    // The database holds the token's hash, never the token.
    const rows = await server.database.query<{ token_hash: string }>('SELECT token_hash FROM editor_sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(ana.cookie);
    expect((await ana.request('GET', '/api/session')).body).toMatchObject({ email: 'Ana@Example.com', csrfToken: answer.body.csrfToken });
    expect((await ana.request('GET', '/api/pages')).body).toEqual({ pages: ['/'], by: 'Ana@Example.com' });
  });

  it('sets the cookie Secure when the editor is behind HTTPS', async () => {
    const server = await start(backend, { secureCookies: true });
    await server.addUser('ana@example.com', 'editor');
    const answer = await new EditorClient(server.baseURL).signIn('ana@example.com');
    expect(answer.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('answers a wrong password and an unknown email alike, and as slowly', async () => {
    // At the real cost: a cheap hash would take no longer than the lookup, and a missing decoy check would not show.
    const server = await start(backend, { passwordCost: DEFAULT_SCRYPT_COST });
    await server.addUser('ana@example.com', 'editor');
    const timings: Record<'wrong' | 'unknown', number[]> = { wrong: [], unknown: [] };
    for (let i = 0; i < 4; i++) {
      for (const kind of ['wrong', 'unknown'] as const) {
        // Each from its own address and for its own account, so no limit is reached.
        const client = new EditorClient(server.baseURL, `192.0.2.${100 + i}`);
        const before = process.cpuUsage();
        const answer = await client.signIn(kind === 'wrong' ? 'ana@example.com' : `nobody-${i}@example.com`, 'not the password at all');
        const { user, system } = process.cpuUsage(before);
        timings[kind].push(user + system);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ error: 'wrong_email_or_password', message: 'That email and password do not match an account.' });
        expect(answer.headers.get('set-cookie')).toBeNull();
      }
    }
    // A password check is a tenth of a second of scrypt; a lookup alone would be a few milliseconds. Counted in CPU
    // time (the server answers in this process, scrypt on its thread pool included), not on the clock: with other work
    // beside it, a machine's load stretched one kind's answers and not the other's (a CI run with two busy processes).
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) * 0.5);
  });

  it('refuses an address for an account after 5 failures on it from there in 15 minutes, and says for how long', async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const guesser = new EditorClient(server.baseURL, '198.51.100.1');
    for (let i = 1; i <= 4; i++) {
      expect((await guesser.signIn('ana@example.com', 'guess number one')).status).toBe(401);
      server.clock.advance(MINUTE);
    }
    const fifth = await guesser.signIn('ana@example.com', 'guess number five');
    expect(fifth.status).toBe(429);
    // The first failure was 4 minutes ago: it leaves the window in 11.
    expect(fifth.headers.get('retry-after')).toBe('660');
    expect(fifth.body).toEqual({
      error: 'too_many_attempts',
      message: 'Too many sign-in attempts for this account from your network address; try again in 11 minutes.',
    });
    // From that address the right password is refused too, and not checked: no guess gets through.
    const refused = await guesser.signIn('ana@example.com', PASSWORD);
    expect(refused.status).toBe(429);
    expect(guesser.cookie).toBeUndefined();
    // Its other accounts are still open to it (its address is under its own limit of 20).
    expect((await guesser.signIn('bo@example.com', 'a guess')).status).toBe(401);

    server.clock.advance(11 * MINUTE);
    expect((await guesser.signIn('ana@example.com', PASSWORD)).status).toBe(200);
  });

  it("never refuses an account's owner from her own address because of failures from others; it slows her, at most 16 s", async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    // An attacker fails Ana's password from 6 addresses, 5 times each: each address's 5th is refused for it.
    const statuses: number[] = [];
    for (let a = 1; a <= 6; a++) {
      const attacker = new EditorClient(server.baseURL, `198.51.100.${a}`);
      for (let i = 0; i < 5; i++) statuses.push((await attacker.signIn('ana@example.com', `guess ${a}.${i}`)).status);
    }
    expect(statuses).toEqual(Array(6).fill([401, 401, 401, 401, 429]).flat());
    // Past the first 5 failures every attempt on the account waited before its password was checked, growing to 16 s.
    expect(server.delays).toEqual([1000, 2000, 4000, 8000, ...Array(21).fill(16_000)]);

    const ana = new EditorClient(server.baseURL, '203.0.113.7');
    expect((await ana.signIn('ana@example.com')).status).toBe(200);
    expect(server.delays.at(-1)).toBe(16_000);
    expect((await ana.request('GET', '/api/pages')).status).toBe(200);
    // Her sign-in forgave the account's failures: the next attempt is not slowed.
    const delaysBefore = server.delays.length;
    expect((await new EditorClient(server.baseURL, '198.51.100.9').signIn('ana@example.com', 'guess again')).status).toBe(401);
    expect(server.delays.length).toBe(delaysBefore);
  });

  it('counts, refuses and slows an unknown email exactly as a known one: the answers tell nobody which emails have accounts', async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const attack = async (email: string, subnet: number) => {
      const delaysBefore = server.delays.length;
      const answers = [];
      // 5 from one address (its 5th refused, and the 6th), then one each from 3 others (slowed).
      const one = new EditorClient(server.baseURL, `198.51.${subnet}.1`);
      for (let i = 0; i < 6; i++) answers.push(await one.signIn(email, 'guess number one'));
      for (let a = 2; a <= 4; a++)
        answers.push(await new EditorClient(server.baseURL, `198.51.${subnet}.${a}`).signIn(email, 'another guess'));
      return {
        answers: answers.map((answer) => [answer.status, answer.headers.get('retry-after'), answer.body]),
        delays: server.delays.slice(delaysBefore),
      };
    };
    const known = await attack('ana@example.com', 100);
    const unknown = await attack('nobody@example.com', 101);
    expect(unknown).toEqual(known);
    expect(known.answers.map(([status]) => status)).toEqual([401, 401, 401, 401, 429, 429, 401, 401, 401]);
    expect(known.delays).toEqual([1000, 2000, 4000]);
  });

  it('behind a trusted proxy, 25 failures from one client address leave everyone else signing in, the same accounts too', async () => {
    const server = await start(backend);
    for (const email of ['ana@example.com', 'rita@example.com', 'tomas@example.com']) await server.addUser(email, 'editor');
    const attacker = new EditorClient(server.baseURL, '198.51.100.66');
    const statuses = [];
    for (let i = 0; i < 25; i++) {
      const email = i < 6 ? 'ana@example.com' : i < 9 ? 'rita@example.com' : `user-${i}@example.com`;
      statuses.push((await attacker.signIn(email, 'guess number one')).status);
    }
    // Its 5th failure on Ana's account refuses it for her account; its 20th failure kept refuses it for every account.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, ...Array(14).fill(401), ...Array(5).fill(429)]);
    const refused = await attacker.signIn('tomas@example.com', PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many sign-in attempts from your network address; try again in 15 minutes.');

    for (const [email, address] of [
      ['ana@example.com', '198.51.100.67'],
      ['rita@example.com', '203.0.113.5'],
      ['tomas@example.com', '2001:db8::5'],
    ]) {
      const person = new EditorClient(server.baseURL, address);
      expect((await person.signIn(email)).status, email).toBe(200);
      expect((await person.request('GET', '/api/pages')).status, email).toBe(200);
    }
    // Ana's account had 5 failures: her sign-in waited 1 s, no more.
    expect(server.delays).toEqual([1000]);
    // Someone else mistyping from another address gets the ordinary answer, not a refusal.
    expect((await new EditorClient(server.baseURL, '203.0.113.9').signIn('rita@example.com', 'typo')).status).toBe(401);
  });

  it('ends a session unused for 12 hours, and any session 7 days after sign-in however much it is used', async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const ana = new EditorClient(server.baseURL);
    await ana.signIn('ana@example.com');
    server.clock.advance(12 * HOUR - MINUTE);
    expect((await ana.request('GET', '/api/pages')).status).toBe(200);
    // Used a minute before its idle end: it lives another 12 hours from then.
    server.clock.advance(12 * HOUR - MINUTE);
    expect((await ana.request('GET', '/api/pages')).status).toBe(200);
    server.clock.advance(12 * HOUR);
    const idle = await ana.request('GET', '/api/pages');
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({ error: 'sign_in_first', message: 'Your session has ended; sign in again.' });
    expect(idle.headers.get('set-cookie')).toMatch(/^reachwell_editor=; Max-Age=0;/);

    await ana.signIn('ana@example.com');
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      server.clock.advance(6 * HOUR);
      expect((await ana.request('GET', '/api/pages')).status).toBe(200);
    }
    server.clock.advance(6 * HOUR);
    expect((await ana.request('GET', '/api/pages')).status).toBe(401);
  });

  it('deletes ended sessions from the database', async () => {
    const server = await start(backend, { sweepEveryMs: 50 });
    await server.addUser('ana@example.com', 'editor');
    await new EditorClient(server.baseURL).signIn('ana@example.com');
    await new EditorClient(server.baseURL).signIn('ana@example.com');
    expect(await server.database.query('SELECT token_hash FROM editor_sessions')).toHaveLength(2);
    server.clock.advance(13 * HOUR);
    await waitFor(
      'the ended sessions to be deleted',
      async () => (await server.database.query('SELECT token_hash FROM editor_sessions')).length === 0,
    );
  });

  it('gives a new token at every sign-in and ends the one the browser had', async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const ana = new EditorClient(server.baseURL);
    await ana.signIn('ana@example.com');
    const before = { cookie: ana.cookie, csrf: ana.csrfToken };
    await ana.signIn('ana@example.com');
    expect(ana.cookie).not.toBe(before.cookie);
    expect(ana.csrfToken).not.toBe(before.csrf);
    expect((await ana.request('GET', '/api/pages')).status).toBe(200);
    const old = new EditorClient(server.baseURL);
    old.cookie = before.cookie;
    expect((await old.request('GET', '/api/pages')).status).toBe(401);
    expect(await server.database.query('SELECT token_hash FROM editor_sessions')).toHaveLength(1);
  });

  it('signs out: the session ends, the cookie is cleared, and the old token opens nothing', async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const ana = new EditorClient(server.baseURL);
    await ana.signIn('ana@example.com');
    const token = ana.cookie;
    const out = await ana.request('DELETE', '/api/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('reachwell_editor=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
    const replay = new EditorClient(server.baseURL);
    replay.cookie = token;
    expect((await replay.request('GET', '/api/session')).status).toBe(401);
  });

  it('ends every session of a person whose password is reset, and applies a new role at the next request', async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const [laptop, phone] = [new EditorClient(server.baseURL), new EditorClient(server.baseURL)];
    await laptop.signIn('ana@example.com');
    await phone.signIn('ana@example.com');
    expect((await laptop.request('POST', '/api/pages', { body: {} })).status).toBe(200);
    await server.accounts.setRole('ana@example.com', 'translator');
    expect((await laptop.request('POST', '/api/pages', { body: {} })).status).toBe(403);
    expect(await server.accounts.resetPassword('ana@example.com', 'a brand new passphrase')).toBe(2);
    expect((await laptop.request('GET', '/api/pages')).status).toBe(401);
    expect((await phone.request('GET', '/api/pages')).status).toBe(401);
  });

  it('refuses every endpoint without a session (401), unknown ones too, and leaves the public page open', async () => {
    const server = await start(backend);
    const anonymous = new EditorClient(server.baseURL);
    for (const [method, path] of [
      ['GET', '/api/pages'],
      ['POST', '/api/pages'],
      ['POST', '/api/change-sets/1/publish'],
      ['GET', '/api/session'],
      ['DELETE', '/api/session'],
      ['GET', '/api/no-such-endpoint'],
    ]) {
      const answer = await anonymous.request(method, path, method === 'GET' ? {} : { body: {} });
      expect([method, path, answer.status, answer.body]).toEqual([
        method,
        path,
        401,
        { error: 'sign_in_first', message: 'Sign in first.' },
      ]);
    }
    const forged = new EditorClient(server.baseURL);
    forged.cookie = 'A'.repeat(43);
    expect((await forged.request('GET', '/api/pages')).status).toBe(401);
    expect((await fetch(server.baseURL + '/')).status).toBe(200);
  });

  it('refuses a role without the permission (403), naming what is missing', async () => {
    const server = await start(backend);
    await server.addUser('tr@example.com', 'translator');
    await server.addUser('ed@example.com', 'editor');
    const translator = new EditorClient(server.baseURL);
    await translator.signIn('tr@example.com');
    const structure = await translator.request('POST', '/api/pages', { body: {} });
    expect(structure.status).toBe(403);
    expect(structure.body).toEqual({
      error: 'not_allowed',
      message:
        'Your role (translator) may not change pages, collections, templates and the site configuration: this needs the "edit-structure" permission, which the editor, reviewer and admin roles have.',
    });
    expect((await translator.request('POST', '/api/translations', { body: {} })).status).toBe(200);
    const editor = new EditorClient(server.baseURL, '192.0.2.11');
    await editor.signIn('ed@example.com');
    const publish = await editor.request('POST', '/api/change-sets/1/publish', { body: {} });
    expect(publish.status).toBe(403);
    expect(publish.body.message).toContain('"publish" permission, which the reviewer and admin roles have');
  });

  it("refuses a change without the CSRF token, with another session's, or from another origin (403)", async () => {
    const server = await start(backend);
    await server.addUser('ed@example.com', 'editor');
    const editor = new EditorClient(server.baseURL);
    await editor.signIn('ed@example.com');
    const withoutToken = await editor.request('POST', '/api/pages', { body: {}, headers: { 'x-csrf-token': '' } });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body).toMatchObject({ error: 'csrf_refused', message: expect.stringContaining('lacks the X-CSRF-Token header') });
    const wrongToken = await editor.request('POST', '/api/pages', { body: {}, headers: { 'x-csrf-token': 'B'.repeat(43) } });
    expect(wrongToken.status).toBe(403);
    const foreign = await editor.request('POST', '/api/pages', { body: {}, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("Changes are accepted only from the editor's own pages, not from https://evil.example.");
    const crossSite = await editor.request('POST', '/api/pages', { body: {}, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    // Sign-out is a change too: a page elsewhere cannot sign the person out.
    expect((await editor.request('DELETE', '/api/session', { headers: { 'x-csrf-token': '' } })).status).toBe(403);
    // Reads need no token; the same change with it passes.
    expect((await editor.request('GET', '/api/pages', { headers: { 'x-csrf-token': '' } })).status).toBe(200);
    expect((await editor.request('POST', '/api/pages', { body: {} })).status).toBe(200);
  });

  it("takes a sign-in only as JSON from the editor's origin", async () => {
    const server = await start(backend);
    await server.addUser('ana@example.com', 'editor');
    const client = new EditorClient(server.baseURL);
    const form = await client.request('POST', '/api/session', {
      body: `email=ana%40example.com&password=${encodeURIComponent(PASSWORD)}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    expect((await client.request('POST', '/api/session', { body: { email: 'ana@example.com' } })).status).toBe(400);
    const foreign = await client.request('POST', '/api/session', {
      body: { email: 'ana@example.com', password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(client.cookie).toBeUndefined();
  });
});

describe('an endpoint that declares no permission', () => {
  it('stops the server at startup, naming the route', async () => {
    const store = new SqliteAccountStore(join(tempDir('editor-undeclared'), 'leads.db'));
    const app = Fastify({ pluginTimeout: PLUGIN_SETUP_DEADLINE_MS });
    try {
      await app.register(editorAccounts, { store, origins: [ORIGIN], secureCookies: false });
      expect(() => app.get('/api/forgotten', async () => 'open to all')).toThrow(/GET \/api\/forgotten declares no access/);
      expect(() => app.post('/api/typo', { config: { access: 'publsh' as 'publish' } }, async () => 'x')).toThrow(
        /declares access "publsh"/,
      );
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('registered before the plugin (so unseen at startup), is refused at every request, however its path is spelled', async () => {
    const store = new SqliteAccountStore(join(tempDir('editor-too-early'), 'leads.db'));
    const app = Fastify({ pluginTimeout: PLUGIN_SETUP_DEADLINE_MS });
    try {
      app.get('/api/early', async () => 'open to all');
      await app.register(editorAccounts, { store, origins: [ORIGIN], secureCookies: false });
      for (const url of ['/api/early', '/%61pi/early']) {
        const answer = await app.inject({ method: 'GET', url });
        expect([url, answer.statusCode, answer.json()]).toEqual([
          url,
          403,
          { error: 'not_allowed', message: 'This endpoint declares no permission, so it is refused.' },
        ]);
      }
    } finally {
      await app.close();
      await store.close();
    }
  });
});
