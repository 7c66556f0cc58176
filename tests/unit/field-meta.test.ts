/**
 * What the schemas tell the visual editor about a field (FieldMeta: a label in a marketer's words, multi-line text, a
 * soft length aim) reaches the generated JSON Schemas beside the description, as keywords ajv knows in strict mode;
 * and no description states a length aim that is not also declared (the editor reads the keyword, never the prose).
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/engine/model/json-schema-node';
import { generateJsonSchemas } from '../../src/engine/load/documents/json-schemas';
import { createAjv } from '../../src/engine/load/documents/validator-cache';

const schemas = generateJsonSchemas() as Record<string, JsonSchema>;
const page = schemas['page.schema.json'];
const plans = schemas['collections/plans.schema.json'];
const defs = page.$defs!;

/** Every node of a schema, with where it is. */
function* nodes(node: unknown, at = ''): Generator<[string, JsonSchema]> {
  if (Array.isArray(node)) for (const [index, child] of node.entries()) yield* nodes(child, `${at}/${index}`);
  else if (node && typeof node === 'object') {
    yield [at, node as JsonSchema];
    for (const [key, child] of Object.entries(node)) yield* nodes(child, `${at}/${key}`);
  }
}

describe('field metadata in the generated JSON Schemas', () => {
  it('keeps the description beside the metadata declared with it', () => {
    expect(defs.Hero.properties!.subheading).toMatchObject({
      type: 'string',
      description: 'Sentence or two under the headline',
      multiline: true,
      label: 'Text under the headline',
    });
    expect(defs.FAQ.properties!.items.items!.properties!.answer).toMatchObject({
      minLength: 1,
      description: 'The answer',
      multiline: true,
    });
    expect(defs.PageMeta.properties!.title).toMatchObject({
      description: 'Head title (aim for at most 60 characters)',
      aim: { max: 60 },
    });
    expect(defs.PageMeta.properties!.description).toMatchObject({ multiline: true, aim: { min: 50, max: 160 } });
    expect(defs.PageMeta.properties!.noindex).toMatchObject({ type: 'boolean', label: 'Hide from search engines' });
    expect(defs.Href).toMatchObject({ label: 'Link', patternErrorMessage: expect.stringContaining('site:<key>') });
  });

  it("a field's own label and description win over its shared definition's", () => {
    const plan = plans.properties!.items.items!;
    expect(plan.properties!.ctaUrl).toEqual({
      description: 'Where the button leads (site:scheduling, site:signUp, ...)',
      label: 'Button link',
      $ref: '#/$defs/Href',
    });
    expect(plan.properties!.price.anyOf![0]).toEqual({ $ref: '#/$defs/Money' });
    expect(plans.$defs!.Money.properties!.currency.enum).toEqual(['USD']);
  });

  it('one-line text is not marked: a heading, a button label', () => {
    expect(defs.Hero.properties!.heading.multiline).toBeUndefined();
    expect(defs.Link.properties!.label.multiline).toBeUndefined();
  });

  it.each(Object.keys(schemas))('%s compiles in ajv strict mode (every keyword registered)', (file) => {
    expect(() => createAjv().compile(schemas[file])).not.toThrow();
  });

  it('ajv refuses a malformed aim', () => {
    expect(() => createAjv().compile({ type: 'string', aim: { max: 'sixty' } })).toThrow(/aim/);
  });

  it('every length aim a description states is declared as `aim`', () => {
    const stated = Object.entries(schemas).flatMap(([file, schema]) =>
      [...nodes(schema)].filter(([, node]) => /aim for/.test(node.description ?? '') && !node.aim).map(([at]) => `${file}#${at}`),
    );
    expect(stated).toEqual([]);
  });
});
