/**
 * The editor's account store (src/editor/host/accounts/store.ts) on both back ends, in the leads' own database: one
 * contract suite for SQLite and PostgreSQL; its tables created once however many processes open it at the same
 * moment; and the lead server's migrations untroubled by the editor_ tables, whichever came first.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/editor/host/accounts/open-account-store';
import { DuplicateEmailError, type AccountStore } from '../../src/editor/host/accounts/store';
import { migratePostgres } from '../../server/store/pg-migrate';
import { PG_SCHEMA_VERSION } from '../../server/store/pg-migrations';
import { commandPool } from '../../server/store/pg-store';
import { openSqliteDatabase } from '../../server/store/sqlite-database';
import { SQLITE_SCHEMA_VERSION } from '../../server/store/sqlite-migrations';
import { BACKENDS, createPostgresDatabase, freshDatabase, type TestDatabase } from './databases';
import { tempDir } from './helpers';

const T0 = new Date('2030-03-04T05:06:07.089Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

const stores: AccountStore[] = [];
afterEach(async () => {
  while (stores.length > 0) await stores.pop()!.close();
});

async function open(db: TestDatabase): Promise<AccountStore> {
  const store = await openAccountStore({ databaseUrl: db.location.databaseUrl, leadsDb: db.location.leadsDb ?? '' });
  stores.push(store);
  return store;
}

const user = (email: string, role: 'editor' | 'admin' = 'editor') => ({ email, name: 'Ana Lima', role, passwordHash: '$scrypt$x', at: T0 });

describe.each(BACKENDS)('the account store on %s', (backend) => {
  it('keeps one account per email whatever its case, shows it as typed, and lists them', async () => {
    const store = await open(await freshDatabase(backend));
    const ana = await store.addUser(user('  Ana@Example.com '));
    expect(ana).toEqual({
      id: expect.any(Number),
      email: 'Ana@Example.com',
      name: 'Ana Lima',
      role: 'editor',
      languages: [],
      createdAt: T0,
      updatedAt: T0,
    });
    await expect(store.addUser(user('ana@EXAMPLE.com'))).rejects.toBeInstanceOf(DuplicateEmailError);
    expect(await store.findUser('ANA@example.com')).toEqual({ ...ana, passwordHash: '$scrypt$x' });
    expect(await store.findUser('nobody@example.com')).toBeNull();
    await store.addUser(user('bo@example.com', 'admin'));
    expect((await store.listUsers()).map((u) => [u.email, u.role])).toEqual([
      ['Ana@Example.com', 'editor'],
      ['bo@example.com', 'admin'],
    ]);
  });

  it('changes a role; a new password ends every session of the account and no other', async () => {
    const store = await open(await freshDatabase(backend));
    const ana = await store.addUser(user('ana@example.com'));
    const bo = await store.addUser(user('bo@example.com'));
    expect(await store.updateUser('ANA@example.com', { role: 'admin' }, later(1000))).toMatchObject({
      role: 'admin',
      name: 'Ana Lima',
      updatedAt: later(1000),
    });
    expect(await store.updateUser('nobody@example.com', { role: 'admin' }, T0)).toBeNull();
    for (const [hash, userId] of [
      ['a1', ana.id],
      ['a2', ana.id],
      ['b1', bo.id],
    ] as const) {
      await store.addSession({ tokenHash: hash, userId, csrfToken: `csrf-${hash}`, at: T0, expiresAt: later(60_000) });
    }
    expect(await store.setPassword('ana@example.com', '$scrypt$new', later(2000))).toBe(2);
    expect((await store.findUser('ana@example.com'))?.passwordHash).toBe('$scrypt$new');
    expect(await store.findSession('a1')).toBeNull();
    expect(await store.findSession('b1')).not.toBeNull();
    expect(await store.setPassword('nobody@example.com', '$scrypt$new', T0)).toBeNull();
  });

  it('finds a session with its person as they are now; touches, ends and sweeps sessions', async () => {
    const store = await open(await freshDatabase(backend));
    const ana = await store.addUser(user('ana@example.com'));
    await store.addSession({ tokenHash: 'h1', userId: ana.id, csrfToken: 'c1', at: T0, expiresAt: later(10_000) });
    await store.addSession({ tokenHash: 'h2', userId: ana.id, csrfToken: 'c2', at: T0, expiresAt: later(100_000) });
    await store.addSession({ tokenHash: 'h3', userId: ana.id, csrfToken: 'c3', at: T0, expiresAt: later(100_000) });
    await store.updateUser('ana@example.com', { role: 'reviewer' }, T0);
    expect(await store.findSession('h1')).toEqual({
      tokenHash: 'h1',
      csrfToken: 'c1',
      createdAt: T0,
      lastSeenAt: T0,
      expiresAt: later(10_000),
      user: { ...ana, role: 'reviewer' },
    });
    await store.touchSession('h3', later(5000));
    expect((await store.findSession('h3'))?.lastSeenAt).toEqual(later(5000));
    // At T0 + 10 s: h1 has reached its end; h2 was last seen before T0 + 1 s (idle), h3 after.
    expect(await store.removeExpiredSessions(later(10_000), later(1000))).toBe(2);
    expect(await store.findSession('h3')).not.toBeNull();
    await store.removeSession('h3');
    expect(await store.findSession('h3')).toBeNull();
  });

  it('removes an account with its sessions', async () => {
    const store = await open(await freshDatabase(backend));
    const ana = await store.addUser(user('ana@example.com'));
    await store.addSession({ tokenHash: 'h1', userId: ana.id, csrfToken: 'c1', at: T0, expiresAt: later(10_000) });
    expect(await store.removeUser('Ana@example.com')).toBe(true);
    expect(await store.removeUser('ana@example.com')).toBe(false);
    expect(await store.findSession('h1')).toBeNull();
    expect(await store.listUsers()).toEqual([]);
  });

  it('counts sign-in attempts made before a given one, by account, address or both, within a window', async () => {
    const store = await open(await freshDatabase(backend));
    const a = await store.addSignInAttempt('ana@example.com', '10.0.0.1', later(1000));
    const b = await store.addSignInAttempt('ana@example.com', '10.0.0.2', later(2000));
    const c = await store.addSignInAttempt('bo@example.com', '10.0.0.1', later(3000));
    const d = await store.addSignInAttempt('ana@example.com', '10.0.0.1', later(4000));
    const ana = { account: 'ana@example.com' };
    expect(await store.earlierSignInAttempts(c, ana, T0)).toEqual([later(1000), later(2000)]);
    expect(await store.earlierSignInAttempts(b, ana, T0)).toEqual([later(1000)]);
    expect(await store.earlierSignInAttempts(c, { address: '10.0.0.1' }, T0)).toEqual([later(1000)]);
    expect(await store.earlierSignInAttempts(c, ana, later(1000))).toEqual([later(2000)]);
    // Both: the account's attempts from that address only.
    expect(await store.earlierSignInAttempts(d, { account: 'ana@example.com', address: '10.0.0.1' }, T0)).toEqual([later(1000)]);
    expect(await store.earlierSignInAttempts(d, { account: 'bo@example.com', address: '10.0.0.2' }, T0)).toEqual([]);
    await store.removeSignInAttempt(a);
    expect(await store.earlierSignInAttempts(c, ana, T0)).toEqual([later(2000)]);
    await store.clearSignInAttempts('ana@example.com');
    expect(await store.earlierSignInAttempts(c, ana, T0)).toEqual([]);
    expect(await store.earlierSignInAttempts(d, { address: '10.0.0.1' }, T0)).toEqual([later(3000)]);
    expect(await store.removeSignInAttemptsBefore(later(3001))).toBe(1);
  });

  it('creates its tables once when several processes open the database at the same moment', async () => {
    const db = await freshDatabase(backend);
    const opened = await Promise.all(Array.from({ length: 4 }, () => open(db)));
    await opened[0].addUser(user('ana@example.com'));
    expect(await opened[3].findUser('ana@example.com')).not.toBeNull();
    expect(await db.query('SELECT component, version FROM editor_schema_migrations ORDER BY version')).toEqual([
      { component: 'accounts', version: 1 },
      { component: 'accounts', version: 2 },
    ]);
  });

  it('keeps the languages a person translates into, changes them, and gives them with the session', async () => {
    const store = await open(await freshDatabase(backend));
    const sofia = await store.addUser({ ...user('sofia@example.com'), role: 'translator', languages: ['es', 'pt-BR'] });
    expect(sofia.languages).toEqual(['es', 'pt-BR']);
    expect((await store.findUser('sofia@example.com'))!.languages).toEqual(['es', 'pt-BR']);
    await store.addSession({ tokenHash: 's1', userId: sofia.id, csrfToken: 'c', at: T0, expiresAt: later(60_000) });
    expect((await store.findSession('s1'))!.user.languages).toEqual(['es', 'pt-BR']);
    // A change of name leaves them; a change of languages replaces them; none is every language.
    expect((await store.updateUser('sofia@example.com', { name: 'Sofía' }, later(1)))!.languages).toEqual(['es', 'pt-BR']);
    expect((await store.updateUser('sofia@example.com', { languages: ['de'] }, later(2)))!.languages).toEqual(['de']);
    expect((await store.updateUser('sofia@example.com', { languages: [] }, later(3)))!.languages).toEqual([]);
    expect((await store.listUsers())[0].languages).toEqual([]);
  });
});

describe('accounts made before languages existed', () => {
  it('SQLite: the version 1 tables gain the languages column, each account every language', async () => {
    const file = join(tempDir('accounts-v1'), 'leads.db');
    const old = new Database(file);
    old.exec(`CREATE TABLE editor_schema_migrations (component TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL,
        applied_at TEXT NOT NULL, PRIMARY KEY (component, version));
      INSERT INTO editor_schema_migrations VALUES ('accounts', 1, 'users, sessions and sign-in attempts', '2030-01-01');
      CREATE TABLE editor_users (id INTEGER PRIMARY KEY, email TEXT NOT NULL, email_normalized TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL, role TEXT NOT NULL, password_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE editor_sessions (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL, last_seen_at TEXT NOT NULL, expires_at TEXT NOT NULL);
      CREATE TABLE editor_sign_in_attempts (id INTEGER PRIMARY KEY, account TEXT NOT NULL, address TEXT NOT NULL, at TEXT NOT NULL);
      INSERT INTO editor_users VALUES (1, 'tomas@example.com', 'tomas@example.com', 'Tomás', 'translator', '$scrypt$x',
        '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z');`);
    old.close();
    const store = await openAccountStore({ leadsDb: file });
    stores.push(store);
    expect(await store.findUser('tomas@example.com')).toMatchObject({ role: 'translator', languages: [] });
  });
});

describe('the editor tables beside the lead schema', () => {
  const leadTables = ['leads', 'submissions', 'webhook_events'];

  it('SQLite: the lead server migrates a file the editor created, and the editor opens one the lead server created', async () => {
    const first = join(tempDir('editor-first'), 'leads.db');
    await (await openAccountStore({ leadsDb: first })).close();
    const lead = openSqliteDatabase(first);
    expect(lead.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
    lead.close();

    const second = join(tempDir('leads-first'), 'leads.db');
    openSqliteDatabase(second).close();
    const store = await openAccountStore({ leadsDb: second });
    stores.push(store);
    await store.addUser(user('ana@example.com'));
    const check = new Database(second, { readonly: true });
    try {
      expect(check.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
      const tables = check.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...leadTables, 'editor_users', 'editor_sessions']));
    } finally {
      check.close();
    }
    // And the lead server opens it again, editor tables and all.
    openSqliteDatabase(second).close();
  });

  it('PostgreSQL: the lead migrations run on a database that has the editor tables, and the other way round', async () => {
    for (const editorFirst of [true, false]) {
      const url = await createPostgresDatabase();
      const migrator = commandPool(url);
      try {
        if (editorFirst) await (await openAccountStore({ databaseUrl: url, leadsDb: '' })).close();
        expect((await migratePostgres(migrator)).at(-1)).toBe(PG_SCHEMA_VERSION);
        if (!editorFirst) await (await openAccountStore({ databaseUrl: url, leadsDb: '' })).close();
        expect(await migratePostgres(migrator)).toEqual([]);
        const { rows } = await migrator.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
        );
        expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining([...leadTables, 'editor_users', 'editor_sessions']));
      } finally {
        await migrator.end();
      }
    }
  });
});
