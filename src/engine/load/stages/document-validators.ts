/**
 * The ajv validators documents are checked with besides their zod schemas: the committed JSON Schemas of schemas/ that
 * authors' editors use (a test keeps them equal to a fresh generation), made once per process, and those of pages on
 * a template, made once per template shape.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionName } from '../../model/collections';
import { SCHEMAS_DIR } from '../content-env';
import {
  templatePageJsonSchema,
  templatePageSchemaComment,
  templatePageSchemaFile,
  templatePageShapeHash,
} from '../documents/json-schemas';
import { jsonSchemaValidator } from '../documents/validator-cache';
import type { CompiledTemplate } from '../templates/compile-template';

const once = <T>(make: () => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

let documentValidators: ReturnType<typeof makeDocumentValidators> | undefined;
function makeDocumentValidators() {
  const schema = (name: string) => jsonSchemaValidator(JSON.parse(readFileSync(join(SCHEMAS_DIR, name), 'utf8')) as object);
  const collections = new Map<CollectionName, ReturnType<typeof schema>>();
  return {
    site: schema('site.schema.json'),
    page: schema('page.schema.json'),
    template: schema('template.schema.json'),
    // Read when a media record is met: a site without images (or a first `npm run generate`) needs none.
    media: once(() => schema('media.schema.json')),
    // Read once per collection, not once per language that checks it.
    collection: (name: CollectionName) =>
      collections.get(name) ?? collections.set(name, schema(`collections/${name}.schema.json`)).get(name)!,
  };
}

/** The validators of the documents that have a schema of their own (the site configuration, pages, templates, collections). */
export const documentValidatorsOf = () => (documentValidators ??= makeDocumentValidators());

export type DocumentValidators = ReturnType<typeof documentValidatorsOf>;

/**
 * The validator of pages on a template, made once per template shape (the dev server, the visual editor and each
 * language check the content again). Its JSON Schema is the committed one in schemas/templates/ while that was made
 * from this shape; else, for a template just changed, it is generated here, which is most of what checking a template
 * page costs.
 */
const templatePageValidators = new Map<string, ReturnType<typeof jsonSchemaValidator>>();
/** Per compiled template: its shape is hashed once, not once per page on it. */
const validatorOfCompiled = new WeakMap<CompiledTemplate, ReturnType<typeof jsonSchemaValidator>>();
export function templatePageValidator(compiled: CompiledTemplate) {
  let validate = validatorOfCompiled.get(compiled);
  if (!validate) {
    validate = templatePageValidatorOfShape(compiled);
    validatorOfCompiled.set(compiled, validate);
  }
  return validate;
}

function templatePageValidatorOfShape(compiled: CompiledTemplate) {
  const shape = templatePageShapeHash(compiled);
  let validate = templatePageValidators.get(shape);
  if (!validate) {
    validate = jsonSchemaValidator(committedTemplatePageSchema(compiled.name, shape) ?? templatePageJsonSchema(compiled));
    if (templatePageValidators.size >= 20) templatePageValidators.clear(); // a template being edited is a new one each time
    templatePageValidators.set(shape, validate);
  }
  return validate;
}

/**
 * What a template page's check depends on besides the page and the code, for keeping it across runs
 * (../documents/kept-checks.ts): the template as compiled (its schemas and shared fields are made from it) and the
 * committed JSON Schema of its pages, read as text (used when made from this shape): a hash, made once per template.
 */
const templatePageKeys = new WeakMap<CompiledTemplate, string>();
export function templatePageKey(compiled: CompiledTemplate): string {
  let key = templatePageKeys.get(compiled);
  if (key === undefined) {
    let committed = '';
    try {
      committed = readFileSync(join(SCHEMAS_DIR, templatePageSchemaFile(compiled.name)), 'utf8');
    } catch {
      // None committed: its pages' JSON Schema is generated from the template, which the key holds.
    }
    key = createHash('sha256')
      .update([compiled.name, compiled.display, JSON.stringify(compiled.template), committed].join('\0'))
      .digest('base64url');
    templatePageKeys.set(compiled, key);
  }
  return key;
}

/** schemas/templates/<name>.schema.json when it was generated from this shape of the template. */
function committedTemplatePageSchema(name: string, shape: string): object | undefined {
  try {
    const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, templatePageSchemaFile(name)), 'utf8')) as { $comment?: string };
    return schema.$comment === templatePageSchemaComment(shape) ? schema : undefined;
  } catch {
    return undefined;
  }
}
