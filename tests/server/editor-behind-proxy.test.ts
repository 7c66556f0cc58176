/**
 * The hosted editor behind a reverse proxy (EDITOR_TRUST_PROXY), started as `npm run editor` starts it: without the
 * setting X-Forwarded-For is ignored (every sign-in is the proxy's); with it the sign-in limit counts the client the
 * proxy saw, so one address failing 25 times leaves everyone else signing in; trusting everyone is refused at start,
 * as the lead server refuses TRUST_PROXY=true. Then through a real nginx set up as docs/editor-server.md says:
 * sign-in, cookies and sign-out work, and a client forging X-Forwarded-For is still counted by its own address.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startEditor, type StartedEditor } from '../../src/editor/host/start';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PASSWORD, PEOPLE, prepareEditorHost, smallSite } from '../../test-support/editor-host';
import { querySqlite } from './databases';
import { cleanEnv, ROOT, waitFor } from './helpers';
import { requestFrom, startNginx, type NginxProxy } from './nginx-proxy';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length > 0) await stops.pop()!();
});

/**
 * A host on the small site with cheaply hashed passwords: these tests count sign-ins (over a hundred, each a scrypt
 * check) and never open a page, so neither the real site nor the real cost has anything to do with what they check.
 */
const host = (prefix: string) => prepareEditorHost(prefix, { content: smallSite(), passwordCost: CHEAP_PASSWORDS });
const startOn = (env: NodeJS.ProcessEnv) => startEditor(env, { logger: false, passwordCost: CHEAP_PASSWORDS });

async function editorWith(settings: NodeJS.ProcessEnv, prefix = 'editor-proxy') {
  const prepared = await host(prefix);
  const env = { ...prepared.env, ...settings };
  const editor = await startOn(env);
  stops.push(() => editor.close());
  return { prepared, env, editor };
}

/** A sign-in as a browser sends it, with the X-Forwarded-For a proxy in front would add. */
function signInFrom(editor: StartedEditor, origin: string, forwardedFor: string, email: string, password: string) {
  return fetch(`${editor.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password }),
  });
}

describe('the editor behind a reverse proxy', () => {
  it('without EDITOR_TRUST_PROXY ignores X-Forwarded-For: failures sent with 20 different ones all count as the peer', async () => {
    const { prepared, editor } = await editorWith({});
    for (let i = 0; i < 20; i++) {
      const answer = await signInFrom(editor, prepared.origin, `198.51.100.${i}`, `nobody-${i}@example.com`, 'a guess');
      expect(answer.status, `attempt ${i + 1}`).toBe(i < 19 ? 401 : 429);
    }
    // Another "client" by its header, with the right password: the same peer, refused.
    const refused = await signInFrom(editor, prepared.origin, '203.0.113.5', PEOPLE.editor.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many sign-in attempts from your network address; try again in 15 minutes.',
    );
    const counted = querySqlite<{ address: string }>(prepared.env.LEADS_DB!, 'SELECT DISTINCT address FROM editor_sign_in_attempts');
    expect(counted).toEqual([{ address: '127.0.0.1' }]);
  });

  it('with EDITOR_TRUST_PROXY=127.0.0.1, 25 failures from one client leave everyone else signing in', async () => {
    const { prepared, editor } = await editorWith({ EDITOR_TRUST_PROXY: '127.0.0.1' });
    const statuses = [];
    for (let i = 0; i < 25; i++) {
      // On the people's own accounts too (each at most 4 times, so none is refused for them by its account limit).
      const email = i < 16 ? Object.values(PEOPLE)[i % 4].email : `nobody-${i}@example.com`;
      statuses.push((await signInFrom(editor, prepared.origin, '198.51.100.66', email, 'a guess')).status);
    }
    expect(statuses).toEqual([...Array(19).fill(401), ...Array(6).fill(429)]);
    expect((await signInFrom(editor, prepared.origin, '198.51.100.66', PEOPLE.editor.email, PASSWORD)).status).toBe(429);
    for (const [i, person] of Object.values(PEOPLE).entries()) {
      const answer = await signInFrom(editor, prepared.origin, `203.0.113.${i + 1}`, person.email, PASSWORD);
      expect(answer.status, person.email).toBe(200);
    }
  });

  it('refuses EDITOR_TRUST_PROXY=true, and trusting everyone in its other forms, before it touches anything', async () => {
    const prepared = await host('editor-trust-all');
    for (const value of ['true', '0.0.0.0/1,128.0.0.0/1', '::ffff:0:0/96']) {
      const refused = await startOn({ ...prepared.env, EDITOR_TRUST_PROXY: value }).then(
        async (editor) => {
          await editor.close();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(refused, value).toMatch(/^EDITOR_TRUST_PROXY(=true|: .*) would (trust any client's own X-Forwarded-For|let clients choose)/);
    }
    // Its data folder was never made: nothing was cloned or repaired.
    expect(existsSync(prepared.dataDir)).toBe(false);
  });

  it('npm run editor exits 1 naming EDITOR_TRUST_PROXY=true, as npm start does for TRUST_PROXY=true', async () => {
    const prepared = await host('editor-trust-all-process');
    const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], {
      cwd: ROOT,
      env: { ...cleanEnv(), ...prepared.env, EDITOR_TRUST_PROXY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // An editor that started anyway is stopped with the test, whatever the test found.
    stops.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    // It exits, or it says it listens (then it took the setting: the test fails at once rather than waiting).
    await waitFor('the editor to exit or listen', () => child.exitCode !== null || /Server listening/.test(output), 180_000);
    expect(child.exitCode).toBe(1);
    expect(output).toContain("EDITOR_TRUST_PROXY=true would trust any client's own X-Forwarded-For and defeat the rate limit");
    expect(existsSync(prepared.dataDir)).toBe(false);
  });
});

describe('the editor behind a real nginx', () => {
  async function editorBehindNginx() {
    const prepared = await host('editor-nginx');
    const nginx: NginxProxy = await startNginx(Number(prepared.env.EDITOR_PORT));
    stops.push(() => nginx.stop());
    // People open nginx's address: it is the editor's origin. nginx connects from 127.0.0.1, the one proxy trusted.
    const editor = await startOn({ ...prepared.env, EDITOR_ORIGIN: nginx.url, EDITOR_TRUST_PROXY: '127.0.0.1' });
    stops.push(() => editor.close());
    const from = (address: string) => ({
      signIn: (email: string, password = PASSWORD, forged?: string) =>
        requestFrom(address, `${nginx.url}/api/session`, {
          method: 'POST',
          body: { email, password },
          headers: { origin: nginx.url, ...(forged ? { 'x-forwarded-for': forged } : {}) },
        }),
      call: (method: string, path: string, headers: Record<string, string>) =>
        requestFrom(address, `${nginx.url}${path}`, { method, headers: { origin: nginx.url, ...headers } }),
    });
    return { prepared, nginx, from };
  }

  it('signs in, keeps the session by its cookie, and signs out through nginx', async () => {
    const { nginx, from } = await editorBehindNginx();
    const ana = from('127.0.0.7');
    const signedIn = await ana.signIn(PEOPLE.editor.email);
    expect(signedIn.status).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^reachwell_editor=[A-Za-z0-9_-]{43}$/);
    const csrf = signedIn.json.csrfToken as string;
    const who = await ana.call('GET', '/api/session', { cookie });
    expect([who.status, who.json.email]).toEqual([200, PEOPLE.editor.email]);
    // The editor's own pages and API, through nginx, with the session: the change-set list.
    const { call } = editorClient(nginx.url);
    expect((await call('GET', '/api/changes', { session: { cookie, csrf } })).status).toBe(200);
    expect((await ana.call('DELETE', '/api/session', { cookie, 'x-csrf-token': csrf })).status).toBe(204);
    expect((await ana.call('GET', '/api/session', { cookie })).status).toBe(401);
    expect(nginx.output()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });

  it('counts the client nginx saw: 25 failures from one address, forged X-Forwarded-For and all, leave everyone else signing in', async () => {
    const { prepared, from } = await editorBehindNginx();
    const attacker = from('127.0.0.66');
    const statuses = [];
    for (let i = 0; i < 25; i++) {
      // A new address of its own choosing in every request: nginx appends the real one after it.
      statuses.push((await attacker.signIn(`nobody-${i}@example.com`, 'a guess', `198.51.100.${i}`)).status);
    }
    expect(statuses).toEqual([...Array(19).fill(401), ...Array(6).fill(429)]);
    expect((await attacker.signIn(PEOPLE.editor.email, PASSWORD, '203.0.113.200')).status).toBe(429);
    const counted = querySqlite<{ address: string }>(prepared.env.LEADS_DB!, 'SELECT DISTINCT address FROM editor_sign_in_attempts');
    expect(counted).toEqual([{ address: '127.0.0.66' }]);

    for (const [i, person] of Object.values(PEOPLE).entries()) {
      const answer = await from(`127.0.0.${i + 10}`).signIn(person.email);
      expect(answer.status, person.email).toBe(200);
    }
  });
});
