/** The real site server with its leads in a temporary SQLite file, so browser tests can read what was stored. */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSite } from '../../test-support/browser';

export async function startSiteWithLeadFile() {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'leads-browser-')), 'leads.db');
  const site = await startSite({ leadsDb: dbPath, rateLimit: { max: 10_000, timeWindowMs: 60_000 } });
  /** The lead row of an address, as the server stored it. */
  function storedLead(email: string) {
    const db = new Database(dbPath, { readonly: true });
    try {
      return db.prepare('SELECT * FROM leads WHERE email_normalized = ?').get(email.toLowerCase()) as Record<string, unknown> | undefined;
    } finally {
      db.close();
    }
  }
  return { ...site, storedLead };
}
