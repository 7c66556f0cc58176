/**
 * Field schemas shared by every block. Build-time only: nothing in the
 * browser bundle may import this file (zod stays out of the client).
 */
import { z } from 'zod';
import { BUTTON_VARIANTS } from '../../vocabulary/button-variants';
import { ICON_NAMES } from '../../vocabulary/icon-names';
import type { FieldMeta, ImageLayoutName } from './json-schema-node';
import { BUTTON_TARGET_HINT, BUTTON_TARGET_PATTERN, LINK_PATTERN, LINK_PATTERN_HINT, PANELS, SITE_LINK_KEYS } from './links';

/*
 * What `.meta({ ... })` may say about a field, typed: the keywords of FieldMeta (a label in a marketer's words, a
 * multi-line text, a soft length aim), read by the visual editor, and the marks tools read. Each is a custom keyword
 * of the generated JSON Schemas, registered with ajv in validator-cache.ts (KEYWORDS).
 */
declare module 'zod/v4/core' {
  interface GlobalMeta extends FieldMeta {
    /** What a value matching `pattern` is, in words (`matching`). */
    patternErrorMessage?: string;
    /** `false`: the same text in every language (`notTranslated`). */
    translatable?: boolean;
    /** Text a whole site translates once (`term`). */
    term?: boolean;
  }
}

/**
 * Text that must match `pattern`, with `what` saying in words what that is: the message of a mismatch, the limit
 * docs/blocks.md and the gallery show, and what an editor says (`patternErrorMessage`, read by VS Code).
 */
export function matching(pattern: RegExp, what: string) {
  const message = `expected ${what}`;
  return z.string().regex(pattern, { message }).meta({ patternErrorMessage: message });
}

/**
 * Free text that stays the same in every language (a brand name, a phone number as written, a key):
 * translations leave it out (src/engine/load/i18n/translatable.ts reads the mark).
 */
export const notTranslated = <T extends z.ZodType>(schema: T) => schema.meta({ translatable: false });

/**
 * A document's `$schema`: the path from it to one of the project's JSON Schemas, which an author's editor then reads
 * (never an address on another site, which the editor would fetch).
 */
export const schemaReference = matching(
  /^(\.\.\/)+([\w.-]+\/)*schemas\/([a-z0-9-]+\/)*[a-z0-9-]+\.schema\.json$/,
  'a path to one of the project\'s JSON Schemas, such as "../schemas/page.schema.json"',
)
  .optional()
  .describe('Lets an editor check and complete the document: the path to its JSON Schema in schemas/');

/**
 * An image of the media library: the id of its record in pages-json/_media/ (`"hero-agents"` for
 * `_media/hero-agents.json`), shown in the slot `layout` (src/engine/model/image-layouts.ts: its widths, its shape, and
 * for `logo` SVG only). Its alt text lives in the record, translated once for every page that shows it; validation
 * checks the record exists, its file, its alt text and its size for the slot (src/engine/load/media/).
 */
export const image = (description: string, layout: ImageLayoutName, meta: FieldMeta = {}) =>
  matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'the name of an image in pages-json/_media/, such as "hero-agents"').meta({
    description,
    label: 'Image',
    ...meta,
    media: layout,
  });

/**
 * Visitor-facing text of one line (a heading, a label). `{product}`, `{agent}` and `{phone}` are replaced from the site
 * configuration. `meta` adds what the editor shows: a label, a soft length aim.
 */
export const text = (description: string, meta: FieldMeta = {}) =>
  z
    .string()
    .min(1)
    .meta({ description, ...meta });

/** Visitor-facing text of a sentence or more (a description, an answer, a paragraph): edited in a box of several lines. */
export const longText = (description: string, meta: FieldMeta = {}) => text(description, { multiline: true, ...meta });

/** Text that may also be empty (`""`), usually optional too: a line under a heading, an intro. */
export const freeText = (description: string, meta: FieldMeta = {}) => z.string().meta({ description, ...meta });

/**
 * Text that names a category many records share ("Revenue Growth"), so it is translated once for the whole site:
 * a record whose own translation is missing takes the one another document has for the same English
 * (src/engine/load/i18n/localize.ts), and the library's filters list the category once in each language.
 */
export const term = (description: string, meta: FieldMeta = {}) =>
  z
    .string()
    .min(1)
    .meta({ description, term: true, ...meta });

/** A link target: a site path (`/terms`, `/#pricing`), `#anchor`, https, mailto, tel, sms, or `site:<key>` for a URL kept in the site configuration. */
export const href = z
  .string()
  .min(1)
  .regex(LINK_PATTERN, {
    error: (issue) =>
      String(issue.input).startsWith('panel:')
        ? 'a panel: link opens a panel, which only a button can do (a hero or call-to-action button)'
        : `expected ${LINK_PATTERN_HINT} link`,
  })
  .meta({
    patternErrorMessage: `expected ${LINK_PATTERN_HINT} link`,
    description: `Link target: /path, /path#anchor, #anchor, https://..., mailto:, tel:, sms:, or site:<key> (${SITE_LINK_KEYS.join(', ')})`,
    label: 'Link',
  });

/** What a button does: follow a link (as `href`), or open one of the site's panels with `panel:<name>`. */
const buttonTarget = matching(BUTTON_TARGET_PATTERN, BUTTON_TARGET_HINT)
  .min(1)
  .meta({ description: `${href.description}, or panel:<name> (${PANELS.join(', ')}) to open a panel`, label: 'Link' });

/** A record id or page slug: lowercase letters, digits and dashes. */
export const slug = matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single dashes, e.g. "win-back-campaigns"');

/** An anchor id a link can point at with `#id`. */
export const anchorIdField = matching(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter').meta({
  description: 'Anchor id of this block, so links can point at it with #id',
  label: 'Anchor for links (#)',
});

export const icon = z.enum(ICON_NAMES).describe('Icon name from the site icon set');

/** Whether a section has the alternate background, as most sections may. */
export const tinted = z.boolean().optional().meta({ description: 'Use the alternate section background', label: 'Tinted background' });

export const link = z
  .object({
    label: text('Link or button text'),
    href,
  })
  .strict();

export const button = link
  .extend({
    href: buttonTarget,
    variant: z
      .enum(BUTTON_VARIANTS)
      .optional()
      .meta({ description: 'The brand button variant (see /style-guide); default is the primary action', label: 'Style' }),
    placement: matching(/^[a-z0-9-]{1,40}$/, 'lowercase letters, digits and dashes, e.g. "industry-drawer"')
      .optional()
      .meta({
        description: 'For a panel:chat button: where the chat started, recorded with each lead (default "chat-drawer")',
        label: 'Chat placement (recorded with leads)',
      }),
  })
  .strict();

export const card = z
  .object({
    icon: icon.optional(),
    title: text('Card title'),
    description: longText('Card body text'),
    badge: z.string().optional().describe('Small label above the title, such as a figure or a tag'),
    href: href.optional().meta({ description: 'Makes the card title a link', label: 'Title link' }),
  })
  .strict();

/**
 * An amount of money: `{ "amount": 149, "currency": "USD" }`. Pages show it formatted ("$149"). Written once in the
 * JSON Schemas' `$defs` as `Money` (json-schemas.ts), which the editor shows as an amount and its currency.
 */
export const money = z
  .object({
    amount: z.number().nonnegative().describe('The figure, a number without currency sign or thousands separators: 149, 89.95'),
    currency: z.enum(['USD']).describe('The currency (ISO 4217); the site states its prices in US dollars'),
  })
  .strict();

/** A headline figure: stat bands, guardrail metrics, call-to-action tiles (all drawn by src/ui/StatList). */
export const stat = z
  .object({
    value: text('The figure, as shown: "5X", "99%+", "24/7"', { label: 'Figure' }),
    label: text('What the figure measures', { label: 'What it measures' }),
    description: z.string().optional().describe('A short line of context'),
  })
  .strict();

/** Common fields every block may carry. */
export const blockBase = {
  id: anchorIdField.optional(),
};

/** Section heading fields shared by most section blocks. */
export const sectionHeading = {
  eyebrow: z.string().optional().meta({ description: 'Small label above the heading', label: 'Label above the heading' }),
  heading: z.string().optional().describe('Section heading (h2)'),
  intro: freeText('One or two sentences under the heading', { multiline: true, label: 'Introduction' }).optional(),
};
