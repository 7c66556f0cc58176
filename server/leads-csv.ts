/** Leads as RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they need it. */
import type { LeadRow } from './store/types';

const COLUMNS: [header: string, value: (lead: LeadRow) => string | number | null][] = [
  ['email', (l) => l.email],
  ['email_normalized', (l) => l.email_normalized],
  ['first_seen', (l) => l.first_seen],
  ['last_seen', (l) => l.last_seen],
  ['submission_count', (l) => l.submission_count],
  ['first_page', (l) => l.first_page],
  ['first_placement', (l) => l.first_placement],
  ['last_page', (l) => l.last_page],
  ['last_placement', (l) => l.last_placement],
  // After the columns an earlier export had, so an import mapped by position still finds them where they were.
  ['first_locale', (l) => l.first_locale],
  ['last_locale', (l) => l.last_locale],
  ['user_agent', (l) => l.last_user_agent],
  ['delivery', (l) => l.delivery],
];

function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A leading =, +, - or @ would be run as a formula by spreadsheet software (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsCsv(leads: LeadRow[]): string {
  const rows = [COLUMNS.map(([header]) => header), ...leads.map((lead) => COLUMNS.map(([, value]) => field(value(lead))))];
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}
