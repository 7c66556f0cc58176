/**
 * An upload's body: the file's bytes as they are (`application/octet-stream` or `image/*`, which a form on another
 * site cannot send without a preflight), read as they arrive and refused (413) as soon as they pass the largest image
 * the media library takes, or at once when the declared length does: nothing more is read and nothing is written.
 */
import type { IncomingMessage } from 'node:http';
import { INGEST_LIMITS } from '../../engine/tooling/media/ingest';
import { HttpError } from './http';

/** The largest body an upload may have: the largest image the media library takes (src/engine/tooling/media/ingest.ts). */
export const UPLOAD_LIMIT = INGEST_LIMITS.maxBytes;

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Why an upload of `bytes` is refused (413). */
export const uploadTooLargeMessage = (bytes: number) =>
  `Not added: this file is ${megabytes(bytes)} or more, and an image can be at most ${UPLOAD_LIMIT / 1e6} MB. ` +
  `Export it smaller (a photo 2,000 pixels wide is plenty for any section) and add it again.`;

const UPLOAD_TYPE = /^(application\/octet-stream|image\/[a-z0-9.+-]+)\s*(;|$)/i;

export async function readUpload(req: IncomingMessage): Promise<Buffer> {
  if (!UPLOAD_TYPE.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, "send the file's bytes as they are (Content-Type: application/octet-stream), not a form");
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > UPLOAD_LIMIT) throw new HttpError(413, uploadTooLargeMessage(declared));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > UPLOAD_LIMIT) {
      req.resume(); // the rest is dropped unread
      throw new HttpError(413, uploadTooLargeMessage(size));
    }
    chunks.push(chunk);
  }
  if (!size) throw new HttpError(422, 'Not added: the file is empty');
  return Buffer.concat(chunks);
}
