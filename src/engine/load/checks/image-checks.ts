/**
 * The images pages show, against the media library: the record exists, a logo slot gets an SVG, the original is wide
 * enough for its slot, the first image of a page (its LCP candidate) is light enough at phone width, and every record
 * is shown somewhere. Each problem names the field that shows the image (or the record) and the fix in words.
 */
import { existsSync, statSync } from 'node:fs';
import { didYouMean } from '../../../lib/did-you-mean';
import { IMAGE_LAYOUTS } from '../../model/image-layouts';
import { mediaRecordFile, MEDIA_DIR, type MediaRecord } from '../../model/media';
import type { Location, Problem } from '../../model/problems';
import { phoneVariant, type VariantSizeOf } from '../../model/picture';
import type { LoadedPage } from '../content-types';
import { pageSchema } from '../page-schema';
import { imageUsesIn, type ImageUse } from '../media/image-uses';

/** What the LCP image may weigh at phone width (the variant a phone downloads first: AVIF, else the SVG itself). */
const LCP_BUDGET_BYTES = 60_000;

const kB = (bytes: number) => `${Math.round(bytes / 1000)} kB`;

export interface ImageCheckInputs {
  pages: readonly LoadedPage[];
  media: Readonly<Record<string, MediaRecord>>;
  /** The bytes of a file in pages-json/_media/ (an SVG), or undefined. */
  mediaFileSize: (file: string) => number | undefined;
  /** The bytes of a raster variant already made (the build's image cache), or undefined when it was not made yet. */
  variantSize: VariantSizeOf;
  /** A record's file as problems name it. */
  display: (file: string) => string;
}

/** A page's image uses, in order; the first in its first section is the page's LCP candidate. */
const pageImageUses = (page: LoadedPage): ImageUse[] => imageUsesIn(pageSchema, page.doc);

/** The LCP problem of one use, if its phone-width bytes are over the budget (or undefined when not known yet). */
function lcpProblem(id: string, record: MediaRecord, bytes: number | undefined, where: Location): Problem | undefined {
  if (bytes === undefined || bytes <= LCP_BUDGET_BYTES) return undefined;
  return {
    ...where,
    message: `the image "${id}" (${record.file}) is the first a phone loads on this page and weighs ${kB(bytes)} at phone width, over the ${kB(LCP_BUDGET_BYTES)} budget: the page paints late`,
    hint:
      record.format === 'svg'
        ? 'simplify the drawing (fewer points, no embedded bitmaps), or use a smaller image at the top of the page'
        : 'use a simpler or smaller picture at the top of the page (a photo with less fine detail), or move it lower on the page',
    severity: 'error',
  };
}

/**
 * A page's LCP problem: the image of its first section heavier than the budget at phone width; undefined
 * when it is light enough, or its variant is not made yet. Validate asks with the variants the image cache has; the
 * build again with those it has just made (scripts/build/images/lcp-budget.ts).
 */
export function pageLcpProblem(
  page: LoadedPage,
  { media, mediaFileSize, variantSize }: Pick<ImageCheckInputs, 'media' | 'mediaFileSize' | 'variantSize'>,
  uses = pageImageUses(page),
): Problem | undefined {
  // The image of its first section, as the page preloads it (src/render/image-preload.ts); `meta.image`, first in
  // the document, is the social card's, which no visitor's browser loads.
  const first = uses.find(({ path }) => path[0] === 'blocks' && path[1] === 0);
  if (!first) return undefined;
  const record = media[first.id];
  if (!record) return undefined;
  const bytes = record.format === 'svg' ? mediaFileSize(record.file) : variantSize(phoneVariant(first.id, record, first.layout));
  return lcpProblem(first.id, record, bytes, page.locate(first.path));
}

export function checkImages({ pages, media, mediaFileSize, variantSize, display }: ImageCheckInputs, problems: Problem[]) {
  const used = new Set<string>();
  const ids = Object.keys(media);
  for (const page of pages) {
    const uses = pageImageUses(page);
    uses.forEach(({ path, id, layout }) => {
      used.add(id);
      const where = page.locate(path);
      const record = media[id];
      const slot = IMAGE_LAYOUTS[layout];
      if (!record) {
        problems.push({
          ...where,
          message: `there is no image "${id}" in pages-json/${MEDIA_DIR}/`,
          hint: `${didYouMean(id, ids)}name an image of pages-json/${MEDIA_DIR}/ (its record's file name without .json), or add it with npm run media:add`,
          severity: 'error',
        });
        return;
      }
      if (slot.svgOnly && record.format !== 'svg')
        problems.push({
          ...where,
          message: `the image "${id}" is a ${record.format.toUpperCase()}, and this slot shows only SVG drawings (a mark must stay sharp at every size)`,
          hint: 'use an SVG version of the mark',
          severity: 'error',
        });
      if (record.format !== 'svg' && record.width < slot.width)
        problems.push({
          ...where,
          message: `the image "${id}" (${record.file}) is ${record.width} px wide, and this slot shows it up to ${slot.width} px wide: it will look blurred`,
          hint: `use an original at least ${slot.width} px wide (${slot.width * 2} px for sharp screens)`,
          severity: 'warning',
        });
    });
    const heavy = pageLcpProblem(page, { media, mediaFileSize, variantSize }, uses);
    if (heavy) problems.push(heavy);
  }
  for (const id of ids.filter((id) => !used.has(id)))
    problems.push({
      file: display(mediaRecordFile(id)),
      where: '',
      pointer: '',
      message: `the image "${id}" (${media[id].file}) is not shown on any page`,
      hint: 'show it in an image field, or remove its record and its file if no page needs it',
      severity: 'warning',
    });
}

/** A file's size, or undefined when it is not there. */
export const fileSize = (path: string) => (existsSync(path) ? statSync(path).size : undefined);
