/** `npm run leads:export`: every lead as CSV on standard output, safe to open in a spreadsheet. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { leadsCsv } from '../../server/leads-csv';
import type { LeadRow } from '../../server/lead-store';
import { postLead, ROOT, startInProcess, tempDir } from './helpers';

const run = promisify(execFile);

const row = (overrides: Partial<LeadRow>): LeadRow => ({
  email: 'ann@example.com',
  email_normalized: 'ann@example.com',
  first_seen: '2025-01-02T03:04:05.000Z',
  last_seen: '2025-01-02T03:04:05.000Z',
  submission_count: 1,
  first_page: '/',
  first_placement: 'footer',
  last_page: '/',
  last_placement: 'footer',
  last_user_agent: 'Mozilla/5.0',
  ...overrides,
});

describe('leadsCsv', () => {
  it('writes a header and one CRLF-terminated row per lead', () => {
    expect(leadsCsv([row({})])).toBe(
      'email,email_normalized,first_seen,last_seen,submission_count,first_page,first_placement,last_page,last_placement,user_agent\r\n' +
        'ann@example.com,ann@example.com,2025-01-02T03:04:05.000Z,2025-01-02T03:04:05.000Z,1,/,footer,/,footer,Mozilla/5.0\r\n',
    );
  });

  it('quotes commas and quotes, leaves empty values empty, and defuses spreadsheet formulas', () => {
    const csv = leadsCsv([row({ email: "=cmd|'/C calc'!A0@x.example", last_user_agent: 'Agent "X", v1', first_page: null })]);
    const line = csv.split('\r\n')[1];
    expect(line.startsWith(`'=cmd|'/C calc'!A0@x.example,`)).toBe(true);
    expect(line).toContain(',"Agent ""X"", v1"');
    expect(line).toContain(',1,,footer,');
  });
});

describe('npm run leads:export', () => {
  it('prints the leads stored by the server', async () => {
    const dbPath = join(tempDir('leads-export'), 'leads.db');
    const server = await startInProcess({ leadsDb: dbPath });
    await postLead(server.baseURL, { email: 'First@Example.com', page: '/', placement: 'footer' });
    await postLead(server.baseURL, { email: 'second@example.com', page: '/story', placement: 'home-widget' });
    await postLead(server.baseURL, { email: 'first@example.com', page: '/terms', placement: 'exit-dialog' });
    await server.close();

    const { stdout } = await run('npm', ['run', '--silent', 'leads:export'], { cwd: ROOT, env: { ...process.env, LEADS_DB: dbPath } });
    const lines = stdout.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^First@Example\.com,first@example\.com,[^,]+,[^,]+,2,\/,footer,\/terms,exit-dialog,/);
    expect(lines[2]).toMatch(/^second@example\.com,second@example\.com,[^,]+,[^,]+,1,\/story,home-widget,\/story,home-widget,/);
  });

  it('says where it looked when there is no database', async () => {
    const missing = join(tempDir('leads-export'), 'none.db');
    await expect(
      run('npm', ['run', '--silent', 'leads:export'], { cwd: ROOT, env: { ...process.env, LEADS_DB: missing } }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(`No lead database at ${missing}`),
    });
  });
});
