/**
 * The page document: metadata plus an ordered list of blocks. The block union comes from the block
 * folders (src/blocks/generated/blocks.ts). Build-time only (zod).
 */
import { z } from 'zod';
import { blockSchemas } from '../../blocks/generated/blocks';
import { image, matching, schemaReference } from '../model/fields';
import { DESCRIPTION_AIM, TITLE_AIM } from '../model/seo-aims';

export const blockSchema = z.discriminatedUnion('type', blockSchemas);

/** Every block type, alphabetically. */
export const BLOCK_TYPES = blockSchemas.map((schema) => schema.shape.type.value);

export const pageMetaSchema = z
  .object({
    title: z
      .string()
      .min(1)
      .meta({
        description: `Head title (aim for at most ${TITLE_AIM.max} characters)`,
        label: 'Title in search results and tabs',
        aim: TITLE_AIM,
      }),
    description: z
      .string()
      .min(1)
      .meta({
        description: `Meta description (aim for ${DESCRIPTION_AIM.min}-${DESCRIPTION_AIM.max} characters)`,
        label: 'Description for search results',
        multiline: true,
        aim: DESCRIPTION_AIM,
      }),
    canonical: matching(/^\/[a-z0-9/-]*$/, 'a site path such as /use-cases')
      .optional()
      .meta({ description: 'Canonical path when it differs from the page route', label: 'Main address, if another page has this content' }),
    image: image('The image shown when the page is shared (social networks, chats): an image of pages-json/_media/', 'social', {
      label: 'Image when shared',
    }).optional(),
    noindex: z
      .boolean()
      .optional()
      .meta({ description: 'Keep the page out of search engines and the sitemap', label: 'Hide from search engines' }),
    nav: z
      .object({
        label: z
          .string()
          .min(1)
          .optional()
          .meta({ description: 'Label in header and footer menus (defaults to the title)', label: 'Name in menus' }),
        order: z.number().optional().meta({ description: 'Position in its menu; lower comes first', label: 'Position in the menu' }),
        hidden: z.boolean().optional().meta({ description: 'Leave this page out of derived menus', label: 'Leave out of menus' }),
      })
      .strict()
      .optional()
      .meta({ description: 'How this page appears in the menu derived from its folder', label: 'Menu' }),
    structuredData: z
      .array(z.enum(['SoftwareApplication', 'Organization', 'FAQPage', 'JobPosting']))
      .optional()
      .meta({
        description: 'Structured data (JSON-LD) to publish; FAQPage is built from the FAQ block on the page',
        label: 'Structured data for search engines',
      }),
  })
  .strict()
  .meta({ label: 'Page settings' });

export const pageSchema = z
  .object({
    $schema: schemaReference,
    meta: pageMetaSchema,
    blocks: z.array(blockSchema).min(1).meta({ description: 'Sections of the page, top to bottom', label: 'Sections' }),
  })
  .strict();

export type PageDoc = z.infer<typeof pageSchema>;
export type Block = z.infer<typeof blockSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
