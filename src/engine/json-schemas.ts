/**
 * JSON Schema generation from the zod schemas: the one place that decides how. Editors autocomplete
 * documents through their `$schema`; ajv validates against the same files. Never edit schemas/ by hand.
 */
import { z } from 'zod';
import { collectionFileSchema, COLLECTION_NAMES } from './collections';
import { pageSchema } from './page-schema';
import { siteSchema } from './site-schema';
import type { CompiledTemplate } from './templates/compile-template';
import { templatePageJsonSchemaSource } from './templates/template-page';
import { templateSchema } from './templates/template-schema';

const SCHEMA_BASE = 'https://www.reachwell.example/schemas/';

export function toJsonSchema(schema: z.ZodType, file: string, title: string) {
  return { ...z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }), $id: SCHEMA_BASE + file, title };
}

/** File name in `schemas/` -> JSON Schema generated from code. */
export function generateJsonSchemas(): Record<string, object> {
  const files: Record<string, object> = {
    'page.schema.json': toJsonSchema(pageSchema, 'page.schema.json', 'Reachwell page document'),
    'site.schema.json': toJsonSchema(siteSchema, 'site.schema.json', 'Reachwell site configuration'),
    'template.schema.json': toJsonSchema(templateSchema, 'template.schema.json', 'Reachwell page template'),
  };
  for (const name of COLLECTION_NAMES) {
    files[`collections/${name}.schema.json`] = toJsonSchema(
      collectionFileSchema(name),
      `collections/${name}.schema.json`,
      `Reachwell ${name} collection`,
    );
  }
  return files;
}

/** File name in `schemas/` -> the JSON Schema of pages on each template (generated from the template documents). */
export function generateTemplatePageSchemas(templates: Iterable<CompiledTemplate>): Record<string, object> {
  return Object.fromEntries(
    [...templates].map((compiled) => {
      const file = `templates/${compiled.name}.schema.json`;
      return [file, toJsonSchema(templatePageJsonSchemaSource(compiled), file, `Reachwell page on the ${compiled.name} template`)];
    }),
  );
}

export function serializeSchema(schema: object): string {
  return JSON.stringify(schema, null, 2) + '\n';
}
