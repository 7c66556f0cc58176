/**
 * The only way the editor's endpoints reach the disk: a document named by the browser is resolved
 * inside the content folder (pages-json/, or CONTENT_DIR) or refused, and written atomically (a
 * temporary file in the same folder, flushed, then renamed over the document), so a reader never
 * sees half a file and nothing outside the folder can be written.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

export class UnsafePathError extends Error {
  override name = 'UnsafePathError';
}

/** Lowercase names, digits, dashes, underscores and dots, in folders; ending in .json. */
const SAFE_FILE = /^(?:[a-z0-9_][a-z0-9_.-]*\/)*[a-z0-9_][a-z0-9_.-]*\.json$/i;

/** Where a document of the content folder is on disk; throws for anything that could leave the folder. */
export function resolveContentFile(contentDir: string, file: unknown): string {
  if (typeof file !== 'string' || !file) throw new UnsafePathError('no document named');
  if (file.includes('\0') || file.includes('\\') || isAbsolute(file))
    throw new UnsafePathError(`not a document of the content folder: ${JSON.stringify(file)}`);
  if (file.split('/').some((part) => part === '..' || part === '.' || part === ''))
    throw new UnsafePathError(`not a document of the content folder: ${JSON.stringify(file)}`);
  if (!SAFE_FILE.test(file)) throw new UnsafePathError(`not a JSON document name: ${JSON.stringify(file)}`);
  const root = realpathSync(contentDir);
  const path = join(root, file);
  const inside = (candidate: string) => {
    const rel = relative(root, candidate);
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  };
  if (!inside(path)) throw new UnsafePathError(`outside the content folder: ${JSON.stringify(file)}`);
  // A symbolic link inside the folder must not lead out of it: check the deepest part that exists, as resolved.
  let existing = path;
  while (!existsSync(existing)) existing = dirname(existing);
  const real = realpathSync(existing);
  if (real !== root && !inside(real)) throw new UnsafePathError(`leads outside the content folder: ${JSON.stringify(file)}`);
  return path;
}

export const hashText = (text: string) => createHash('sha256').update(text).digest('hex');

export function readContentFile(contentDir: string, file: string): { text: string; hash: string } {
  const text = readFileSync(resolveContentFile(contentDir, file), 'utf8');
  return { text, hash: hashText(text) };
}

/** Writes the document: a temporary file beside it (not a .json name, so nothing reads it as content), flushed, renamed over it. */
export function writeContentFile(contentDir: string, file: string, text: string): string {
  const path = resolveContentFile(contentDir, file);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temporary, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return hashText(text);
}
