/**
 * Reading the JSON documents of pages-json/: the file list, and parsing with a pinpointed syntax error. A symbolic
 * link that leads out of the folder (or nowhere) is never read: the site would publish a file nobody reviewed there.
 */
import { readdirSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { lineAndColumn, type Problem } from './problems';
import { describeUnclosed, unclosedAtEnd } from './unclosed-json';

/** The folder's JSON files, and the links among them that leave the folder or lead nowhere (never read). */
export function scanJsonFiles(dir: string): { files: string[]; leaving: string[] } {
  const root = realpathSync(dir);
  const files: string[] = [];
  const leaving: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.name.endsWith('.json') || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path).split(sep).join('/');
    if (entry.isSymbolicLink() && !leadsInside(path, root)) leaving.push(name);
    else files.push(name);
  }
  return { files: files.sort(), leaving: leaving.sort() };
}

function leadsInside(path: string, root: string): boolean {
  try {
    const rel = relative(root, realpathSync(path));
    return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
  } catch {
    return false; // a link that leads nowhere
  }
}

export const listJsonFiles = (dir: string) => scanJsonFiles(dir).files;

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
