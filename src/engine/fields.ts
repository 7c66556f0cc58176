/**
 * Field schemas shared by every block. Build-time only: nothing in the
 * browser bundle may import this file (zod stays out of the client).
 */
import { z } from 'zod';
import { BUTTON_VARIANTS } from '../vocabulary/button-variants';
import { ICON_NAMES } from '../vocabulary/icon-names';
import { BUTTON_TARGET_HINT, BUTTON_TARGET_PATTERN, LINK_PATTERN, LINK_PATTERN_HINT, PANELS, SITE_LINK_KEYS } from './links';

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
 * translations leave it out (src/engine/i18n/translatable.ts reads the mark).
 */
export const notTranslated = <T extends z.ZodType>(schema: T) => schema.meta({ translatable: false });

/**
 * A document's `$schema`: the path from it to one of the project's JSON Schemas, which an author's editor then reads
 * (never an address on another site, which the editor would fetch).
 */
export const schemaReference = matching(
  /^(\.\.\/)+schemas\/([a-z0-9-]+\/)*[a-z0-9-]+\.schema\.json$/,
  'a path to one of the project\'s JSON Schemas, such as "../schemas/page.schema.json"',
)
  .optional()
  .describe('Lets an editor check and complete the document: the path to its JSON Schema in schemas/');

/** An image a page points to: a path on the site, or an https:// URL (no other scheme). */
export const imageAddress = matching(/^(\/(?![/\\])\S*|https:\/\/\S+)$/, 'a site path such as /og/home.png, or an https:// URL');

/** Visitor-facing text. `{product}`, `{agent}` and `{phone}` are replaced from the site configuration. */
export const text = (description: string) => z.string().min(1).describe(description);

/**
 * Text that names a category many records share ("Revenue Growth"), so it is translated once for the whole site:
 * a record whose own translation is missing takes the one another document has for the same English
 * (src/engine/i18n/localize.ts), and the library's filters list the category once in each language.
 */
export const term = (description: string) => z.string().min(1).meta({ description, term: true });

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
  .meta({ patternErrorMessage: `expected ${LINK_PATTERN_HINT} link` })
  .describe(`Link target: /path, /path#anchor, #anchor, https://..., mailto:, tel:, sms:, or site:<key> (${SITE_LINK_KEYS.join(', ')})`);

/** What a button does: follow a link (as `href`), or open one of the site's panels with `panel:<name>`. */
const buttonTarget = matching(BUTTON_TARGET_PATTERN, BUTTON_TARGET_HINT)
  .min(1)
  .describe(`${href.description}, or panel:<name> (${PANELS.join(', ')}) to open a panel`);

/** A record id or page slug: lowercase letters, digits and dashes. */
export const slug = matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single dashes, e.g. "win-back-campaigns"');

/** An anchor id a link can point at with `#id`. */
export const anchorIdField = matching(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter').describe(
  'Anchor id of this block, so links can point at it with #id',
);

export const icon = z.enum(ICON_NAMES).describe('Icon name from the site icon set');

export const link = z
  .object({
    label: text('Link or button text'),
    href,
  })
  .strict();

export const button = link
  .extend({
    href: buttonTarget,
    variant: z.enum(BUTTON_VARIANTS).optional().describe('The brand button variant (see /style-guide); default is the primary action'),
    placement: matching(/^[a-z0-9-]{1,40}$/, 'lowercase letters, digits and dashes, e.g. "industry-drawer"')
      .optional()
      .describe('For a panel:chat button: where the chat started, recorded with each lead (default "chat-drawer")'),
  })
  .strict();

export const card = z
  .object({
    icon: icon.optional(),
    title: text('Card title'),
    description: text('Card body text'),
    badge: z.string().optional().describe('Small label above the title, such as a figure or a tag'),
    href: href.optional().describe('Makes the card title a link'),
  })
  .strict();

/** An amount of money: `{ "amount": 149, "currency": "USD" }`. Pages show it formatted ("$149"). */
export const money = z
  .object({
    amount: z.number().nonnegative().describe('The figure, a number without currency sign or thousands separators: 149, 89.95'),
    currency: z.enum(['USD']).describe('The currency (ISO 4217); the site states its prices in US dollars'),
  })
  .strict();

/** A headline figure: stat bands, guardrail metrics, call-to-action tiles (all drawn by src/ui/StatList). */
export const stat = z
  .object({
    value: text('The figure, as shown: "5X", "99%+", "24/7"'),
    label: text('What the figure measures'),
    description: z.string().optional().describe('A short line of context'),
  })
  .strict();

/** Common fields every block may carry. */
export const blockBase = {
  id: anchorIdField.optional(),
};

/** Section heading fields shared by most section blocks. */
export const sectionHeading = {
  eyebrow: z.string().optional().describe('Small label above the heading'),
  heading: z.string().optional().describe('Section heading (h2)'),
  intro: z.string().optional().describe('One or two sentences under the heading'),
};
