/**
 * `npm run leads:export`: every lead as CSV on standard output, for a CRM import.
 * Reads LEADS_DB (default data/leads.db) read-only, so it is safe while the server runs.
 *   npm run --silent leads:export > leads.csv
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { configFromEnv } from './config';
import { leadsCsv } from './leads-csv';
import { listLeads } from './lead-store';

const { leadsDb } = configFromEnv();
if (!existsSync(leadsDb)) {
  console.error(`No lead database at ${leadsDb} (set LEADS_DB to its path).`);
  process.exit(1);
}
const db = new Database(leadsDb, { readonly: true, fileMustExist: true });
process.stdout.write(leadsCsv(listLeads(db)));
db.close();
