/**
 * The image variants, made once: node_modules/.cache/reachwell-images/ keeps each file under the name dist/_img/ gives
 * it, which is a hash of the original's content, its focal point, the size and the encoder settings (never a time or a
 * path), so a copied project (`cp -a`) finds them, and a changed original or setting gets a new name. A variant is
 * written to a temporary name and renamed, so a build stopped halfway leaves no half file. Deleting the folder is safe.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ENCODER_SETTINGS, type OutputFormat } from '../../model/picture';
import type { MediaRecord } from '../../model/media';
import { INGEST_LIMITS } from './ingest';

interface VariantRequest {
  name: string;
  record: MediaRecord;
  /** The original's path. */
  original: string;
  width: number;
  height: number;
  format: OutputFormat;
}

/** The part of the original that keeps the shape `width`x`height`, centred on its focal point as far as the edges allow. */
function cropAround(record: MediaRecord, source: { width: number; height: number }, width: number, height: number) {
  const ratio = width / height;
  const { x = 0.5, y = 0.5 } = record.focus ?? {};
  const cropWidth = Math.min(source.width, Math.round(source.height * ratio));
  const cropHeight = Math.min(source.height, Math.round(source.width / ratio));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(x * source.width - cropWidth / 2, source.width - cropWidth),
    top: clamp(y * source.height - cropHeight / 2, source.height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

/**
 * The density an SVG is drawn at (72 is its own size): just large enough that the part a `width`x`height` variant
 * keeps is that many pixels, so a drawing is never scaled up, and one with a huge size of its own (a 60000-unit
 * viewBox) is not drawn at that size first.
 */
async function svgDensity(record: MediaRecord, bytes: Buffer, width: number, height: number): Promise<number> {
  // The size it draws at on its own (its width and height in any unit, else its viewBox), as the drawing library reads
  // it; the record's (svg-safety.ts) when that library will not read a size that large (over 32767 pixels a side).
  const own = await sharp(bytes, { density: 72, limitInputPixels: false })
    .metadata()
    .catch(() => record);
  const [ownWidth, ownHeight] = [own.width ?? record.width, own.height ?? record.height];
  const keptWidth = Math.min(ownWidth, ownHeight * (width / height));
  // Never more pixels than a decode may have, nor a side longer than the drawing library draws (a long, thin drawing):
  // then the part kept is scaled up a little.
  const largest = 72 * Math.min(Math.sqrt(MAX_PIXELS / (ownWidth * ownHeight)), SVG_SIDE_MAX / Math.max(ownWidth, ownHeight));
  return Math.max(1, Math.min(Math.ceil((72 * width) / keptWidth), Math.floor(largest)));
}

/** Never more pixels than an original may have (ingest.ts): sharp's own limit is four times that. */
const MAX_PIXELS = INGEST_LIMITS.maxSide ** 2;
/** The longest side librsvg draws. */
const SVG_SIDE_MAX = 32_767;

async function makeVariant({ record, original, width, height, format }: VariantRequest): Promise<Buffer> {
  // Decoded once, upright (an SVG drawn at the size the variant needs), then cropped and scaled.
  const bytes = readFileSync(original);
  const { data, info } = await sharp(bytes, {
    limitInputPixels: MAX_PIXELS,
    ...(record.format === 'svg' ? { density: await svgDensity(record, bytes, width, height) } : {}),
  })
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract(cropAround(record, info, width, height))
    .resize(width, height);
  if (format === 'avif') return image.avif(ENCODER_SETTINGS.avif).toBuffer();
  if (format === 'webp') return image.webp(ENCODER_SETTINGS.webp).toBuffer();
  if (format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg(ENCODER_SETTINGS.jpeg).toBuffer();
  return image.png(ENCODER_SETTINGS.png).toBuffer();
}

export interface ImageCache {
  dir: string;
  /** The cached file of a variant, made first when it is not there; `made` counts those made by this process. */
  variant: (request: VariantRequest) => Promise<string>;
  made: number;
}

export function imageCache(dir: string): ImageCache {
  /** Each variant being made: once, however many ask for it at once (two tabs opening the same page). */
  const making = new Map<string, Promise<string>>();
  const make = async (request: VariantRequest, path: string) => {
    const bytes = await makeVariant(request);
    mkdirSync(dir, { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
    cache.made++;
    return path;
  };
  const cache: ImageCache = {
    dir,
    made: 0,
    variant: (request) => {
      const path = join(dir, request.name);
      if (existsSync(path)) return Promise.resolve(path);
      let made = making.get(path);
      if (!made) {
        made = make(request, path).finally(() => making.delete(path));
        making.set(path, made);
      }
      return made;
    },
  };
  return cache;
}
