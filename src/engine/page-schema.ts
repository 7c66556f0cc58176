/**
 * The page document: metadata plus an ordered list of blocks. The block union comes from the block
 * folders (src/blocks/generated/blocks.ts). Build-time only (zod).
 */
import { z } from 'zod';
import { blockSchemas } from '../blocks/generated/blocks';
import { imageAddress, matching, schemaReference } from './fields';

export const blockSchema = z.discriminatedUnion('type', blockSchemas);

/** Every block type, alphabetically. */
export const BLOCK_TYPES = blockSchemas.map((schema) => schema.shape.type.value);

export const pageMetaSchema = z
  .object({
    title: z.string().min(1).describe('Head title (aim for at most 60 characters)'),
    description: z.string().min(1).describe('Meta description (aim for 50-160 characters)'),
    canonical: matching(/^\/[a-z0-9/-]*$/, 'a site path such as /use-cases')
      .optional()
      .describe('Canonical path when it differs from the page route'),
    image: imageAddress.optional().describe('Social sharing image: a site path or https URL'),
    noindex: z.boolean().optional().describe('Keep the page out of search engines and the sitemap'),
    nav: z
      .object({
        label: z.string().min(1).optional().describe('Label in header and footer menus (defaults to the title)'),
        order: z.number().optional().describe('Position in its menu; lower comes first'),
        hidden: z.boolean().optional().describe('Leave this page out of derived menus'),
      })
      .strict()
      .optional()
      .describe('How this page appears in the menu derived from its folder'),
    structuredData: z
      .array(z.enum(['SoftwareApplication', 'Organization', 'FAQPage', 'JobPosting']))
      .optional()
      .describe('Structured data (JSON-LD) to publish; FAQPage is built from the FAQ block on the page'),
  })
  .strict();

export const pageSchema = z
  .object({
    $schema: schemaReference,
    meta: pageMetaSchema,
    blocks: z.array(blockSchema).min(1).describe('Sections of the page, top to bottom'),
  })
  .strict();

export type PageDoc = z.infer<typeof pageSchema>;
export type Block = z.infer<typeof blockSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
