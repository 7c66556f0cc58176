/**
 * A template document (pages-json/_templates/<name>.json): which blocks a page of its kind has, in
 * which order, which are optional, the item counts the spec fixes, and the content every page of the
 * kind shares. Templates are content: a marketer changes every page of a kind by editing one file.
 */
import { z } from 'zod';
import { blockSchemas } from '../../../blocks/generated/blocks';
import { COLLECTION_NAMES } from '../../model/collections';
import { anchorIdField, longText, matching, schemaReference } from '../../model/fields';

const BLOCK_TYPES = blockSchemas.map((schema) => schema.shape.type.value);
const name = matching(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter');

const count = z
  .union([
    z.number().int().min(0).describe('Exactly this many'),
    z
      .object({ min: z.number().int().min(0).optional(), max: z.number().int().min(1).optional() })
      .strict()
      .describe('At least min and at most max'),
  ])
  .describe('How many items the list field must have');

const templateSection = z
  .object({
    slot: name.describe('The section\'s name; a page fills it with { "slot": "<name>", ...its own fields }'),
    block: z
      .enum(BLOCK_TYPES as [string, ...string[]])
      .optional()
      .describe('The block type of this section (every section has one, except an open area)'),
    open: z
      .literal(true)
      .optional()
      .describe(
        'An open area instead of a block: a page may put sections of its own here, any blocks in its own order, as { "slot": "<name>", "blocks": [...] }; pages may leave it out',
      ),
    id: anchorIdField.optional().describe('The anchor id the section always has (links point at #id)'),
    optional: z.boolean().optional().describe('Pages may leave the section out'),
    group: name
      .optional()
      .describe('Optional sections that share a group are present together or not at all (e.g. the extra sections of some pages)'),
    counts: z.record(z.string(), count).optional().describe('Item counts of list fields, e.g. { "cards": 4 }'),
    shared: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Fields every page of this kind shares; pages cannot set them. {record.<field>} quotes the page's record"),
    pagesMayAdd: z
      .record(z.string(), z.enum(['first', 'last']))
      .optional()
      .describe(
        'Shared lists a page may add items to, e.g. { "buttons": "first" }: the page\'s own items come first (or last), the shared ones stay',
      ),
  })
  .strict();

export const templateSchema = z
  .object({
    $schema: schemaReference,
    description: longText('What pages of this kind are, for the person choosing a template'),
    folder: matching(/^[a-z0-9-]+$/, 'a folder name such as "use-cases"').describe(
      'The pages-json folder pages of this kind live in; `npm run new-page` writes new ones there',
    ),
    record: z
      .object({
        collection: z.enum(COLLECTION_NAMES as [string, ...string[]]).describe('The collection the record joins'),
        field: matching(/^[a-z][a-zA-Z0-9]*$/, 'a field name such as "useCase"').describe(
          "The page field that holds the record; the page's file name is its id",
        ),
      })
      .strict()
      .optional()
      .describe('Each page of this kind also states one record of a collection (a use-case page its use case)'),
    sections: z.array(templateSection).min(1).describe("The page's sections, top to bottom"),
  })
  .strict();

export type Template = z.infer<typeof templateSchema>;
export type TemplateSection = z.infer<typeof templateSection>;

export const TEMPLATES_DIR = '_templates';
