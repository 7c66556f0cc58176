/**
 * The editor's accounts live in the lead server's SQLite file, and the lead server guards that file
 * (server/store/sqlite-file-guard.ts): the file changing while SQLite's checkpoint counters stay put reads to it as a
 * backup copied over its database, and from then on every lead is refused (503, /readyz "database_replaced"). Here
 * the real lead server (as `npm start` runs it) takes submissions while the editor's store, in this process, creates
 * its tables, adds people, signs them in and out, and records failed sign-ins in the same file, several times more
 * than the log holds between checkpoints: every lead is acknowledged and kept, readiness never wavers, and the file
 * is whole.
 *
 * Why the editor's connection must never checkpoint: a checkpoint of it writes the database file, and its next write
 * starts the log over, resetting the counters the guard compares, so they can read as they did before the file
 * changed. Measured (3,000 editor commits with SQLite's default checkpointing): 9 checkpoints, and 1,658 pairs of
 * moments at which a guard looking at one and then the other would call the file written over. A lottery the lead
 * server loses now and then; never, if the editor leaves every checkpoint to it, as the first test holds.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/editor/host/accounts/accounts';
import { openAccountStore } from '../../src/editor/host/accounts/open-account-store';
import { DEFAULT_SESSION_POLICY, Sessions } from '../../src/editor/host/accounts/sessions';
import type { AccountStore } from '../../src/editor/host/accounts/store';
import { querySqlite } from './databases';
import { postLead, spawnServer, tempDir, waitFor, type ServerProcess } from './helpers';

/** Cheap hashes: this test is about the file, and a hundred scrypt hashes at full cost would be most of its time. */
const CHEAP = { ln: 8, r: 8, p: 1 };
/** Editor commits: a session's row and its two index entries are about 3 pages each, so ~1,000 frames (one checkpoint's worth) every ~330. */
const EDITOR_WRITES = 2400;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function leadServerOn(dbPath: string): Promise<ServerProcess> {
  const server = await spawnServer({ LEADS_DB: dbPath });
  cleanups.push(() => server.child.exitCode === null && server.child.signalCode === null && server.child.kill('SIGKILL'));
  return server;
}

async function editorStoreOn(dbPath: string): Promise<AccountStore> {
  const store = await openAccountStore({ leadsDb: dbPath });
  cleanups.push(() => store.close());
  return store;
}

/** What the editor does to the file over a working day, compressed: people added, sessions begun, used and ended, failed sign-ins. */
/**
 * `writes` of the editor's kinds, one after another, and then more while `more()` says so (until the lead traffic
 * beside it has made enough submissions: how many fit in a number of writes depends on the machine's speed).
 */
async function editorWork(store: AccountStore, writes: number, tag = 'person', more: () => boolean = () => false): Promise<void> {
  const accounts = new Accounts(store, () => new Date(), CHEAP);
  // Every use written (the real policy writes at most every 5 minutes): more writes, a harder test.
  const sessions = new Sessions(store, { ...DEFAULT_SESSION_POLICY, touchEveryMs: 0 }, () => new Date());
  const people: number[] = [];
  const open: string[] = [];
  for (let i = 0; i < writes || more(); i++) {
    const step = i % 6;
    if (step === 0 && people.length < 100) {
      people.push((await accounts.add({ email: `${tag}-${i}@example.com`, role: 'editor', password: 'a long enough password' })).id);
    } else if (step === 1 || step === 2) {
      open.push((await sessions.start(people[i % people.length])).token);
    } else if (step === 3) {
      await sessions.resolve(open[i % open.length]);
    } else if (step === 4) {
      await store.addSignInAttempt(`guess-${i}@example.com`, '192.0.2.1', new Date());
    } else {
      await sessions.end(open.shift());
    }
    // Let the submissions and readiness checks of this process go out between the editor's commits.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface LeadTraffic {
  submissions: number[];
  readiness: number[];
}

/** Submissions and readiness checks, one after another each, until `done()`. */
/** How many submissions the lead traffic makes at least while the editor writes. */
const MIN_SUBMISSIONS = 30;

async function leadTraffic(server: ServerProcess, done: () => boolean, traffic: LeadTraffic): Promise<void> {
  const submit = async () => {
    while (!done())
      traffic.submissions.push((await postLead(server.baseURL, { email: `lead-${traffic.submissions.length}@example.com` })).status);
  };
  const ready = async () => {
    while (!done()) traffic.readiness.push((await fetch(server.baseURL + '/readyz')).status);
  };
  await Promise.all([submit(), ready()]);
}

async function expectServing(server: ServerProcess, dbPath: string, traffic: LeadTraffic) {
  expect(server.output()).not.toMatch(/while the server had it open|cannot write/);
  expect(traffic.submissions.length).toBeGreaterThanOrEqual(MIN_SUBMISSIONS);
  expect(new Set(traffic.submissions)).toEqual(new Set([200]));
  expect(new Set(traffic.readiness)).toEqual(new Set([200]));
  expect((await postLead(server.baseURL, { email: 'after@example.com' })).status).toBe(200);
  expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
  const [{ n }] = querySqlite<{ n: number }>(dbPath, 'SELECT COUNT(*) AS n FROM leads');
  expect(n).toBe(traffic.submissions.length + 1);
}

const fileStamp = (path: string) => {
  const { size, mtimeNs } = statSync(path, { bigint: true });
  return `${size}:${mtimeNs}`;
};

describe("the editor account store in the lead server's SQLite file", () => {
  it("never writes the database file itself: it appends to the log, and the lead server's own checkpoint copies it in", async () => {
    const dbPath = join(tempDir('editor-no-checkpoint'), 'leads.db');
    const server = await leadServerOn(dbPath);
    expect((await postLead(server.baseURL, { email: 'first@example.com' })).status).toBe(200);
    const store = await editorStoreOn(dbPath);
    const before = fileStamp(dbPath);
    // Idle, the lead server never checkpoints: the file may change only if the editor writes it.
    await editorWork(store, EDITOR_WRITES);
    expect(fileStamp(dbPath)).toBe(before);
    expect(statSync(`${dbPath}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
    expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
    // The next lead's commit finds the log long and checkpoints it, the editor's pages with its own.
    expect((await postLead(server.baseURL, { email: 'second@example.com' })).status).toBe(200);
    await waitFor('the lead server to checkpoint', () => fileStamp(dbPath) !== before);
    expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
    expect((await postLead(server.baseURL, { email: 'third@example.com' })).status).toBe(200);
    expect(server.output()).not.toMatch(/while the server had it open/);
  });

  it('writes accounts and sessions while the lead server takes leads: every lead kept, /readyz 200 throughout', async () => {
    const dbPath = join(tempDir('editor-beside-leads'), 'leads.db');
    const server = await leadServerOn(dbPath);
    // Opened while the server runs: its tables are created under the server's nose.
    const store = await editorStoreOn(dbPath);
    let editorDone = false;
    const traffic: LeadTraffic = { submissions: [], readiness: [] };
    await Promise.all([
      editorWork(store, EDITOR_WRITES, 'person', () => traffic.submissions.length < MIN_SUBMISSIONS).finally(() => (editorDone = true)),
      leadTraffic(server, () => editorDone, traffic),
    ]);
    await expectServing(server, dbPath, traffic);
    expect((await store.listUsers()).length).toBe(100);

    // The editor closing its connection must not checkpoint or remove the log under the server either.
    await store.close();
    expect((await fetch(server.baseURL + '/readyz')).status).toBe(200);
    expect((await postLead(server.baseURL, { email: 'after-close@example.com' })).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(querySqlite(dbPath, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(querySqlite<{ n: number }>(dbPath, 'SELECT COUNT(*) AS n FROM editor_users')[0].n).toBe(100);
  });

  it('opens a file the editor created first, and serves while the editor keeps writing', async () => {
    const dbPath = join(tempDir('editor-first'), 'leads.db');
    const store = await editorStoreOn(dbPath);
    await editorWork(store, 60, 'early');
    // Made in WAL mode: a lead server starting while the editor writes needs no exclusive moment to switch it.
    expect(querySqlite(dbPath, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    const server = await leadServerOn(dbPath);
    let editorDone = false;
    const traffic: LeadTraffic = { submissions: [], readiness: [] };
    await Promise.all([
      editorWork(store, 1500, 'person', () => traffic.submissions.length < MIN_SUBMISSIONS).finally(() => (editorDone = true)),
      leadTraffic(server, () => editorDone, traffic),
    ]);
    await expectServing(server, dbPath, traffic);
  });
});
