/**
 * Leads as RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they need it, and safe to open in a
 * spreadsheet whichever separator it splits on: a comma (English locales) or a semicolon (German, French and most
 * other European locales, which this site targets), since the file says nothing about which it used.
 */
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

/**
 * Where a spreadsheet may start a cell: the field's start, or any comma, semicolon or tab in it (a program splitting
 * on another separator than the file's cuts a field there, quotes or not: a quote that does not open a cell is read
 * as text). Then any quotes and spaces, and a character that makes the rest a formula (=, +, -, @) or that Excel
 * also reads as one (tab, CR). A `'` before that character makes the cell text, and shows the value as it was.
 */
const FORMULA_START = /(^|[,;\t])([\s"]*)(?=[=+\-@\t\r])/g;

/**
 * Characters that reorder the text around them when displayed (right-to-left overrides and isolates, directional
 * marks): a User-Agent could make a cell read otherwise than it is. Written as the visible `<U+202E>` instead.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value)
    .replace(BIDI_CONTROLS, (char) => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`)
    .replace(FORMULA_START, "$1$2'");
  // Quoted when it holds either separator, so a spreadsheet splitting on it keeps the field whole.
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsCsv(leads: LeadRow[]): string {
  const rows = [COLUMNS.map(([header]) => header), ...leads.map((lead) => COLUMNS.map(([, value]) => field(value(lead))))];
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}
