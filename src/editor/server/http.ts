/**
 * The editor endpoints' HTTP plumbing on plain node:http: reading a JSON body, answering JSON or HTML, and
 * the words an error may show the browser. An error's message reaches the browser without any absolute path
 * of the machine (the content folder's, the project's): those stay in the terminal, with the stack.
 */
import { realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sep } from 'node:path';
import { escapeHtml } from '../../render/html';

const MAX_BODY = 10 * 1024 * 1024;

/** An answer other than 200, with words for the marketer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readBody(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'send JSON (Content-Type: application/json)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'the request is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the request is not valid JSON');
  }
}

export function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  // Only the editor may frame its previews.
  res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
  res.end(html);
}

/** A page that says what went wrong, for a preview frame (its words only). */
export const errorPage = (message: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Cannot be shown</title></head><body><main><p>${escapeHtml(message)}</p></main></body></html>\n`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Takes the machine's folders out of a message: each of `folders` (and where it really is, through links) is
 * replaced by its name for people (`pages-json`, `the project`), longest first, so a message says
 * `pages-json/es/story.json`, never `/home/.../pages-json/es/story.json`.
 */
export function withoutFolders(folders: Record<string, string>): (message: string) => string {
  const pairs: [string, string][] = [];
  for (const [folder, name] of Object.entries(folders)) {
    pairs.push([folder, name]);
    try {
      const real = realpathSync(folder);
      if (real !== folder) pairs.push([real, name]);
    } catch {
      // not there (yet): its name as given is enough
    }
  }
  pairs.sort(([a], [b]) => b.length - a.length);
  return (message) => {
    let out = message;
    for (const [folder, name] of pairs) {
      if (folder === sep || !folder) continue;
      out = out.split(folder).join(name);
    }
    return out;
  };
}

/** Any absolute path still left in an unexpected error's message (a file of a package, a temporary folder). */
const ABSOLUTE_PATH = /(?<![\w.@+-])(?:file:\/\/)?(?:\/[\w.@+-]+){2,}\/?/g;

/**
 * The status and the words an error answers with. An HttpError says its own words; anything else is a failure
 * of the server: 500, its message without any absolute path and a pointer to the terminal, where `log` writes
 * the whole stack.
 */
export function errorAnswer(
  error: unknown,
  scrub: (message: string) => string,
  log: (message: string) => void,
): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.status, message: scrub(error.message) };
  log(`[editor] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const message = scrub(messageOf(error)).replace(ABSOLUTE_PATH, '(a file of the server)');
  return { status: 500, message: `The editor's server failed: ${message} (the details are in the terminal running npm run dev)` };
}
