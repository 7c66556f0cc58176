/**
 * Single documents' checks kept across runs of `npm run validate`, in node_modules/.cache/reachwell-checks/: checking a
 * document against its zod schema and its JSON Schema (check-document.ts) depends only on the document, the name its
 * problems give its file, the code that checks it (the command's bundle, named by a hash of its code) and the JSON
 * Schema (its validator is named by a hash of it); a page on a template likewise, by its template (../stages/expand-pages.ts).
 * A document that reads the same as in an earlier run of the same code gets that run's result instead of being checked
 * again; what looks across documents is always checked. Off unless a one-shot command turns it on: a long-running
 * process (the dev server, the editor) would only pile up every draft's.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '../../model/problems';
import { ROOT_DIR } from '../content-env';

const CACHE_FILE = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-checks', 'document-checks.json');

/** A document's check: its value as checked (none when it failed) and its problems. */
export interface DocumentCheck<T> {
  value: T | undefined;
  problems: Problem[];
}

interface Kept {
  code: string;
  /** Key -> the check as JSON, as an earlier run of this code left them. */
  earlier: Record<string, string>;
  /** Those this run met: what it leaves (a document changed since is no longer kept). */
  now: Record<string, string>;
}
let kept: Kept | undefined;

/** Keeps documents' checks from now on, for `code` (what names the running code: the bundle's file name). */
export function keepDocumentChecks(code: string) {
  let earlier: Record<string, string> = {};
  try {
    const stored = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as { code?: string; checks?: Record<string, string> };
    if (stored.code === code && stored.checks) earlier = stored.checks;
  } catch {
    // None yet, or half of one a crash left: every document is checked.
  }
  const state: Kept = { code, earlier, now: {} };
  kept = state;
  process.once('exit', () => {
    const same = Object.keys(state.now).length === Object.keys(earlier).length && Object.keys(state.now).every((key) => key in earlier);
    if (!same) writeAside(JSON.stringify({ code, checks: state.now }));
  });
}

/** `check()`'s result, or the one kept for the same key parts (`key` gives none: not kept). */
export function keptCheck<T>(key: () => readonly string[] | undefined, check: () => DocumentCheck<T>): DocumentCheck<T> {
  const parts = kept && key();
  if (!kept || !parts) return check();
  const hash = createHash('sha256')
    .update([kept.code, ...parts].join('\0'))
    .digest('base64url');
  const text = kept.earlier[hash] ?? kept.now[hash];
  if (text !== undefined) {
    kept.now[hash] = text;
    // Parsed afresh for each use: each language marks its own copy (i18n/mark-untranslated.ts).
    return JSON.parse(text) as DocumentCheck<T>;
  }
  const result = check();
  kept.now[hash] = JSON.stringify(result);
  return result;
}

/** Written aside, then renamed: a run never reads half a file. A read-only tree keeps nothing. */
function writeAside(contents: string) {
  try {
    mkdirSync(join(CACHE_FILE, '..'), { recursive: true });
    writeFileSync(`${CACHE_FILE}.${process.pid}`, contents);
    renameSync(`${CACHE_FILE}.${process.pid}`, CACHE_FILE);
  } catch {
    // The next run checks every document again.
  }
}
