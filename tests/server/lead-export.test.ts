/** `npm run leads:export`: every lead as CSV on standard output, safe to open in a spreadsheet, from either back end. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { leadsCsv } from '../../server/leads-csv';
import type { LeadRow } from '../../server/store/types';
import { BACKENDS, freshDatabase, queryPostgres } from './databases';
import { cleanEnv, postLead, ROOT, startInProcess, tempDir, waitFor } from './helpers';

const run = promisify(execFile);

const row = (overrides: Partial<LeadRow>): LeadRow => ({
  email: 'ann@example.com',
  email_normalized: 'ann@example.com',
  first_seen: '2025-01-02T03:04:05.000Z',
  last_seen: '2025-01-02T03:04:05.000Z',
  submission_count: 1,
  first_page: '/',
  first_placement: 'footer',
  first_locale: 'es',
  last_page: '/',
  last_placement: 'footer',
  last_locale: 'pt-BR',
  last_user_agent: 'Mozilla/5.0',
  delivery: 'delivered',
  ...overrides,
});

describe('leadsCsv', () => {
  it('writes a header and one CRLF-terminated row per lead', () => {
    expect(leadsCsv([row({})])).toBe(
      'email,email_normalized,first_seen,last_seen,submission_count,first_page,first_placement,last_page,last_placement,first_locale,last_locale,user_agent,delivery\r\n' +
        'ann@example.com,ann@example.com,2025-01-02T03:04:05.000Z,2025-01-02T03:04:05.000Z,1,/,footer,/,footer,es,pt-BR,Mozilla/5.0,delivered\r\n',
    );
  });

  it('quotes commas and quotes, leaves empty values empty, and defuses spreadsheet formulas', () => {
    const csv = leadsCsv([
      row({ email: "=cmd|'/C calc'!A0@x.example", last_user_agent: 'Agent "X", v1', first_page: null, first_locale: null }),
    ]);
    const line = csv.split('\r\n')[1];
    expect(line.startsWith(`'=cmd|'/C calc'!A0@x.example,`)).toBe(true);
    expect(line).toContain(',"Agent ""X"", v1"');
    expect(line).toContain(',1,,footer,');
    expect(line).toContain(',footer,,pt-BR,');
  });

  /**
   * How a spreadsheet splits a line into cells on `separator`: a cell that starts with a quote runs to the closing
   * quote (`""` is one quote), and on to the next separator; a quote anywhere else is text.
   */
  function cellsAsSpreadsheetReads(line: string, separator: ',' | ';'): string[] {
    const cells: string[] = [];
    let i = 0;
    for (;;) {
      let cell = '';
      if (line[i] === '"') {
        for (i++; i < line.length; i++) {
          if (line[i] !== '"') cell += line[i];
          else if (line[i + 1] === '"') cell += line[i++];
          else break;
        }
        i++;
      }
      while (i < line.length && line[i] !== separator) cell += line[i++];
      cells.push(cell);
      if (i++ >= line.length) return cells;
    }
  }

  it('leaves no cell a formula and no text reordered, whether the spreadsheet splits on commas or on semicolons', () => {
    const hostile = row({
      email: '-2+3@x.example',
      last_user_agent: 'Mozilla;=HYPERLINK(A1);x, @SUM(1) \u202eevil\u2066 ;"=1+1" ,\t+1',
      first_page: '/x;=1+1',
      last_page: '/a,-1',
    });
    const line = leadsCsv([hostile]).split('\r\n')[1];
    for (const separator of [',', ';'] as const) {
      const cells = cellsAsSpreadsheetReads(line, separator);
      // A formula is a cell whose text, after any spaces, starts with =, +, - or @ (tab and CR too for Excel).
      expect(
        cells.filter((cell) => /^\s*[=+\-@\t\r]/.test(cell)),
        separator,
      ).toEqual([]);
    }
    // With its own separator each field stays one cell, the formula characters kept behind a '.
    const cells = cellsAsSpreadsheetReads(line, ',');
    expect(cells).toHaveLength(13);
    expect(cells[0]).toBe("'-2+3@x.example");
    expect(cells[5]).toBe("/x;'=1+1");
    expect(cells[11]).toBe(`Mozilla;'=HYPERLINK(A1);x, '@SUM(1) <U+202E>evil<U+2066> ;"'=1+1" ,\t'+1`);
    expect(line).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('npm run leads:export', () => {
  it.each(BACKENDS)('prints the leads stored by the server (%s), with their delivery state', async (backend) => {
    const db = await freshDatabase(backend);
    const server = await startInProcess(db.location);
    await postLead(server.baseURL, { email: 'First@Example.com', page: '/', placement: 'footer', locale: 'en' });
    await postLead(server.baseURL, { email: 'second@example.com', page: '/story', placement: 'home-widget' });
    await postLead(server.baseURL, { email: 'first@example.com', page: '/es/terms', placement: 'exit-dialog', locale: 'es' });
    await server.close();

    const { stdout } = await run('npm', ['run', '--silent', 'leads:export'], { cwd: ROOT, env: { ...cleanEnv(), ...db.env } });
    const lines = stdout.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const iso = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
    expect(lines[1]).toMatch(
      new RegExp(`^First@Example\\.com,first@example\\.com,${iso},${iso},2,/,footer,/es/terms,exit-dialog,en,es,[^,]+,none$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^second@example\\.com,second@example\\.com,${iso},${iso},1,/story,home-widget,/story,home-widget,,,[^,]+,none$`),
    );
  });

  it('on PostgreSQL, waits as long as the database needs: no request-sized statement timeout (5 s) for a command', async () => {
    const db = await freshDatabase('postgres');
    const server = await startInProcess(db.location);
    expect((await postLead(server.baseURL, { email: 'patient@example.com' })).status).toBe(200);
    await server.close();
    // Another session (a long migration, a backup) holds the table past the servers' 5 s statement timeout.
    const holder = new pg.Client(db.env.DATABASE_URL);
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
      const exporting = run('npm', ['run', '--silent', 'leads:export'], { cwd: ROOT, env: { ...cleanEnv(), ...db.env } });
      exporting.catch(() => undefined); // awaited below
      // (Asked on another connection: inside the holder's transaction, pg_stat_activity would not change.)
      await waitFor('the export to wait for the lock', async () => {
        const waiting = await queryPostgres(
          db.env.DATABASE_URL,
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM leads%'",
        );
        return waiting.length > 0;
      });
      await new Promise((resolve) => setTimeout(resolve, 5500));
      await holder.query('COMMIT');
      const { stdout } = await exporting;
      expect(stdout).toContain('\r\npatient@example.com,');
    } finally {
      await holder.end();
    }
  });

  it('says where it looked when there is no database', async () => {
    const missing = join(tempDir('leads-export'), 'none.db');
    await expect(
      run('npm', ['run', '--silent', 'leads:export'], { cwd: ROOT, env: { ...cleanEnv(), LEADS_DB: missing } }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(`No lead database at ${missing}`),
    });
  });
});
