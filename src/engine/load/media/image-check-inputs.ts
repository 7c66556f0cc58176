/** What the image checks read from disk: a media file's size, and a variant's size in the build's image cache. */
import { join } from 'node:path';
import { MEDIA_DIR, type MediaRecord } from '../../model/media';
import { fileSize, type ImageCheckInputs } from '../checks/image-checks';
import type { LoadedPage } from '../content-types';
import type { ReadDocuments } from '../stages/read-documents';

/**
 * The build's image cache (src/engine/tooling/media/image-cache.ts keeps its files there, named as dist/_img/ names
 * them); IMAGE_CACHE_DIR puts it elsewhere (the bench's builds with an empty cache).
 */
export const imageCacheDir = (rootDir: string) =>
  process.env.IMAGE_CACHE_DIR || join(rootDir, 'node_modules', '.cache', 'reachwell-images');

export function imageCheckInputs(
  contentDir: string,
  rootDir: string,
  read: ReadDocuments,
  pages: readonly LoadedPage[],
  media: Record<string, MediaRecord>,
): ImageCheckInputs {
  const cache = imageCacheDir(rootDir);
  return {
    pages,
    media,
    mediaFileSize: (file) => fileSize(join(contentDir, MEDIA_DIR, file)),
    variantSize: (name) => fileSize(join(cache, name)),
    display: read.display,
  };
}
