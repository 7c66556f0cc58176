/**
 * Reading the JSON documents of pages-json/: the file list, and parsing with a pinpointed syntax error. A symbolic
 * link that leads out of the folder (or nowhere) is never read: the site would publish a file nobody reviewed there.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { lineAndColumn, type Problem } from '../../model/problems';
import { describeUnclosed, unclosedAtEnd } from './unclosed-json';

/** A link among the JSON files that is never read: it leaves the folder, or leads nowhere. */
export interface StrayLink {
  file: string;
  leads: 'outside' | 'nowhere';
}

/** The folder's JSON files, and the links among them that leave the folder or lead nowhere (never read). */
export function scanJsonFiles(dir: string): { files: string[]; strayLinks: StrayLink[] } {
  const root = realpathSync(dir);
  const files: string[] = [];
  const strayLinks: StrayLink[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.name.endsWith('.json') || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const path = join(entry.parentPath, entry.name);
    const file = relative(dir, path).split(sep).join('/');
    const leads = entry.isSymbolicLink() ? whereLinkLeads(path, root) : 'inside';
    if (leads === 'inside') files.push(file);
    else strayLinks.push({ file, leads });
  }
  return { files: files.sort(), strayLinks };
}

function whereLinkLeads(path: string, root: string): 'inside' | StrayLink['leads'] {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return 'nowhere';
  }
  const rel = relative(root, real);
  return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel) ? 'inside' : 'outside';
}

export const listJsonFiles = (dir: string) => scanJsonFiles(dir).files;

/**
 * A listed document's text, or why it cannot be read: a symbolic link to a file that does not exist is listed
 * (its name ends in .json) but has no text, and is a problem of the site, not a crash of the tool reading it.
 */
export function readDocumentText(path: string): string | { unreadable: string } {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP') return { unreadable: 'a link to a file that does not exist' };
    return { unreadable: `cannot be read (${code ?? 'unknown error'})` };
  }
}

export function parseJson(text: string, display: string): { value?: unknown; problem?: Problem } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    if (/Unexpected end of JSON input/.test(message) || (position && Number(position[1]) >= text.trimEnd().length)) {
      // The file stops short (V8 gives no position, or the end): say where it ends and what it leaves open.
      const unclosed = unclosedAtEnd(text);
      return { problem: { file: display, pointer: '', position: unclosed.end, ...describeUnclosed(unclosed), severity: 'error' } };
    }
    const where = position ? lineAndColumn(text, Number(position[1])) : undefined;
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    return {
      problem: {
        file: display,
        where: where ? `line ${where.line}, column ${where.column}` : '',
        pointer: '',
        ...(where ? { position: where } : {}),
        message: `invalid JSON: ${reason}`,
        hint: 'look for a missing comma, an extra trailing comma, or an unquoted key just before this point',
        severity: 'error',
      },
    };
  }
}
