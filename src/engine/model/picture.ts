/**
 * An image as a section shows it: the `<picture>` data for one media record in one slot (image-layouts.ts), made when
 * a page renders. Every variant's address is a pure function of the record's content hash, its focal point, the
 * size and the encoder settings, so a page renders without waiting on an encoder, the same picture is one file
 * wherever it shows, and any change gives a new address (served with immutable caching). The build makes the files
 * the pages name (scripts/build/images/).
 */
import { createHash } from 'node:crypto';
import { thumbHashToDataURL } from 'thumbhash';
import { IMAGE_LAYOUTS, variantWidths } from './image-layouts';
import type { ImageLayoutName } from './json-schema-node';
import type { PictureData } from '../../lib/picture-data';
import type { MediaFormat, MediaLibrary, MediaRecord } from './media';

/** Where variants and originals are served from: one folder of content-hashed files. */
export const IMAGE_URL_PREFIX = '/_img/';

/** The Content-Security-Policy an SVG is sent with by a server that makes images on request: opened on its own, it runs and loads nothing. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The encoders' settings: part of every variant's address, so a change here makes new files (and never reuses old ones). */
export const ENCODER_SETTINGS = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 74, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, palette: true },
} as const;
export type OutputFormat = keyof typeof ENCODER_SETTINGS;

const EXTENSION: Record<OutputFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
const MIME: Record<OutputFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** The format a browser without AVIF and WebP gets: the original's, or the nearest one every browser shows. */
const fallbackFormat = (format: MediaFormat): OutputFormat =>
  format === 'png' || format === 'gif' ? 'png' : format === 'webp' ? 'webp' : 'jpeg';

/** The height a slot shows a `width`-wide variant at: the slot's shape, or the original's. */
export function heightFor(record: Pick<MediaRecord, 'width' | 'height'>, width: number, ratio: number | undefined): number {
  return Math.max(1, Math.round(width / (ratio ?? record.width / record.height)));
}

/** The short hash naming one variant: the original's content, the focal point, the size, the format and its settings. */
export function variantKey(record: Pick<MediaRecord, 'sha256' | 'focus'>, width: number, height: number, format: OutputFormat): string {
  const inputs = JSON.stringify([record.sha256, record.focus ?? null, width, height, format, ENCODER_SETTINGS[format]]);
  return createHash('sha256').update(inputs).digest('hex').slice(0, 16);
}

/**
 * Whether a page can name a `width`x`height` variant of `record`: a size of one of the slots (image-layouts.ts) for it,
 * as pictureOf, sharedImageOf and phoneVariant make them. A server that makes variants on request (the dev server, the
 * hosted editor's previews) refuses any other size: the key is no secret (it hashes the record), and a request for a
 * 40000-pixel variant would have it draw one.
 */
export function isSlotSize(record: Pick<MediaRecord, 'width' | 'height'>, width: number, height: number): boolean {
  return Object.values(IMAGE_LAYOUTS).some(
    (layout) =>
      (variantWidths(layout, record.width).includes(width) || width === layout.width) && heightFor(record, width, layout.ratio) === height,
  );
}

/** A variant's address: `/_img/<id>-<key>-<width>x<height>.<ext>` (read back by scripts/build/images/variant-urls.ts). */
export function variantUrl(id: string, record: MediaRecord, width: number, height: number, format: OutputFormat): string {
  return `${IMAGE_URL_PREFIX}${id}-${variantKey(record, width, height, format)}-${width}x${height}.${EXTENSION[format]}`;
}

/** An SVG is served as it is, named by its content hash. */
const svgUrl = (id: string, record: MediaRecord) => `${IMAGE_URL_PREFIX}${id}-${record.sha256.slice(0, 16)}.svg`;

/** The `<picture>` of record `id` in the slot `layoutName`; undefined when there is no such record (validation says so). */
export function pictureOf(
  media: MediaLibrary | undefined,
  id: string | undefined,
  layoutName: ImageLayoutName,
  priority = false,
): PictureData | undefined {
  const record = id ? media?.[id] : undefined;
  if (!id || !record) return undefined;
  const layout = IMAGE_LAYOUTS[layoutName];
  const alt = record.decorative ? '' : (record.alt ?? '');
  if (record.format === 'svg') {
    // Drawn to fit its box at its own shape (an SVG is never cropped), so the box has the drawing's shape.
    const height = heightFor(record, layout.width, undefined);
    return { src: svgUrl(id, record), width: layout.width, height, alt, sources: [], priority };
  }
  const widths = variantWidths(layout, record.width);
  const set = (format: OutputFormat) =>
    widths.map((width) => `${variantUrl(id, record, width, heightFor(record, width, layout.ratio), format)} ${width}w`).join(', ');
  const fallback = fallbackFormat(record.format);
  // The 1x width of the slot (or the widest there is) is the src a browser without srcset takes, and its size the box.
  const base = widths.find((width) => width >= layout.width) ?? widths.at(-1)!;
  const height = heightFor(record, base, layout.ratio);
  const sources = (['avif', 'webp'] as const)
    .filter((format) => format !== fallback)
    .map((format) => ({ type: MIME[format], srcset: set(format) }));
  return {
    src: variantUrl(id, record, base, height, fallback),
    srcset: set(fallback),
    sizes: layout.sizes,
    width: base,
    height,
    alt,
    sources,
    ...(record.placeholder ? { placeholder: thumbHashToDataURL(Buffer.from(record.placeholder, 'base64')) } : {}),
    priority,
  };
}

/** The bytes of a variant by its file name (`/_img/` aside), when it was made already; undefined otherwise. */
export type VariantSizeOf = (fileName: string) => number | undefined;

/** Lighthouse's phone (412 px at 1.75x) and most phones fetch about 720 pixels across for a full-width slot. */
const PHONE_PIXELS = 720;

/** The file name of the variant a phone downloads first for `layout`: AVIF at the width its screen picks. */
export function phoneVariant(id: string, record: MediaRecord, layoutName: ImageLayoutName): string {
  const layout = IMAGE_LAYOUTS[layoutName];
  const widths = variantWidths(layout, record.width);
  const width = widths.find((w) => w >= Math.min(PHONE_PIXELS, layout.width * 2)) ?? widths.at(-1)!;
  return variantUrl(id, record, width, heightFor(record, width, layout.ratio), 'avif').slice(IMAGE_URL_PREFIX.length);
}

/** A page's image when shared (`meta.image`): 1200x630, cropped around its focal point, in a format every network reads. */
export function sharedImageOf(
  media: MediaLibrary | undefined,
  id: string | undefined,
): { url: string; width: number; height: number; alt: string } | undefined {
  const record = id ? media?.[id] : undefined;
  if (!id || !record) return undefined;
  const { width, ratio } = IMAGE_LAYOUTS.social;
  const height = heightFor(record, width, ratio);
  const format = record.format === 'svg' ? 'png' : fallbackFormat(record.format);
  return { url: variantUrl(id, record, width, height, format), width, height, alt: record.decorative ? '' : (record.alt ?? '') };
}
