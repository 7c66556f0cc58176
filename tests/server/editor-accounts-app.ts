/**
 * An editor server as the hosted editor will have one, for the sign-in tests: Fastify with the accounts plugin
 * (src/editor/host/accounts/plugin.ts), a clock the test moves, the delays of slowed sign-ins recorded instead of
 * waited, and a few endpoints standing for the real ones, each declaring what it needs. It trusts the test as its
 * reverse proxy (EDITOR_TRUST_PROXY=127.0.0.1, parsed as the editor parses it), so a client's address is the one the
 * test sends in X-Forwarded-For. A tiny client keeps the cookie and the CSRF token as a browser and the editor app would.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { PLUGIN_SETUP_DEADLINE_MS } from '../../server/plugin-deadline';
import { fastifyTrustProxy, parseTrustProxy } from '../../server/trust-proxy';
import { Accounts } from '../../src/editor/host/accounts/accounts';
import { openAccountStore } from '../../src/editor/host/accounts/open-account-store';
import { editorAccounts, type EditorAccountsOptions } from '../../src/editor/host/accounts/plugin';
import { signedIn } from '../../src/editor/host/accounts/request-session';
import type { Role } from '../../src/editor/host/accounts/roles';
import { SESSION_ROUTE } from '../../src/editor/host/accounts/session-routes';
import type { AccountStore } from '../../src/editor/host/accounts/store';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { freshDatabase, type Backend, type TestDatabase } from './databases';

export const PASSWORD = 'correct horse battery staple';
export const ORIGIN = 'http://editor.test';

export class TestClock {
  private time = new Date('2030-06-01T09:00:00.000Z').getTime();
  now = () => new Date(this.time);
  advance(ms: number) {
    this.time += ms;
  }
}

export interface EditorTestServer {
  app: FastifyInstance;
  baseURL: string;
  store: AccountStore;
  database: TestDatabase;
  clock: TestClock;
  accounts: Accounts;
  /** The delay of each slowed sign-in, in order (ms): recorded, not waited. */
  delays: number[];
  addUser(email: string, role: Role): Promise<void>;
  close(): Promise<void>;
}

export async function startEditorServer(backend: Backend, options: Partial<EditorAccountsOptions> = {}): Promise<EditorTestServer> {
  const database = await freshDatabase(backend);
  const store = await openAccountStore({ databaseUrl: database.location.databaseUrl, leadsDb: database.location.leadsDb ?? '' });
  const clock = new TestClock();
  const delays: number[] = [];
  const passwordCost = options.passwordCost ?? CHEAP_PASSWORDS;
  // The test is the proxy on the loopback: it speaks for clients at several addresses through X-Forwarded-For.
  const app = Fastify({
    trustProxy: fastifyTrustProxy(parseTrustProxy('127.0.0.1', 'EDITOR_TRUST_PROXY')),
    pluginTimeout: PLUGIN_SETUP_DEADLINE_MS,
  });
  await app.register(editorAccounts, {
    store,
    origins: [ORIGIN],
    secureCookies: false,
    now: clock.now,
    signInDelay: async (ms) => void delays.push(ms),
    ...options,
    passwordCost,
  });
  app.get('/api/pages', { config: { access: 'read' } }, async (request) => ({ pages: ['/'], by: signedIn(request).user.email }));
  app.post('/api/pages', { config: { access: 'edit-structure' } }, async () => ({ saved: true }));
  app.post('/api/translations', { config: { access: 'edit-translations' } }, async () => ({ saved: true }));
  app.post('/api/change-sets/1/publish', { config: { access: 'publish' } }, async () => ({ published: true }));
  app.get('/', async () => 'the editor app, for anyone');
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  const accounts = new Accounts(store, clock.now, passwordCost);
  return {
    app,
    baseURL,
    store,
    database,
    clock,
    accounts,
    delays,
    addUser: async (email, role) => void (await accounts.add({ email, role, password: PASSWORD })),
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A browser on the editor's page: keeps the session cookie, sends Origin, and the CSRF token once it has one. */
export class EditorClient {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(
    private readonly baseURL: string,
    private readonly address = '192.0.2.10',
  ) {}

  async request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': this.address, ...options.headers };
    if (this.cookie) headers.cookie = `reachwell_editor=${this.cookie}`;
    if (this.csrfToken && !('x-csrf-token' in headers)) headers['x-csrf-token'] = this.csrfToken;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(this.baseURL + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const setCookie = response.headers.get('set-cookie');
    const match = setCookie && /^reachwell_editor=([^;]*)/.exec(setCookie);
    if (match) this.cookie = match[1] || undefined;
    const text = await response.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (typeof body.csrfToken === 'string') this.csrfToken = body.csrfToken;
    return { status: response.status, headers: response.headers, body };
  }

  signIn(email: string, password = PASSWORD): Promise<Answer> {
    return this.request('POST', SESSION_ROUTE, { body: { email, password } });
  }
}
