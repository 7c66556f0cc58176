/**
 * The build's image stage (write-site.ts, so `npm run build` and every publish's release alike): every image file the
 * site's pages name (in dist/, those just rendered and those taken from the release before) made from its original
 * through the image cache, or copied as it is for an SVG, and linked into dist/_img/. Then the LCP images are held to
 * their budget at phone width, as `npm run validate` does once the cache has them.
 */
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { imageCacheDir } from '../../../src/engine/load/media/image-check-inputs';
import { ROOT_DIR } from '../../../src/engine/load/content-env';
import { MEDIA_DIR, type MediaRecord } from '../../../src/engine/model/media';
import { IMAGE_URL_PREFIX, variantKey } from '../../../src/engine/model/picture';
import { imageCache } from '../../../src/engine/tooling/media/image-cache';
import { imageNamesIn, parseImageName } from '../../../src/engine/tooling/media/variant-names';

const IMAGE_DIR = IMAGE_URL_PREFIX.slice(1, -1);

function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Links `from` at `to` (a variant in the cache into dist), copying where the file system cannot link. */
function place(from: string, to: string) {
  if (existsSync(to)) return;
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

export interface WrittenImages {
  /** The files written, inside dist (`_img/...`). */
  files: string[];
  /** How many variants were made now, and how many were taken from the image cache (an SVG is neither). */
  made: number;
  reused: number;
  /** How long the stage took, in ms. */
  took: number;
}

export async function writeImages(dist: string, contentDir: string, media: Readonly<Record<string, MediaRecord>>): Promise<WrittenImages> {
  const started = performance.now();
  const names = new Set(htmlFilesUnder(dist).flatMap((file) => imageNamesIn(readFileSync(file, 'utf8'))));
  if (!names.size) return { files: [], made: 0, reused: 0, took: performance.now() - started };
  const cache = imageCache(imageCacheDir(ROOT_DIR));
  mkdirSync(join(dist, IMAGE_DIR), { recursive: true });
  const files: string[] = [];
  let variants = 0;
  const jobs = [...names].sort().map((name) => async () => {
    const file = parseImageName(name);
    const record = file && media[file.id];
    if (!file || !record) throw new Error(`a page names the image file ${IMAGE_URL_PREFIX}${name}, which no media record makes`);
    const original = join(contentDir, MEDIA_DIR, record.file);
    const target = join(dist, IMAGE_DIR, name);
    if (file.kind === 'svg') copyFileSync(original, target);
    else {
      if (variantKey(record, file.width, file.height, file.format) !== file.key)
        throw new Error(`a page names ${IMAGE_URL_PREFIX}${name}, made from another version of "${file.id}": render the page again`);
      variants++;
      place(await cache.variant({ name, record, original, width: file.width, height: file.height, format: file.format }), target);
    }
    files.push(`${IMAGE_DIR}/${name}`);
  });
  // Two at a time: sharp uses a thread per image already.
  const queue = [...jobs];
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
  return { files: files.sort(), made: cache.made, reused: variants - cache.made, took: performance.now() - started };
}
