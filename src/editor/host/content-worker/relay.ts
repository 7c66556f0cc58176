/**
 * An HTTP exchange carried across threads: the main thread reads a request's body (refusing one too large before
 * reading more of it) and writes the answer; in the worker, the endpoints (src/editor/server/endpoints.ts) handle it
 * as node:http objects, unchanged, and their answer is captured whole.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { DOCUMENT_LIMITS, tooLargeMessage } from '../../server/document-limits';
import { UPLOAD_LIMIT, uploadTooLargeMessage } from '../../server/upload-body';

/** How large a request's body may be and what a larger one is told: a document's, or an upload's (an image's bytes). */
export interface BodyLimit {
  bytes: number;
  message: (bytes: number) => string;
}

export const DOCUMENT_BODY: BodyLimit = { bytes: DOCUMENT_LIMITS.bytes, message: tooLargeMessage };
export const UPLOAD_BODY: BodyLimit = { bytes: UPLOAD_LIMIT, message: uploadTooLargeMessage };
import type { RelayedAnswer, RelayedRequest } from './content-worker-protocol';

/** How long the rest of a refused body is read and dropped, so its sender reads the answer before the connection ends. */
const LINGER_MS = 5_000;

/**
 * The rest of a body too large to take is dropped as it comes (never kept), and the connection ended once the sender
 * stops or after LINGER_MS: closed at once, a sender still writing gets a reset instead of the 413 sent before it.
 */
function lingerThenClose(req: IncomingMessage): void {
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

/** The person's browser went before its request's body came whole: nobody to answer, nothing to do. */
export class ClientGone extends Error {
  override name = 'ClientGone';
  constructor() {
    super('the browser closed the connection before its request came whole');
  }
}

/**
 * The request read whole, or the answer when its body is larger than the limit (the rest is dropped unread);
 * ClientGone when the connection closed first (also before this was called: while the change set's workspace opened).
 */
export async function readRelayedRequest(
  req: IncomingMessage,
  limit: BodyLimit,
): Promise<{ request: RelayedRequest } | { tooLarge: RelayedAnswer }> {
  const maxBytes = limit.bytes;
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  // Read by events, not `for await`: leaving such a loop early destroys the connection, and a client still sending
  // then meets a reset that can throw away the answer it had not read yet (EPIPE instead of the 413).
  const whole =
    declared <= maxBytes &&
    (await new Promise<boolean>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) return void chunks.push(chunk);
        req.off('data', onData);
        resolve(false);
      };
      req.on('data', onData);
      req.once('end', () => resolve(true));
      req.once('error', () => reject(new ClientGone()));
      // Closed before its end (its 'error' may have come before anyone listened): the end will not come. (After the
      // end, this changes nothing: the promise is settled.)
      req.once('close', () => reject(new ClientGone()));
      if (req.destroyed && !req.readableEnded) reject(new ClientGone());
    }));
  if (!whole) {
    lingerThenClose(req);
    return {
      tooLarge: {
        handled: true,
        status: 413,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        body: JSON.stringify({ message: limit.message(Math.max(declared, size)) }),
      },
    };
  }
  const { method = 'GET', url = '/', headers } = req;
  return { request: { method, url, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) } };
}

export function sendRelayedAnswer(res: ServerResponse, answer: RelayedAnswer) {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** In the worker: the request as node:http would give it to the endpoints. */
export function incomingOf(request: RelayedRequest): IncomingMessage {
  const stream = Readable.from(request.body ? [Buffer.from(request.body)] : []);
  return Object.assign(stream, {
    method: request.method,
    url: request.url,
    headers: request.headers,
    // The host checked who asks before relaying: the endpoints' own guard is off (workspace-endpoints.ts).
    socket: { remoteAddress: undefined },
  }) as unknown as IncomingMessage;
}

/** In the worker: a response the endpoints write as they would to node:http, kept whole. */
export class CapturedAnswer {
  statusCode = 200;
  headersSent = false;
  private headers: Record<string, string | number | string[]> = {};
  private body = '';
  private ended?: () => void;
  readonly done = new Promise<void>((resolve) => (this.ended = resolve));

  setHeader(name: string, value: string | number | string[]) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }

  writeHead(status: number, headers: Record<string, string | number | string[]> = {}) {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return this;
  }

  end(chunk?: string | Uint8Array) {
    if (chunk !== undefined) this.body += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    this.headersSent = true;
    this.ended?.();
    return this;
  }

  asResponse(): ServerResponse {
    return this as unknown as ServerResponse;
  }

  answer(handled: boolean): RelayedAnswer {
    return { handled, status: this.statusCode, headers: this.headers, body: this.body };
  }
}
