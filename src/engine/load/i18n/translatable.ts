/**
 * Which strings of a document are text to translate, read from its zod schema: a string field is
 * visitor text unless the schema constrains its form (a pattern or format: links, ids, slugs, e-mail
 * addresses, colours) or marks it `notTranslated` (fields.ts) (a brand name). Enums and literals are structure.
 * So the schemas declare translatability once, and a new text field is translatable without a list to update.
 */
import { z } from 'zod';
import type { JsonPath } from '../../model/problems';
import { isPlainObject } from '../../../lib/is-plain-object';

type Def = { type: string; checks?: { _zod: { def: { check: string } } }[]; format?: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

const markedNotTranslated = (schema: z.ZodType) => z.globalRegistry.get(schema)?.translatable === false;
const markedTerm = (schema: z.ZodType) => z.globalRegistry.get(schema)?.term === true;

function isText(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type !== 'string' || def.format) return false;
  return !(def.checks ?? []).some((check) => check._zod.def.check === 'string_format');
}

/** Of a union's options, the one `value` is: by discriminator, else the first it parses as, else the first of its kind. */
function pickOption(def: Def, value: unknown): z.ZodType | undefined {
  const options = def.options as z.ZodType[];
  const discriminator = def.discriminator as string | undefined;
  if (discriminator && isPlainObject(value)) {
    return options.find((option) => {
      const field = (defOf(option).shape as Record<string, z.ZodType> | undefined)?.[discriminator];
      const values = field ? (defOf(field).values as unknown[] | undefined) : undefined;
      return values?.includes(value[discriminator]);
    });
  }
  return options.find((option) => option.safeParse(value).success) ?? options[0];
}

export interface TextAt {
  path: JsonPath;
  text: string;
  /** The schema's maximum length, if it has one. */
  max?: number;
  /** A category many records share, translated once for the site (src/engine/model/fields.ts term). */
  term?: true;
}

const maxLength = (def: Def) =>
  (def.checks ?? []).map((check) => check._zod.def as { check: string; maximum?: number }).find((check) => check.check === 'max_length')
    ?.maximum;

/** Every translatable string of `value` (read as `schema` describes it), with its path, in document order. */
export function translatableTexts(schema: z.ZodType, value: unknown, path: JsonPath = []): TextAt[] {
  const found: TextAt[] = [];
  const walk = (current: z.ZodType, node: unknown, at: JsonPath) => {
    if (markedNotTranslated(current)) return;
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
      case 'nonoptional':
      case 'prefault':
      case 'catch':
        return walk(def.innerType as z.ZodType, node, at);
      case 'lazy':
        return walk((def.getter as () => z.ZodType)(), node, at);
      case 'pipe':
        return walk(def.in as z.ZodType, node, at);
      case 'string':
        if (typeof node === 'string' && node.trim() && isText(current))
          found.push({ path: at, text: node, max: maxLength(def), ...(markedTerm(current) ? { term: true } : {}) });
        return;
      case 'object':
        if (!isPlainObject(node)) return;
        for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
          if (!key.startsWith('$') && key in node) walk(field, node[key], [...at, key]);
        }
        return;
      case 'array':
        if (Array.isArray(node)) node.forEach((item, index) => walk(def.element as z.ZodType, item, [...at, index]));
        return;
      case 'tuple':
        if (Array.isArray(node)) (def.items as z.ZodType[]).forEach((item, index) => walk(item, node[index], [...at, index]));
        return;
      case 'record':
        if (isPlainObject(node)) for (const [key, item] of Object.entries(node)) walk(def.valueType as z.ZodType, item, [...at, key]);
        return;
      case 'union': {
        const option = pickOption(def, node);
        if (option) walk(option, node, at);
        return;
      }
      case 'intersection':
        walk(def.left as z.ZodType, node, at);
        walk(def.right as z.ZodType, node, at);
        return;
    }
  };
  walk(schema, value, path);
  return found;
}
