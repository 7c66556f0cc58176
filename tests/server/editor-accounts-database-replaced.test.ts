/**
 * The accounts' SQLite file deleted or replaced under a running editor (src/editor/host/accounts/sqlite-file-watch.ts).
 * SQLite keeps using the files it has open, so before the watch a deleted file went on signing people in, and with the
 * file replaced by another in which an account was removed, that account still signed in from the old one. Now sign-in and every session check answer 503 with a sentence saying why and what to
 * do, and nothing is written at the path.
 */
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { Accounts } from '../../src/editor/host/accounts/accounts';
import { SqliteAccountStore } from '../../src/editor/host/accounts/sqlite-account-store';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, smallSite, startEditorHost, type EditorHost } from '../../test-support/editor-host';

let host: EditorHost | undefined;
/** About the accounts' file, not the site or sign-in's speed: the small site, cheaply hashed passwords. */
const startHost = (prefix: string) => startEditorHost(prefix, { content: smallSite(), passwordCost: CHEAP_PASSWORDS });
afterEach(async () => {
  await host?.stop();
  rmSync(host!.root, { recursive: true, force: true });
  host = undefined;
});

/** What a person and a signed-in session get once the file is not the editor's: 503 that says why and what to do. */
async function expectRefused(call: ReturnType<typeof editorClient>['call'], session: { cookie: string; csrf: string }, why: RegExp) {
  const signIn = await call('POST', '/api/session', { body: { email: PEOPLE.reviewer.email, password: 'correct horse battery staple' } });
  expect(signIn.status).toBe(503);
  expect(signIn.json.error).toBe('accounts_unavailable');
  expect(signIn.json.message).toMatch(why);
  expect(signIn.json.message).toMatch(/restore the accounts database .* then restart the editor/);
  for (const [method, path] of [
    ['GET', '/api/session'],
    ['GET', '/api/changes'],
    ['POST', '/api/changes'],
  ] as const) {
    const answer = await call(method, path, { session, body: method === 'POST' ? { title: 'After' } : undefined });
    expect(answer.status, `${method} ${path}`).toBe(503);
    expect(answer.json.message).toMatch(why);
  }
}

describe('the accounts database deleted or replaced while the editor runs', () => {
  test('deleted with its -wal and -shm: sign-in and sessions answer 503, and nothing is written at the path', async () => {
    host = await startHost('accounts-deleted');
    const leadsDb = host.env.LEADS_DB!;
    const { signIn, call } = editorClient(host.editor.url);
    const session = await signIn(PEOPLE.editor.email);
    expect((await call('GET', '/api/changes', { session })).status).toBe(200);

    for (const file of [leadsDb, `${leadsDb}-wal`, `${leadsDb}-shm`]) rmSync(file);
    await expectRefused(call, session, /accounts database .*leads\.db was deleted while the editor had it open/);
    expect(existsSync(leadsDb)).toBe(false);
  });

  test('replaced by a file in which an account was removed: that account never signs in (503 for everyone)', async () => {
    host = await startHost('accounts-replaced');
    const leadsDb = host.env.LEADS_DB!;
    const { signIn, call } = editorClient(host.editor.url);
    const session = await signIn(PEOPLE.editor.email);

    // Another accounts database moved over the file (a restore; `mv other.db leads.db`), in which the reviewer's
    // account was removed (as `npm run editor:user remove` does). The editor's open file still has it.
    const other = `${leadsDb}.other`;
    const source = new Database(leadsDb, { readonly: true });
    await source.backup(other);
    source.close();
    const store = new SqliteAccountStore(other);
    await new Accounts(store).remove(PEOPLE.reviewer.email);
    await store.close();
    renameSync(other, leadsDb);

    await expectRefused(call, session, /accounts database .*leads\.db was replaced by another file while the editor had it open/);
  });
});
