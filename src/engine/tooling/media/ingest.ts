/**
 * Adds an image to the media library (pages-json/_media/): the one way a file gets there, used by `npm run media:add`
 * and meant for the editor's upload. Its type is told by its bytes; sizes are limited; a raster image is stored
 * without its metadata (EXIF, GPS, camera, comments: sharp writes none) and turned upright; an SVG is refused or
 * cleaned (svg-safety.ts); a picture already in the library is not stored twice (same content hash: its record is
 * returned); the record is measured from the stored file (size, hash, a ThumbHash placeholder).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { EXTENSIONS, sniffImageFormat } from '../../load/media/sniff';
import { MEDIA_DIR, type MediaFormat, type MediaRecord } from '../../model/media';
import { sanitizeSvg, svgSize } from './svg-safety';

const INGEST_LIMITS = {
  /** The largest file taken, in bytes. */
  maxBytes: 20_000_000,
  /** The widest and tallest, in pixels (sharp refuses to open larger without saying so). */
  maxSide: 8000,
  /** The narrowest and shortest: anything smaller is an icon, not a picture. */
  minSide: 16,
};

export interface IngestRequest {
  contentDir: string;
  bytes: Uint8Array;
  /** The name it came with, for its id ("Team photo.JPG" -> "team-photo"), unless `id` is given. */
  name: string;
  id?: string;
  alt?: string;
  decorative?: boolean;
  caption?: string;
  credit?: string;
  focus?: { x: number; y: number };
}

export type IngestResult =
  | { added: true; id: string; record: MediaRecord; files: string[] }
  /** The same picture is in the library already: its record, untouched. */
  | { added: false; id: string; record: MediaRecord; files: [] }
  | { refused: string };

const RECORD_SCHEMA = '../../schemas/media.schema.json';

const slugOf = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'image';

function existingRecords(mediaDir: string): Map<string, MediaRecord> {
  const records = new Map<string, MediaRecord>();
  if (!existsSync(mediaDir)) return records;
  for (const file of readdirSync(mediaDir).filter((f) => f.endsWith('.json'))) {
    try {
      records.set(file.slice(0, -5), JSON.parse(readFileSync(join(mediaDir, file), 'utf8')) as MediaRecord);
    } catch {
      // a record that does not parse is validation's to report
    }
  }
  return records;
}

/** The stored bytes: metadata stripped and the picture upright (raster), or the cleaned SVG. */
async function storedBytes(
  bytes: Uint8Array,
  format: MediaFormat,
): Promise<{ bytes: Buffer; width: number; height: number } | { refused: string }> {
  if (format === 'svg') {
    const clean = sanitizeSvg(new TextDecoder().decode(bytes));
    if ('refused' in clean) return clean;
    const size = svgSize(clean.svg);
    if (!size) return { refused: 'this SVG has no size: give its <svg> element a viewBox (or width and height)' };
    return { bytes: Buffer.from(clean.svg), ...size };
  }
  let image = sharp(bytes, { animated: format === 'gif' || format === 'webp', limitInputPixels: INGEST_LIMITS.maxSide ** 2 }).rotate();
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) return { refused: 'this file cannot be read as an image: it may be damaged' };
  const { maxSide, minSide } = INGEST_LIMITS;
  if (meta.width > maxSide || meta.height > maxSide)
    return {
      refused: `this image is ${meta.width}x${meta.height} pixels; the largest taken is ${maxSide} pixels on each side: make it smaller first`,
    };
  if (meta.width < minSide || meta.height < minSide)
    return { refused: `this image is ${meta.width}x${meta.height} pixels; the smallest taken is ${minSide} pixels on each side` };
  image =
    format === 'jpeg'
      ? image.jpeg({ quality: 92, mozjpeg: true })
      : format === 'png'
        ? image.png({ compressionLevel: 9 })
        : format === 'webp'
          ? image.webp({ quality: 92 })
          : format === 'avif'
            ? image.avif({ quality: 70 })
            : image.gif();
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

/** A ThumbHash of the picture (at most 100x100 pixels), base64. */
async function placeholderOf(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes).resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

export async function ingestImage(request: IngestRequest): Promise<IngestResult> {
  const { contentDir, bytes } = request;
  if (bytes.byteLength > INGEST_LIMITS.maxBytes)
    return { refused: `this file is ${(bytes.byteLength / 1e6).toFixed(1)} MB; the largest taken is ${INGEST_LIMITS.maxBytes / 1e6} MB` };
  const format = sniffImageFormat(bytes);
  if (!format) return { refused: 'this file is not an image the site can show: use JPEG, PNG, WebP, AVIF, GIF or SVG' };
  if (!request.alt?.trim() && !request.decorative)
    return { refused: 'an image needs alt text (what it shows, for people who cannot see it), or to be declared decorative' };
  const stored = await storedBytes(bytes, format);
  if ('refused' in stored) return stored;
  const sha256 = createHash('sha256').update(stored.bytes).digest('hex');
  const mediaDir = join(contentDir, MEDIA_DIR);
  const records = existingRecords(mediaDir);
  for (const [id, record] of records) if (record.sha256 === sha256) return { added: false, id, record, files: [] };
  const base = request.id ?? slugOf(request.name);
  let id = base;
  for (let n = 2; records.has(id) || existsSync(join(mediaDir, `${id}.${EXTENSIONS[format]}`)); n++) id = `${base}-${n}`;
  const file = `${id}.${EXTENSIONS[format]}`;
  const record: MediaRecord = {
    $schema: RECORD_SCHEMA,
    file,
    sha256,
    format,
    width: stored.width,
    height: stored.height,
    // No placeholder where the picture lets its background through: the blur would show around what it draws.
    ...(format === 'svg' || !(await sharp(stored.bytes).stats()).isOpaque ? {} : { placeholder: await placeholderOf(stored.bytes) }),
    ...(request.decorative ? { decorative: true as const } : { alt: request.alt!.trim() }),
    ...(request.caption ? { caption: request.caption } : {}),
    ...(request.credit ? { credit: request.credit } : {}),
    ...(request.focus ? { focus: request.focus } : {}),
  };
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(join(mediaDir, file), stored.bytes);
  writeFileSync(join(mediaDir, `${id}.json`), `${JSON.stringify(record, null, 2)}\n`);
  return { added: true, id, record, files: [`${MEDIA_DIR}/${file}`, `${MEDIA_DIR}/${id}.json`] };
}
