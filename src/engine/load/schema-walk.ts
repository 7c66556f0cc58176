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

/**
 * A schema's metadata in zod's global registry (descriptions, the marks of fields.ts), asked of every node a walk
 * meets: zod merges each schema's with its parents' on every call, so it is kept per schema (a schema's metadata is
 * set when it is made).
 */
const metadata = new WeakMap<z.ZodType, ReturnType<typeof z.globalRegistry.get> | null>();
export function metadataOf(schema: z.ZodType) {
  let known = metadata.get(schema);
  if (known === undefined) {
    known = z.globalRegistry.get(schema) ?? null;
    metadata.set(schema, known);
  }
  return known ?? undefined;
}

/**
 * Takes a node (true: not walked into), or leaves it to the walk (false). `at` is one array the walk changes as it
 * goes (a copy per node was much of a walk's time): read it during the call, copy it to keep it.
 */
export type SchemaVisit = (schema: z.ZodType, node: unknown, at: JsonPath) => boolean;

/** Walks `value` as `schema` describes it, in document order, offering each node to `visit`. */
export function walkDocument(schema: z.ZodType, value: unknown, visit: SchemaVisit, path: JsonPath = []): void {
  const at: PropertyKey[] = [...path];
  const into = (current: z.ZodType, node: unknown, step: string | number) => {
    at.push(step);
    walk(current, node);
    at.pop();
  };
  const walk = (current: z.ZodType, node: unknown): void => {
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
        return walk(def.innerType as z.ZodType, node);
      case 'lazy':
        return walk((def.getter as () => z.ZodType)(), node);
      case 'pipe':
        return walk(def.in as z.ZodType, node);
      case 'object':
        if (!isPlainObject(node)) return;
        for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
          if (!key.startsWith('$') && key in node) into(field, node[key], key);
        }
        return;
      case 'array':
        if (Array.isArray(node)) node.forEach((item, index) => into(def.element as z.ZodType, item, index));
        return;
      case 'tuple':
        if (Array.isArray(node)) (def.items as z.ZodType[]).forEach((item, index) => into(item, node[index], index));
        return;
      case 'record':
        if (isPlainObject(node)) for (const [key, item] of Object.entries(node)) into(def.valueType as z.ZodType, item, key);
        return;
      case 'union': {
        const option = pickOption(def, node);
        if (option) walk(option, node);
        return;
      }
      case 'intersection':
        walk(def.left as z.ZodType, node);
        walk(def.right as z.ZodType, node);
        return;
    }
  };
  walk(schema, value);
}
