/** JSON Schema generation from the zod schemas: the one place that decides how. */
import { z } from 'zod';
import { pageSchema } from './page-schema';
import { siteSchema } from './site-schema';

function toJsonSchema(schema: z.ZodType, id: string, title: string) {
  return {
    ...z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }),
    $id: id,
    title,
  };
}

/** File name in `schemas/` -> generated JSON Schema. */
export function generateJsonSchemas(): Record<string, object> {
  return {
    'page.schema.json': toJsonSchema(pageSchema, 'https://www.reachwell.example/schemas/page.schema.json', 'Reachwell page document'),
    'site.schema.json': toJsonSchema(siteSchema, 'https://www.reachwell.example/schemas/site.schema.json', 'Reachwell site configuration'),
  };
}

export function serializeSchema(schema: object): string {
  return JSON.stringify(schema, null, 2) + '\n';
}
