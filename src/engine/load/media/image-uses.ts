/**
 * Where a document shows images: every `image(...)` field (src/engine/model/fields.ts) with a value, read from the
 * document's zod schema (the mark `media` on the field names its slot), so a block gaining an image field needs no list
 * to update. Used by the checks (a record that exists, big enough for its slot, the LCP budget), the LCP preload and
 * for unused media. The walk is the one translatable text is found by (../schema-walk.ts).
 */
import type { z } from 'zod';
import type { ImageLayoutName } from '../../model/json-schema-node';
import type { JsonPath } from '../../model/problems';
import { metadataOf, walkDocument } from '../schema-walk';

export interface ImageUse {
  path: JsonPath;
  id: string;
  layout: ImageLayoutName;
}

export function imageUsesIn(schema: z.ZodType, value: unknown, path: JsonPath = []): ImageUse[] {
  const found: ImageUse[] = [];
  walkDocument(
    schema,
    value,
    (current, node, at) => {
      const layout = metadataOf(current)?.media;
      if (!layout || typeof node !== 'string') return false;
      found.push({ path: [...at], id: node, layout });
      return true;
    },
    path,
  );
  return found;
}
