/**
 * Where a document shows images: every `image(...)` field (src/engine/model/fields.ts) with a value, read from the
 * document's zod schema (the mark `media` on the field names its slot), so a block gaining an image field needs no list
 * to update. Used by the checks (a record that exists, big enough for its slot, the LCP budget) and for unused media.
 */
import { z } from 'zod';
import type { ImageLayoutName } from '../../model/json-schema-node';
import type { JsonPath } from '../../model/problems';
import { isPlainObject } from '../../../lib/is-plain-object';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

export interface ImageUse {
  path: JsonPath;
  id: string;
  layout: ImageLayoutName;
}

function pickOption(def: Def, value: unknown): z.ZodType | undefined {
  const options = def.options as z.ZodType[];
  const discriminator = def.discriminator as string | undefined;
  if (discriminator && isPlainObject(value))
    return options.find((option) => {
      const field = (defOf(option).shape as Record<string, z.ZodType> | undefined)?.[discriminator];
      return field && (defOf(field).values as unknown[] | undefined)?.includes(value[discriminator]);
    });
  return options.find((option) => option.safeParse(value).success);
}

export function imageUsesIn(schema: z.ZodType, value: unknown, path: JsonPath = []): ImageUse[] {
  const found: ImageUse[] = [];
  const walk = (current: z.ZodType, node: unknown, at: JsonPath) => {
    const layout = z.globalRegistry.get(current)?.media;
    if (layout && typeof node === 'string') return void found.push({ path: at, id: node, layout });
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
        if (isPlainObject(node))
          for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>))
            if (key in node) walk(field, node[key], [...at, key]);
        return;
      case 'array':
        if (Array.isArray(node)) node.forEach((item, index) => walk(def.element as z.ZodType, item, [...at, index]));
        return;
      case 'record':
        if (isPlainObject(node)) for (const [key, item] of Object.entries(node)) walk(def.valueType as z.ZodType, item, [...at, key]);
        return;
      case 'union': {
        const option = pickOption(def, node);
        if (option) walk(option, node, at);
        return;
      }
    }
  };
  walk(schema, value, path);
  return found;
}
