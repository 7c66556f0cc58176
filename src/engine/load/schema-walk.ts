/**
 * One walk of a document as its zod schema describes it, for everything read from the schemas rather than from a list:
 * its text to translate (i18n/translatable.ts) and the images it shows (media/image-uses.ts). Each node is offered to
 * `visit` with the schema that describes it; what `visit` does not take (returns false) is walked into: through
 * wrappers (optional, default, lazy, pipe...), into objects (keys starting with `$` are the file's, not content),
 * arrays, tuples, records and intersections, and into the one option of a union the value is.
 */
import { z } from 'zod';
import type { JsonPath } from '../model/problems';
import { isPlainObject } from '../../lib/is-plain-object';

/** A schema's definition, as zod 4 keeps it. */
export type SchemaDef = { type: string } & Record<string, unknown>;
export const defOf = (schema: z.ZodType) => (schema as unknown as { def: SchemaDef }).def;

/** Of a union's options, the one `value` is: by discriminator, else the first it parses as, else the first of its kind. */
function pickOption(def: SchemaDef, value: unknown): z.ZodType | undefined {
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

/** Takes a node (true: not walked into), or leaves it to the walk (false). */
export type SchemaVisit = (schema: z.ZodType, node: unknown, at: JsonPath) => boolean;

/** Walks `value` as `schema` describes it, in document order, offering each node to `visit`. */
export function walkDocument(schema: z.ZodType, value: unknown, visit: SchemaVisit, path: JsonPath = []): void {
  const walk = (current: z.ZodType, node: unknown, at: JsonPath): void => {
    if (visit(current, node, at)) return;
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
}
