/**
 * Adds an image to the media library (pages-json/_media/): the one way a file gets there, used by `npm run media:add`
 * (ingestImage, which writes the files) and the editor's upload (prepareImage, then placeInLibrary in the write's
 * turn, whose files the editor's document store writes: a commit on the change set in the hosted editor). Its type is
 * told by its bytes; sizes are limited; a raster image is stored without its metadata (EXIF, GPS, camera, comments:
 * sharp writes none) and turned upright; an SVG is refused or cleaned (svg-safety.ts); a picture already in the
 * library is not stored twice (same content hash: its record is returned); the record is measured from the stored
 * file (size, hash, a ThumbHash placeholder). */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { EXTENSIONS, sniffImageFormat } from '../../load/media/sniff';
import { MEDIA_DIR, type MediaFormat, type MediaRecord } from '../../model/media';
import { sanitizeSvg, svgSize } from './svg-safety';

export const INGEST_LIMITS = {
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

/** What an ingest would write, by path in the content folder (`_media/team.jpg`), not yet written. */
export type IngestPlan =
  | { added: true; id: string; record: MediaRecord; files: Record<string, Uint8Array | string> }
  | { added: false; id: string; record: MediaRecord; files: Record<string, never> }
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
  // An animation is decoded whole: its frames together are held to what one picture may have.
  const frames = meta.pages ?? 1;
  const pixels = meta.width * (meta.pageHeight ?? meta.height) * frames;
  if (frames > 1 && pixels > maxSide ** 2)
    return {
      refused: `this animation has ${frames} frames of ${meta.width}x${meta.pageHeight ?? meta.height} pixels, ${Math.round(pixels / 1e6)} million pixels in all; the most taken is ${(maxSide ** 2 / 1e6).toFixed(0)} million: make it shorter or smaller first`,
    };
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
  // Its header read, its pixels may still not be (a file cut short): refused in words, with the decoder's reason.
  const encoded = await image.toBuffer({ resolveWithObject: true }).catch((error: Error) => error);
  if (encoded instanceof Error) {
    const reason = encoded.message.split('\n')[0].replace(/^\w+: /, '');
    return { refused: `this file cannot be read as an image: it may be damaged or cut short (${reason})` };
  }
  const { data, info } = encoded;
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

/** A ThumbHash of the picture (at most 100x100 pixels), base64. */
async function placeholderOf(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes).resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/** The extensions a name may end with for each format (a name ending otherwise says nothing about its type). */
const NAMED_AS: Record<string, MediaFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  svg: 'svg',
};
const FORMAT_NAMES: Record<MediaFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF', svg: 'SVG' };

/** Why a file whose name claims one image format but whose bytes are another is refused, or undefined. */
function nameMismatch(name: string, format: MediaFormat): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const named = extension === undefined ? undefined : NAMED_AS[extension];
  if (!named || named === format) return undefined;
  return `this file is named .${extension} but it is a ${FORMAT_NAMES[format]} image: rename it to .${EXTENSIONS[format]} (or export it again as ${FORMAT_NAMES[named]}) and add it again`;
}

/** Adds the image to the media library on disk (npm run media:add). */
export async function ingestImage(request: IngestRequest): Promise<IngestResult> {
  const plan = await planIngest(request);
  if ('refused' in plan || !plan.added) return 'refused' in plan ? plan : { ...plan, files: [] };
  const mediaDir = join(request.contentDir, MEDIA_DIR);
  mkdirSync(mediaDir, { recursive: true });
  for (const [file, content] of Object.entries(plan.files)) writeFileSync(join(request.contentDir, file), content);
  return { ...plan, files: Object.keys(plan.files) };
}

/** An image checked and made ready to store (its bytes, its size, its hash), before the library is looked at. */
export interface PreparedImage {
  format: MediaFormat;
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
  placeholder?: string;
}

/**
 * The checks that need only the file: its size, its type by its bytes (and its name agreeing), its pixels; and the
 * bytes as they would be stored. The slow part of an ingest (sharp), done before the library's turn.
 */
export async function prepareImage(bytes: Uint8Array, name: string): Promise<PreparedImage | { refused: string }> {
  if (bytes.byteLength > INGEST_LIMITS.maxBytes)
    return { refused: `this file is ${(bytes.byteLength / 1e6).toFixed(1)} MB; the largest taken is ${INGEST_LIMITS.maxBytes / 1e6} MB` };
  const format = sniffImageFormat(bytes);
  if (!format) return { refused: 'this file is not an image the site can show: use JPEG, PNG, WebP, AVIF, GIF or SVG' };
  const mismatch = nameMismatch(name, format);
  if (mismatch) return { refused: mismatch };
  const stored = await storedBytes(bytes, format);
  if ('refused' in stored) return stored;
  const sha256 = createHash('sha256').update(stored.bytes).digest('hex');
  // No placeholder where the picture lets its background through: the blur would show around what it draws.
  const opaque = format !== 'svg' && (await sharp(stored.bytes).stats()).isOpaque;
  return { format, ...stored, sha256, ...(opaque ? { placeholder: await placeholderOf(stored.bytes) } : {}) };
}

/** The library's records by id, as they are in `contentDir` now. */
export const mediaRecordsIn = (contentDir: string) => existingRecords(join(contentDir, MEDIA_DIR));

/** The record of a prepared image: measured by the tools, written by people (`request`). */
export function recordOf(
  prepared: PreparedImage,
  file: string,
  request: Pick<IngestRequest, 'alt' | 'decorative' | 'caption' | 'credit' | 'focus'>,
): MediaRecord {
  return {
    $schema: RECORD_SCHEMA,
    file,
    sha256: prepared.sha256,
    format: prepared.format,
    width: prepared.width,
    height: prepared.height,
    ...(prepared.placeholder ? { placeholder: prepared.placeholder } : {}),
    ...(request.decorative ? { decorative: true as const } : { alt: request.alt!.trim() }),
    ...(request.caption ? { caption: request.caption } : {}),
    ...(request.credit ? { credit: request.credit } : {}),
    ...(request.focus ? { focus: request.focus } : {}),
  };
}

/** A prepared image's place in the library as it is in `contentDir` now: the record it already has, or its files to write. */
export function placeInLibrary(request: Omit<IngestRequest, 'bytes'>, prepared: PreparedImage): IngestPlan {
  const mediaDir = join(request.contentDir, MEDIA_DIR);
  const records = existingRecords(mediaDir);
  for (const [id, record] of records) if (record.sha256 === prepared.sha256) return { added: false, id, record, files: {} };
  const base = request.id ?? slugOf(request.name);
  let id = base;
  for (let n = 2; records.has(id) || existsSync(join(mediaDir, `${id}.${EXTENSIONS[prepared.format]}`)); n++) id = `${base}-${n}`;
  const file = `${id}.${EXTENSIONS[prepared.format]}`;
  const record = recordOf(prepared, file, request);
  const files = { [`${MEDIA_DIR}/${file}`]: new Uint8Array(prepared.bytes), [`${MEDIA_DIR}/${id}.json`]: recordText(record) };
  return { added: true, id, record, files };
}

export const recordText = (record: MediaRecord) => `${JSON.stringify(record, null, 2)}\n`;

/** The longest alt text, caption or credit an image's record takes, in characters. */
export const MEDIA_TEXT_MAX = 1000;

/** Why an image's alt text will not do (none where it needs some, or too long), or undefined. */
export const altRefusal = (request: Pick<IngestRequest, 'alt' | 'decorative'>) =>
  !request.alt?.trim() && !request.decorative
    ? 'an image needs alt text (what it shows, for people who cannot see it), or to be declared decorative'
    : request.alt && request.alt.length > MEDIA_TEXT_MAX
      ? `alt text is at most ${MEDIA_TEXT_MAX} characters; this has ${request.alt.length}`
      : undefined;

/**
 * What adding the image would write, checked and measured, reading the library as it is in `contentDir`: nothing is
 * written here (the caller writes `files` in its own turn).
 */
async function planIngest(request: IngestRequest): Promise<IngestPlan> {
  const prepared = await prepareImage(request.bytes, request.name);
  if ('refused' in prepared) return prepared;
  const noAlt = altRefusal(request);
  if (noAlt) return { refused: noAlt };
  return placeInLibrary(request, prepared);
}
