/** The SQLite store on its own: durability settings, group commit, close. */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LeadStore, listLeads, openLeadDatabase, type LeadInput } from '../../server/lead-store';
import { tempDir } from './helpers';

const input = (email: string, idempotencyKey: string | null = null): LeadInput => ({
  email,
  page: '/',
  placement: 'footer',
  userAgent: 'test',
  idempotencyKey,
});

describe('openLeadDatabase', () => {
  it('creates the file and its folder, in WAL mode with synchronous=FULL', () => {
    const path = join(tempDir('leads-store'), 'nested', 'leads.db');
    const db = openLeadDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.close();
  });

  it('refuses a database from a newer schema instead of guessing', () => {
    const path = join(tempDir('leads-store'), 'leads.db');
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openLeadDatabase(path)).toThrow(/schema version 99/);
  });
});

describe('LeadStore', () => {
  it('commits submissions that arrive together in one transaction and answers each', async () => {
    const path = join(tempDir('leads-store'), 'leads.db');
    const store = new LeadStore(path);
    const outcomes = await Promise.all([
      store.submit(input('a@example.com', 'k1')),
      store.submit(input('b@example.com', 'k2')),
      store.submit(input('A@Example.com', 'k3')),
      store.submit(input('a@example.com', 'k1')),
      store.submit(input('c@example.com', 'k1')),
    ]);
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'replayed', 'key-conflict']);
    store.close();
    const db = new Database(path, { readonly: true });
    expect(listLeads(db).map((l) => [l.email, l.submission_count])).toEqual([
      ['a@example.com', 2],
      ['b@example.com', 1],
    ]);
    db.close();
  });

  it('commits what is still waiting when closed, then refuses new submissions', async () => {
    const path = join(tempDir('leads-store'), 'leads.db');
    const store = new LeadStore(path);
    const pending = store.submit(input('late@example.com'));
    store.close();
    await expect(pending).resolves.toBe('stored');
    await expect(store.submit(input('after@example.com'))).rejects.toThrow(/closed/);
    const db = new Database(path, { readonly: true });
    expect(listLeads(db).map((l) => l.email)).toEqual(['late@example.com']);
    db.close();
  });
});
