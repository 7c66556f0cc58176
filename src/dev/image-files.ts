/**
 * `/_img/<file>` in `npm run dev` (and the editor's preview in it): each image file a page names, made on first request
 * from the media library through the build's image cache (src/engine/tooling/media/image-cache.ts), so the preview
 * shows what the build will publish, and a file made here is one the next build does not make again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect } from 'vite';
import { CONTENT_DIR, ROOT_DIR } from '../engine/load/content-env';
import { imageCacheDir } from '../engine/load/media/image-check-inputs';
import type { MediaRecord } from '../engine/model/media';
import { MEDIA_DIR } from '../engine/model/media';
import { IMAGE_URL_PREFIX, isSlotSize, SVG_CSP, variantKey } from '../engine/model/picture';
import { imageCache } from '../engine/tooling/media/image-cache';
import { parseImageName } from '../engine/tooling/media/variant-names';

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml' };

export function imageFiles(media: () => Readonly<Record<string, MediaRecord>> | undefined): Connect.NextHandleFunction {
  const cache = imageCache(imageCacheDir(ROOT_DIR));
  return (req, res, next) => {
    const file = parseImageName(decodeURIComponent((req.url ?? '').split('?')[0].replace(/^\//, '')));
    const record = file && media()?.[file.id];
    if (!file || !record) return next();
    const original = join(CONTENT_DIR, MEDIA_DIR, record.file);
    const send = (path: string) => {
      res.setHeader('Content-Type', TYPES[file.name.split('.').pop()!]);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // An SVG opened on its own, on the editor's own origin, runs nothing and loads nothing (as the hosted editor sends it).
      if (file.kind === 'svg') res.setHeader('Content-Security-Policy', SVG_CSP);
      res.end(readFileSync(path));
    };
    if (file.kind === 'svg') return send(original);
    if (variantKey(record, file.width, file.height, file.format) !== file.key || !isSlotSize(record, file.width, file.height))
      return next();
    cache.variant({ name: file.name, record, original, width: file.width, height: file.height, format: file.format }).then(send, next);
  };
}

export const IMAGE_FILES_PATH = IMAGE_URL_PREFIX.slice(0, -1);
