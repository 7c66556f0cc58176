/**
 * How the editor's endpoints reach the content folder: a document named by the browser is resolved
 * inside the content folder (pages-json/, or CONTENT_DIR) or refused, read, and (by `npm run dev`'s
 * document store, file-document-store.ts) written atomically (a temporary file in the same folder,
 * flushed, then renamed over the document), so a reader never sees half a file and nothing outside the
 * folder can be written.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

export class UnsafePathError extends Error {
  override name = 'UnsafePathError';
}

/** A name longer than a document's name may be (the disk refuses long names, and a page's address would be unreadable). */
export class NameTooLongError extends UnsafePathError {
  override name = 'NameTooLongError';
}

/** The document named is not in the content folder (or is a link to a file that does not exist). */
export class NoSuchDocumentError extends Error {
  override name = 'NoSuchDocumentError';
}

/** The longest name of a document or folder: far within the disk's 255 bytes, with room for the temporary file beside it. */
const MAX_NAME_LENGTH = 100;

/** Lowercase names, digits, dashes, underscores and dots, in folders; ending in .json. */
const SAFE_FILE = /^(?:[a-z0-9_][a-z0-9_.-]*\/)*[a-z0-9_][a-z0-9_.-]*\.json$/i;
/** An original of the media library (src/engine/model/media.ts): the one kind of file besides documents the editor writes. */
const MEDIA_ORIGINAL = /^_media\/[a-z0-9]+(-[a-z0-9]+)*\.(jpg|png|webp|avif|gif|svg)$/;

/** Where a document of the content folder is on disk; throws for anything that could leave the folder. */
export function resolveContentFile(contentDir: string, file: unknown): string {
  if (typeof file !== 'string' || !file) throw new UnsafePathError('no document named');
  if (file.includes('\0') || file.includes('\\') || isAbsolute(file))
    throw new UnsafePathError(`not a document of the content folder: ${JSON.stringify(file)}`);
  if (file.split('/').some((part) => part === '..' || part === '.' || part === ''))
    throw new UnsafePathError(`not a document of the content folder: ${JSON.stringify(file)}`);
  const long = file.split('/').find((part) => part.length > MAX_NAME_LENGTH);
  if (long)
    throw new NameTooLongError(
      `the name "${long.slice(0, 20)}…" is too long: at most ${MAX_NAME_LENGTH} characters for each folder and file name (this one has ${long.length})`,
    );
  if (!SAFE_FILE.test(file) && !MEDIA_ORIGINAL.test(file)) throw new UnsafePathError(`not a JSON document name: ${JSON.stringify(file)}`);
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

/** The document's text and hash; NoSuchDocumentError when there is no such file (or only a link to none). */
export function readContentFile(contentDir: string, file: string): { text: string; hash: string } {
  const path = resolveContentFile(contentDir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'ELOOP') throw error;
    const link = lstatIfAny(path)?.isSymbolicLink();
    throw new NoSuchDocumentError(`no such document: ${file}${link ? ' (a link to a file that does not exist)' : ''}`);
  }
  return { text, hash: hashText(text) };
}

function lstatIfAny(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Writes the document: a temporary file beside it (not a .json name, so nothing reads it as content), flushed, renamed over it. */
export function writeContentFile(contentDir: string, file: string, text: string | Uint8Array): string {
  const path = resolveContentFile(contentDir, file);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temporary, 'wx');
  try {
    if (typeof text === 'string') writeSync(fd, text);
    else writeSync(fd, text);
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
  return typeof text === 'string' ? hashText(text) : '';
}
