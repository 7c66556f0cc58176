/**
 * The images of the editor's pages of the site: `<base>/_img/<file>`, made on first request from the media of the
 * content shown (its record and original in `<content>/_media/`) through the build's image cache, as `npm run dev` does
 * (src/dev/image-files.ts). A change set's previews (draft preview, its page after, its preview link) from its
 * worktree; a review's "before" side from the published site; a version in history (or a published change set's
 * before and after) from that version. A file's name is a hash of the record's content, so a name that does not match
 * the shown content's record (another version, another id) is not found.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { ROOT_DIR } from '../../engine/load/content-env';
import { imageCacheDir } from '../../engine/load/media/image-check-inputs';
import { MEDIA_DIR, mediaRecordFile, mediaRecordSchema, type MediaRecord } from '../../engine/model/media';
import { isSlotSize, SVG_CSP, variantKey } from '../../engine/model/picture';
import { imageCache } from '../../engine/tooling/media/image-cache';
import { parseImageName } from '../../engine/tooling/media/variant-names';

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml' };

const cache = imageCache(imageCacheDir(ROOT_DIR));

async function recordIn(contentDir: string, id: string): Promise<MediaRecord | undefined> {
  try {
    const parsed = mediaRecordSchema.safeParse(JSON.parse(await readFile(join(contentDir, mediaRecordFile(id)), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Answers `<base>/_img/<name>` from the content folder `contentDir`; `whose` names it when it has no such image. */
export async function sendPreviewImage(
  contentDir: string,
  name: string,
  reply: FastifyReply,
  whose = 'This change set',
): Promise<FastifyReply> {
  const file = parseImageName(name);
  const record = file && (await recordIn(contentDir, file.id));
  const matches =
    file &&
    record &&
    (file.kind === 'svg'
      ? record.sha256.startsWith(file.hash)
      : variantKey(record, file.width, file.height, file.format) === file.key && isSlotSize(record, file.width, file.height));
  if (!file || !record || !matches)
    return reply
      .code(404)
      .header('Cache-Control', 'no-store')
      .send({ error: 'not_found', message: `${whose} has no such image.` });
  const original = join(contentDir, MEDIA_DIR, record.file);
  const path =
    file.kind === 'svg'
      ? original
      : await cache.variant({ name, record, original, width: file.width, height: file.height, format: file.format });
  reply
    .type(TYPES[name.split('.').pop()!])
    // Named by its content: the same name is always the same picture. Private: it is the editor's, not the site's.
    .header('Cache-Control', 'private, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff');
  // An SVG opened on its own runs nothing and loads nothing (it was sanitized when added; this holds if it was not).
  if (file.kind === 'svg') reply.header('Content-Security-Policy', SVG_CSP);
  return reply.send(await readFile(path));
}
