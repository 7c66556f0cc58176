/**
 * `npm run editor:user` as an operator runs it (scripts/tools/editor-user.ts, through run-bundled as npm runs it), on
 * both back ends: a password piped in or typed at a prompt that echoes nothing, never on the command line; list,
 * reset (which signs the person out everywhere), role and remove; refusals that say why and change nothing (exit 1),
 * a command that is not one (exit 2); and several at once on a new database, which creates its tables once.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/editor/host/accounts/open-account-store';
import { verifyPassword } from '../../src/editor/host/accounts/passwords';
import { DEFAULT_SESSION_POLICY, Sessions } from '../../src/editor/host/accounts/sessions';
import type { AccountStore } from '../../src/editor/host/accounts/store';
import { BACKENDS, freshDatabase, type TestDatabase } from './databases';
import { cleanEnv, ROOT, waitFor } from './helpers';

const COMMAND = ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor-user.ts'];
const PASSWORD = 'correct horse battery staple';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One run of the command, with `input` piped to its standard input. */
function editorUser(db: TestDatabase, args: string[], input = ''): Promise<Run> {
  const child = spawn(process.execPath, [...COMMAND, ...args], { cwd: ROOT, env: { ...cleanEnv(), ...db.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const stores: AccountStore[] = [];
afterEach(async () => {
  while (stores.length > 0) await stores.pop()!.close();
});

async function storeOf(db: TestDatabase): Promise<AccountStore> {
  const store = await openAccountStore({ databaseUrl: db.location.databaseUrl, leadsDb: db.location.leadsDb ?? '' });
  stores.push(store);
  return store;
}

describe.each(BACKENDS)('npm run editor:user (%s)', (backend) => {
  it('adds a person with the password piped in, and lists them', async () => {
    const db = await freshDatabase(backend);
    const added = await editorUser(
      db,
      ['add', 'Ana@Example.com', '--role', 'translator', '--name', 'Ana Lima', '--languages', 'es,de'],
      `${PASSWORD}\n`,
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toMatch(/^Added Ana@Example.com \(Ana Lima\) as translator for es, de, in .+\.\n$/);
    expect(added.stdout).not.toContain(PASSWORD);
    const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM editor_users');
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);

    expect((await editorUser(db, ['add', 'bo@example.com', '--role', 'admin'], PASSWORD)).code).toBe(0);
    const listed = await editorUser(db, ['list']);
    expect(listed.code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.stdout).toBe(
      `email            name      role        languages  since\nAna@Example.com  Ana Lima  translator  es,de      ${today}\nbo@example.com   bo        admin       all        ${today}\n`,
    );

    expect((await editorUser(db, ['languages', 'ana@example.com', 'pt-BR'])).stdout).toBe('Ana@Example.com now translates into pt-BR.\n');
    const wrong = await editorUser(db, ['add', 'cy@example.com', '--role', 'translator', '--languages', 'es,Spanish'], PASSWORD);
    expect(wrong).toMatchObject({
      code: 1,
      stderr: 'editor:user: "Spanish" is not a language code: write them as the site\'s locales are, for example es,de.\n',
    });
    const [kept] = await db.query<{ languages: string }>("SELECT languages FROM editor_users WHERE email_normalized = 'ana@example.com'");
    expect(kept.languages).toBe('pt-BR');
  });

  it('refuses, saying why and changing nothing: a short password, an email taken, a role that is not one, a second line', async () => {
    const db = await freshDatabase(backend);
    const short = await editorUser(db, ['add', 'ana@example.com', '--role', 'editor'], 'too short\n');
    expect(short).toMatchObject({ code: 1, stdout: '' });
    expect(short.stderr).toBe(
      'editor:user: A password needs at least 12 characters; this one has 9. A few words in a row make a good one.\n',
    );
    expect((await editorUser(db, ['add', 'ana@example.com', '--role', 'editor'], PASSWORD)).code).toBe(0);
    const taken = await editorUser(db, ['add', 'ANA@example.com', '--role', 'admin'], PASSWORD);
    expect(taken).toMatchObject({ code: 1, stderr: 'editor:user: An account for ANA@example.com already exists.\n' });
    const role = await editorUser(db, ['add', 'bo@example.com', '--role', 'owner'], PASSWORD);
    expect(role).toMatchObject({
      code: 1,
      stderr: 'editor:user: "owner" is not a role; the roles are editor, translator, reviewer, admin.\n',
    });
    const twoLines = await editorUser(db, ['add', 'bo@example.com', '--role', 'editor'], `${PASSWORD}\nsomething else\n`);
    expect(twoLines.code).toBe(1);
    expect(twoLines.stderr).toContain('more than one line');
    const none = await editorUser(db, ['add', 'bo@example.com', '--role', 'editor'], '');
    expect(none).toMatchObject({ code: 1, stderr: 'editor:user: no password on standard input\n' });
    expect((await db.query<{ email: string }>('SELECT email FROM editor_users')).map((r) => r.email)).toEqual(['ana@example.com']);
  });

  it('answers a command that is not one with the usage (exit 2)', async () => {
    const db = await freshDatabase(backend);
    for (const args of [['promote', 'ana@example.com'], ['add', 'ana@example.com'], ['role', 'ana@example.com'], []]) {
      const run = await editorUser(db, args);
      expect([args, run.code]).toEqual([args, 2]);
      expect(run.stderr).toContain('usage: npm run editor:user -- <command>');
    }
    expect((await editorUser(db, ['--help'])).code).toBe(0);
  });

  it("resets a password, which ends every session of that person and no one else's", async () => {
    const db = await freshDatabase(backend);
    await editorUser(db, ['add', 'ana@example.com', '--role', 'editor'], PASSWORD);
    await editorUser(db, ['add', 'bo@example.com', '--role', 'editor'], PASSWORD);
    const store = await storeOf(db);
    const sessions = new Sessions(store, DEFAULT_SESSION_POLICY, () => new Date());
    const [ana, bo] = [(await store.findUser('ana@example.com'))!, (await store.findUser('bo@example.com'))!];
    const anaTokens = [(await sessions.start(ana.id)).token, (await sessions.start(ana.id)).token];
    const boToken = (await sessions.start(bo.id)).token;

    const reset = await editorUser(db, ['reset', 'Ana@example.com'], 'a brand new passphrase\n');
    expect(reset).toMatchObject({ code: 0, stdout: 'New password for Ana@example.com; 2 sessions ended.\n' });
    for (const token of anaTokens) expect(await sessions.resolve(token)).toBeNull();
    expect(await sessions.resolve(boToken)).not.toBeNull();
    const hash = (await store.findUser('ana@example.com'))!.passwordHash;
    expect(await verifyPassword('a brand new passphrase', hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(false);
    expect(await editorUser(db, ['reset', 'nobody@example.com'], PASSWORD)).toMatchObject({
      code: 1,
      stderr: 'editor:user: There is no account for nobody@example.com.\n',
    });
  });

  it('changes a role, and removes a person with their sessions', async () => {
    const db = await freshDatabase(backend);
    await editorUser(db, ['add', 'ana@example.com', '--role', 'editor'], PASSWORD);
    expect(await editorUser(db, ['role', 'ana@example.com', 'reviewer'])).toMatchObject({
      code: 0,
      stdout: 'ana@example.com is now a reviewer.\n',
    });
    expect((await editorUser(db, ['role', 'ana@example.com', 'boss'])).code).toBe(1);
    const store = await storeOf(db);
    const token = (await new Sessions(store, DEFAULT_SESSION_POLICY, () => new Date()).start((await store.findUser('ana@example.com'))!.id))
      .token;
    expect(await editorUser(db, ['remove', 'ana@example.com'])).toMatchObject({
      code: 0,
      stdout: 'Removed ana@example.com and its sessions.\n',
    });
    expect(await new Sessions(store, DEFAULT_SESSION_POLICY, () => new Date()).resolve(token)).toBeNull();
    expect((await editorUser(db, ['list'])).stdout).toMatch(/^No accounts yet/);
    expect((await editorUser(db, ['remove', 'ana@example.com'])).code).toBe(1);
  });

  it('runs several at once on a new database: the tables are made once and every run succeeds', async () => {
    const db = await freshDatabase(backend);
    const runs = await Promise.all([
      editorUser(db, ['list']),
      editorUser(db, ['add', 'a@example.com', '--role', 'editor'], PASSWORD),
      editorUser(db, ['add', 'b@example.com', '--role', 'editor'], PASSWORD),
      editorUser(db, ['list']),
    ]);
    expect(runs.map((run) => [run.code, run.stderr])).toEqual(Array(4).fill([0, '']));
    expect(await db.query('SELECT component, version FROM editor_schema_migrations ORDER BY version')).toEqual([
      { component: 'accounts', version: 1 },
      { component: 'accounts', version: 2 },
    ]);
    expect((await db.query('SELECT email FROM editor_users')).length).toBe(2);
  });
});

describe('npm run editor:user in a terminal', () => {
  it('asks for the password twice and never shows what is typed', async () => {
    const db = await freshDatabase('sqlite');
    // `script` gives the command a terminal, as an operator's shell would.
    const command = [process.execPath, ...COMMAND, 'add', 'tty@example.com', '--role', 'editor'].join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...cleanEnv(), ...db.env } });
    let screen = '';
    child.stdout.on('data', (chunk) => (screen += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await waitFor('the first prompt', () => screen.includes('Password for tty@example.com (at least 12 characters): '));
    child.stdin.write(`${PASSWORD}\r`);
    await waitFor('the second prompt', () => screen.includes('Once more, to be sure: '));
    child.stdin.write(`${PASSWORD}\r`);
    expect(await exited).toBe(0);
    expect(screen).toContain('Added tty@example.com (tty) as editor');
    expect(screen).not.toContain('correct horse');
    const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM editor_users');
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
  });
});
