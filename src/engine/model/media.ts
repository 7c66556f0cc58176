/**
 * The media library: images are content, kept in git beside the pages. Each original is a file in pages-json/_media/
 * with a record of its own, `<id>.json`, naming it: what the tools measured when it was added (its content hash, size,
 * format, a tiny placeholder) and what people write (alt text, translated like any other text, or `decorative`; a
 * caption, a credit, the focal point a crop keeps). An `image(...)` field (fields.ts) names a record by its id.
 * Build-time only (zod).
 */
import { z } from 'zod';
import { freeText, matching, notTranslated, schemaReference, text } from './fields';

export const MEDIA_DIR = '_media';

/** The formats an original may be in, told by its bytes (src/engine/load/media/sniff.ts), never by its name. */
const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif', 'svg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

const share = z.number().min(0).max(1);

export const mediaRecordSchema = z
  .object({
    $schema: schemaReference,
    file: matching(
      /^[a-z0-9]+(-[a-z0-9]+)*\.(jpg|png|webp|avif|gif|svg)$/,
      'a file name in pages-json/_media/ such as "hero-team.jpg"',
    ).meta({
      description: 'The original, in pages-json/_media/ beside this record',
      label: 'File',
    }),
    sha256: matching(/^[0-9a-f]{64}$/, 'the SHA-256 of the file, 64 hexadecimal digits').meta({
      description: "The file's content hash, written when it was added: the same picture is stored once, and its variants are named by it",
      label: 'Content hash',
    }),
    format: z.enum(MEDIA_FORMATS).meta({ description: 'The format, as its bytes say', label: 'Format' }),
    width: z.int().positive().meta({ description: "The original's width in pixels", label: 'Width' }),
    height: z.int().positive().meta({ description: "The original's height in pixels", label: 'Height' }),
    placeholder: matching(/^[A-Za-z0-9+/]+=*$/, 'a ThumbHash in base64')
      .optional()
      .meta({
        description: 'A tiny blurred preview (ThumbHash) shown while the image loads; none for SVG or a picture with transparent parts',
        label: 'Placeholder',
      }),
    alt: text('What the image shows, for people who cannot see it (screen readers, search engines): a sentence', {
      label: 'Alt text',
      aim: { max: 150 },
    }).optional(),
    decorative: z.literal(true).optional().meta({
      description: 'The image adds nothing a visitor would miss: it is hidden from screen readers and needs no alt text',
      label: 'Decorative',
    }),
    caption: freeText('A line shown under the image where its section shows captions (a Hero), translated like any other text', {
      label: 'Caption',
    }).optional(),
    // Not visitor text: no section shows it, and a name stays as its owner writes it in every language.
    credit: notTranslated(
      freeText('Who made the image and on what terms, for the team (not shown on pages): "Illustration: Reachwell"', { label: 'Credit' }),
    ).optional(),
    focus: z
      .object({ x: share.describe('From the left edge (0) to the right (1)'), y: share.describe('From the top (0) to the bottom (1)') })
      .strict()
      .optional()
      .meta({
        description: 'The point a crop keeps in view when a section shows the image at another shape (default: the centre)',
        label: 'Focal point',
      }),
  })
  .strict();

export type MediaRecord = z.infer<typeof mediaRecordSchema>;

/** The records of the site by id, as each language has them (its alt text and caption). */
export type MediaLibrary = Readonly<Record<string, MediaRecord>>;

export const mediaRecordFile = (id: string) => `${MEDIA_DIR}/${id}.json`;
