/**
 * Which strings of a document are text to translate, read from its zod schema: a string field is
 * visitor text unless the schema constrains its form (a pattern or format: links, ids, slugs, e-mail
 * addresses, colours) or marks it `notTranslated` (fields.ts) (a brand name). Enums and literals are structure.
 * So the schemas declare translatability once, and a new text field is translatable without a list to update.
 * The walk is the one image uses are found by (../schema-walk.ts).
 */
import type { z } from 'zod';
import type { JsonPath } from '../../model/problems';
import { defOf, metadataOf, walkDocument, type SchemaDef } from '../schema-walk';

type StringDef = SchemaDef & { checks?: { _zod: { def: { check: string } } }[]; format?: string };

const markedNotTranslated = (schema: z.ZodType) => metadataOf(schema)?.translatable === false;
const markedTerm = (schema: z.ZodType) => metadataOf(schema)?.term === true;

function isText(def: StringDef): boolean {
  if (def.format) return false;
  return !(def.checks ?? []).some((check) => check._zod.def.check === 'string_format');
}

export interface TextAt {
  path: JsonPath;
  text: string;
  /** The schema's maximum length, if it has one. */
  max?: number;
  /** A category many records share, translated once for the site (src/engine/model/fields.ts term). */
  term?: true;
}

const maxLength = (def: StringDef) =>
  (def.checks ?? []).map((check) => check._zod.def as { check: string; maximum?: number }).find((check) => check.check === 'max_length')
    ?.maximum;

/** Every translatable string of `value` (read as `schema` describes it), with its path, in document order. */
export function translatableTexts(schema: z.ZodType, value: unknown, path: JsonPath = []): TextAt[] {
  const found: TextAt[] = [];
  walkDocument(
    schema,
    value,
    (current, node, at) => {
      if (markedNotTranslated(current)) return true;
      const def = defOf(current) as StringDef;
      if (def.type !== 'string') return false;
      if (typeof node === 'string' && node.trim() && isText(def))
        found.push({ path: [...at], text: node, max: maxLength(def), ...(markedTerm(current) ? { term: true } : {}) });
      return true;
    },
    path,
  );
  return found;
}
