/**
 * The hosted editor as its tests meet it: a git repository holding the whole site's content (the team's, EDITOR_REPO)
 * with a bare remote (EDITOR_GIT_REMOTE), the editor's data folder, an SQLite file for the accounts, people with
 * each role, the editor's bundles (made once per version of the code), and the server started on a free port with a
 * clock the test can move. The accounts are made once per version of their code and copied (prepared-host-cache.ts).
 * For tests/server/editor-host.test.ts and tests/browser/editor-host.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts, type NewAccount } from '../src/editor/host/accounts/accounts';
import { SqliteAccountStore } from '../src/editor/host/accounts/sqlite-account-store';
import type { ScryptCost } from '../src/editor/host/accounts/passwords';
import type { Role } from '../src/editor/host/accounts/roles';
import { startEditor, type StartedEditor } from '../src/editor/host/start';
import { editorBundlesOfThisCode } from './editor-bundles-cache';
import { freePort } from './free-port';
import { copyPrepared } from './prepared-host-cache';
import { storySite } from './synthetic-site';

/** The largest document and draft the editor takes (for the bench's largest draft). */
export { DOCUMENT_LIMITS } from '../src/editor/host/workspace';

const ROOT = join(import.meta.dirname, '..');
export const PASSWORD = 'correct horse battery staple';

export const PEOPLE = {
  editor: { name: 'Ana Lima', email: 'ana@reachwell.example', role: 'editor' },
  translator: { name: 'Tomás Ruiz', email: 'tomas@reachwell.example', role: 'translator' },
  reviewer: { name: 'Rita Review', email: 'rita@reachwell.example', role: 'reviewer' },
  admin: { name: 'Ada Admin', email: 'ada@reachwell.example', role: 'admin' },
} as const satisfies Record<string, { name: string; email: string; role: Role }>;

/** Who a commit made by a test's own git (as a developer would) is by. */
export const DEV_GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Dev',
  GIT_AUTHOR_EMAIL: 'dev@reachwell.example',
  GIT_COMMITTER_NAME: 'Dev',
  GIT_COMMITTER_EMAIL: 'dev@reachwell.example',
};

const run = (cwd: string, args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...DEV_GIT_IDENTITY } });

export interface EditorHost extends PreparedHost {
  editor: StartedEditor;
  /** The server's clock: moves with `advance`. */
  advance: (ms: number) => void;
  /** Runs git in the bare remote (or any folder). */
  git: (cwd: string, args: string[]) => string;
  stop: () => Promise<void>;
}

/** The editor's bundles, made once per version of the code for every test file (test-support/editor-bundles-cache.ts). */
let bundles: Promise<string> | undefined;
const editorBundles = () => (bundles ??= editorBundlesOfThisCode());

/** What an editor host needs before it starts: the repositories, the accounts, its folders, its port and settings. */
export interface PreparedHost {
  root: string;
  origin: string;
  checkout: string;
  remote: string;
  dataDir: string;
  releasesDir: string;
  /** The editor's settings (EDITOR_*, LEADS_DB), as `npm run editor` reads them. */
  env: NodeJS.ProcessEnv;
  /** The cost the accounts' passwords were hashed at, for startEditor's `passwordCost` (undefined: the real one). */
  passwordCost?: ScryptCost;
}

interface HostOptions {
  extraPeople?: number;
  /** More accounts (with languages, say), with the same password. */
  accounts?: Omit<NewAccount, 'password'>[];
  releases?: boolean;
  /** More settings (EDITOR_OPEN_WORKSPACES, ...). */
  env?: NodeJS.ProcessEnv;
  /**
   * The content folder the site's repository starts from: the real site's (pages-json/) unless given, or the small
   * site of synthetic-site.ts's `storySite` made for this host. A test about the editor rather than the site asks for
   * the small one: every save and publish validates the whole site and each review renders its pages, which for the
   * real one (160 pages in 5 languages) is over a second of CPU each.
   */
  content?: string | SmallSite;
  /** The accounts' passwords hashed at this cost (test-support/cheap-passwords.ts) instead of the real one. */
  passwordCost?: ScryptCost;
}

/** storySite's small site: the real story page and these real files (`also`), in the real languages if asked. */
interface SmallSite {
  also?: string[];
  languages?: boolean;
}

/** The `content` of a host on storySite's small site (see HostOptions.content). */
export const smallSite = (site: SmallSite = {}): SmallSite => site;

const contentFolder = (root: string, content: HostOptions['content']) =>
  typeof content === 'object' ? storySite(6, join(root, 'site'), content.also, { languages: content.languages }) : content;

export async function prepareEditorHost(prefix: string, options: HostOptions = {}): Promise<PreparedHost> {
  const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const { extraPeople = 0, accounts: moreAccounts = [], passwordCost } = options;
  const checkout = join(root, 'checkout');
  mkdirSync(checkout);
  run(checkout, ['init', '--quiet', '--initial-branch=main']);
  // The site's repository as the team has it: its content and its generated JSON Schemas beside it.
  cpSync(contentFolder(root, options.content) ?? join(ROOT, 'pages-json'), join(checkout, 'pages-json'), { recursive: true });
  cpSync(join(ROOT, 'schemas'), join(checkout, 'schemas'), { recursive: true });
  run(checkout, ['add', '--all']);
  run(checkout, ['commit', '--quiet', '--message', 'The site']);
  const remote = join(root, 'remote.git');
  run(root, ['clone', '--quiet', '--bare', checkout, remote]);

  // The accounts, made once per version of the accounts' code and the people asked for, and copied
  // (test-support/prepared-host-cache.ts): each password's scrypt hash is most of a preparation's time.
  await copyPrepared(root, { PEOPLE, extraPeople, moreAccounts, passwordCost }, async (dir) => {
    const store = new SqliteAccountStore(join(dir, 'leads.db'));
    const accounts = new Accounts(store, undefined, passwordCost);
    for (const person of Object.values(PEOPLE)) await accounts.add({ ...person, password: PASSWORD });
    for (let i = 1; i <= extraPeople; i++) {
      await accounts.add({ name: `Person ${i}`, email: `person${i}@reachwell.example`, role: 'editor', password: PASSWORD });
    }
    for (const account of moreAccounts) await accounts.add({ ...account, password: PASSWORD });
    await store.close();
  });
  const leadsDb = join(root, 'leads.db');

  const dataDir = join(root, 'editor-data');
  const releasesDir = join(root, 'releases');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    EDITOR_PORT: String(port),
    EDITOR_ORIGIN: origin,
    EDITOR_REPO: checkout,
    EDITOR_DATA_DIR: dataDir,
    EDITOR_GIT_REMOTE: remote,
    EDITOR_BUILD_DIR: await editorBundles(),
    LEADS_DB: leadsDb,
    DATABASE_URL: '',
    ...(options.releases ? { EDITOR_RELEASES_DIR: releasesDir } : {}),
    ...options.env,
  };
  return { root, origin, checkout, remote, dataDir, releasesDir, env, passwordCost };
}

/** The editor server started in this process (its routes and clock at hand). */
export async function startEditorHost(prefix: string, options: HostOptions = {}): Promise<EditorHost> {
  const prepared = await prepareEditorHost(prefix, options);
  let offset = 0;
  // A route that answers twice (a second reply.send), or fails after its answer went out, only has Fastify log it
  // (a warning, an error), the first answer having gone: kept here, and the test file fails when its host stops.
  const answeredTwice: string[] = [];
  const editor = await startEditor(prepared.env, {
    logger: {
      level: 'warn',
      stream: {
        write: (line: string) => {
          if (line.includes('FST_ERR_REP_ALREADY_SENT') || line.includes('reply.sent = true')) {
            const { msg, req, err } = JSON.parse(line) as { msg: string; req?: { url?: string }; err?: { message?: string } };
            answeredTwice.push([...new Set([msg, req?.url, err?.message].filter(Boolean))].join(': '));
          }
        },
      },
    },
    now: () => new Date(Date.now() + offset),
    passwordCost: prepared.passwordCost,
  });
  return {
    ...prepared,
    editor,
    advance: (ms) => (offset += ms),
    git: run,
    stop: async () => {
      await editor.close();
      if (answeredTwice.length)
        throw new Error(`The editor answered a request twice, or failed after answering:\n${answeredTwice.join('\n')}`);
    },
  };
}

/** A signed-in person as a client: the session cookie and the CSRF token their changes carry. */
export interface EditorSession {
  cookie: string;
  csrf: string;
}

export interface CallOptions {
  session?: EditorSession;
  body?: unknown;
  /** Send the session's CSRF token (a change without it is refused). */
  csrf?: boolean;
  /** The Origin header: the editor's own unless given. */
  origin?: string;
  accept?: string;
}

/** The editor's HTTP API as the browser app calls it, for tests and benchmarks: sign in, then call routes. */
export function editorClient(origin: string) {
  const signIn = async (email: string, password = PASSWORD): Promise<EditorSession> => {
    const response = await fetch(`${origin}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`signing in ${email} answered ${response.status}`);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return { cookie: response.headers.getSetCookie()[0].split(';')[0], csrf: csrfToken };
  };
  /** The answer whatever its status: its JSON (empty for an HTML page or a script), its text and headers. */
  const call = async (method: string, path: string, { session, body, csrf = true, origin: from = origin, accept }: CallOptions = {}) => {
    const headers: Record<string, string> = { origin: from };
    if (session) headers.cookie = session.cookie;
    if (session && csrf) headers['x-csrf-token'] = session.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (accept) headers.accept = accept;
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An HTML page or a script.
    }
    return { status: response.status, json, text, headers: response.headers };
  };
  return { signIn, call };
}
