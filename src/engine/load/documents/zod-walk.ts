/** The part of a zod schema that describes a path of a document, so a message can name what is allowed there. */
import type { z } from 'zod';
import type { JsonPath } from '../../model/problems';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;
const valueAt = (doc: unknown, key: PropertyKey) =>
  doc && typeof doc === 'object' ? (doc as Record<PropertyKey, unknown>)[key as never] : undefined;

/** Through wrappers that do not change the shape (optional, nullable, default, readonly, lazy). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'prefault', 'catch'].includes(def.type))
      current = def.innerType as z.ZodType;
    else if (def.type === 'lazy') current = (def.getter as () => z.ZodType)();
    else if (def.type === 'pipe') current = def.in as z.ZodType;
    else return current;
  }
}

/** Of a union's options, the one this value is (a discriminated union by its discriminator, else the first object with the next key). */
function pick(options: z.ZodType[], value: unknown, nextKey: PropertyKey | undefined, discriminator?: string): z.ZodType | undefined {
  if (discriminator) {
    const wanted = valueAt(value, discriminator);
    return options.find((option) => {
      const field = shapeOf(option)?.[discriminator];
      return field && defOf(unwrap(field)).values !== undefined && (defOf(unwrap(field)).values as unknown[]).includes(wanted);
    });
  }
  return options.find((option) => nextKey === undefined || (typeof nextKey === 'string' && shapeOf(option)?.[nextKey]));
}

/** An object schema's fields. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? (def.shape as Record<string, z.ZodType>) : undefined;
}

/** The schema of the value at `path` in `doc`, or undefined where the schema does not say. */
export function schemaAt(schema: z.ZodType, doc: unknown, path: JsonPath): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  let value = doc;
  for (let i = 0; i <= path.length && current; i++) {
    current = unwrap(current);
    const def = defOf(current);
    if (def.type === 'union') {
      current = pick(def.options as z.ZodType[], value, path[i], def.discriminator as string | undefined);
      i--; // the same step again, on the chosen option
      continue;
    }
    if (i === path.length) break;
    const key = path[i];
    if (def.type === 'object') current = (def.shape as Record<string, z.ZodType>)[String(key)];
    else if (def.type === 'array') current = def.element as z.ZodType;
    else if (def.type === 'tuple') current = (def.items as z.ZodType[])[Number(key)];
    else if (def.type === 'record') current = def.valueType as z.ZodType;
    else current = undefined;
    value = valueAt(value, key);
  }
  return current && unwrap(current);
}
