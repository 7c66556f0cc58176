/**
 * The image files a site's pages name, read back from their HTML: `/_img/<id>-<key>-<w>x<h>.<ext>` for a variant
 * (src/engine/model/picture.ts variantUrl) and `/_img/<id>-<hash>.svg` for an SVG served as it is. The pages are the
 * list of what to make: a page rendered in an incremental publish and a page taken from the release before alike.
 */
import { IMAGE_URL_PREFIX, type OutputFormat } from '../../model/picture';

export type ImageFile =
  | { name: string; id: string; kind: 'variant'; key: string; width: number; height: number; format: OutputFormat }
  | { name: string; id: string; kind: 'svg'; hash: string };

const FORMAT_OF: Record<string, OutputFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg', png: 'png' };
const VARIANT = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{16})-(\d+)x(\d+)\.(avif|webp|jpg|png)$/;
const SVG = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{16})\.svg$/;
const IN_HTML = new RegExp(`${IMAGE_URL_PREFIX.replaceAll('/', '\\/')}([a-z0-9.-]+)`, 'g');

export function parseImageName(name: string): ImageFile | undefined {
  const variant = VARIANT.exec(name);
  if (variant) {
    const [, id, key, width, height, ext] = variant;
    return { name, id, kind: 'variant', key, width: Number(width), height: Number(height), format: FORMAT_OF[ext] };
  }
  const svg = SVG.exec(name);
  return svg ? { name, id: svg[1], kind: 'svg', hash: svg[2] } : undefined;
}

/** Every image file named in `html`. */
export function imageNamesIn(html: string): string[] {
  return [...html.matchAll(IN_HTML)].map((match) => match[1]);
}
