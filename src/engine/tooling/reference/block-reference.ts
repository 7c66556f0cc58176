/**
 * docs/blocks.md: every block, template and collection with its fields, generated from the zod
 * schemas and the template documents by `npm run generate`; a test fails when it drifts.
 */
import { z } from 'zod';
import { blocksByCategory } from '../../../blocks/categories';
import { blockDefinitions, blockSchemas } from '../../../blocks/generated/blocks';
import { collectionFile, collectionItemSchemas, COLLECTION_NAMES } from '../../model/collections';
import type { JsonSchema } from '../../model/json-schema-node';
import type { CompiledTemplate } from '../../load/templates/compile-template';
import { ICON_NAMES } from '../../../vocabulary/icon-names';
import { fieldRows, type FieldRow } from './field-rows';

export const REFERENCE_FILE = 'docs/blocks.md';

export const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(rows: FieldRow[]): string {
  if (!rows.length) return '_No fields._\n';
  const lines = ['| Field | Type | Required | Limits | Description |', '| --- | --- | --- | --- | --- |'];
  for (const row of rows)
    lines.push(`| \`${row.name}\` | ${cell(row.type)} | ${row.required ? 'yes' : ''} | ${cell(row.limits)} | ${cell(row.description)} |`);
  return lines.join('\n') + '\n';
}

const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function blocksSection(): string[] {
  const byType = new Map(blockSchemas.map((schema) => [schema.shape.type.value as string, schema]));
  const out = [
    '## Blocks',
    '',
    'A page lists blocks in `"blocks"`; each has `"type"` and the fields below. Open `/__blocks` in `npm run dev` to see each one rendered from its example.',
    '',
  ];
  for (const [category, types] of blocksByCategory(blockDefinitions)) {
    out.push(`### ${category}`, '');
    for (const type of types) {
      const schema = byType.get(type)!;
      const json = jsonSchemaOf(schema);
      out.push(
        `#### ${type}`,
        '',
        blockDefinitions[type].description,
        '',
        `Example: [src/blocks/${type}/example.json](../src/blocks/${type}/example.json)`,
        '',
      );
      out.push(table(fieldRows(json).filter((row) => row.name !== 'type')));
    }
  }
  return out;
}

function templatesSection(templates: CompiledTemplate[]): string[] {
  const out = [
    '## Templates',
    '',
    'Pages of one kind write `"template": "<name>"` and fill its sections by `"slot"`. Start one with `npm run new-page -- --template <name>`.',
    '',
  ];
  for (const compiled of [...templates].sort((a, b) => a.name.localeCompare(b.name))) {
    const { template } = compiled;
    out.push(`### ${compiled.name}`, '', template.description, '');
    out.push(`Pages live in \`pages-json/${template.folder}/\`; the template is [${compiled.display}](../${compiled.display}).`);
    if (template.record)
      out.push(
        `Each page states its \`${template.record.collection}\` record in \`"${template.record.field}"\` (see [Collections](#collections)); its file name is the record's id.`,
      );
    out.push('', '| Slot | Block | Anchor | On every page | Counts | Set by the template |', '| --- | --- | --- | --- | --- | --- |');
    for (const { section, filledByTemplate } of compiled.sections) {
      if (section.open) {
        out.push(`| \`${section.slot}\` | open area: any blocks of the page's own | | optional | | |`);
        continue;
      }
      const presence = section.optional ? (section.group ? `optional (group \`${section.group}\`)` : 'optional') : 'yes';
      const counts = Object.entries(section.counts ?? {})
        .map(([field, count]) => `${field}: ${typeof count === 'number' ? count : `${count.min ?? 0}-${count.max ?? 'any'}`}`)
        .join(', ');
      const shared = filledByTemplate
        ? 'everything'
        : Object.keys(section.shared ?? {})
            .map((key) => (section.pagesMayAdd?.[key] ? `\`${key}\` (pages may add)` : `\`${key}\``))
            .join(', ');
      out.push(
        `| \`${section.slot}\` | [${section.block}](#${anchor(section.block!)}) | ${section.id ? `#${section.id}` : ''} | ${presence} | ${counts} | ${shared} |`,
      );
    }
    out.push('');
  }
  return out;
}

function iconsSection(): string[] {
  return [
    '## Icons',
    '',
    'Where a block or a record asks for an `icon`, write one of these names. `/__blocks` in `npm run dev` draws each one beside its name.',
    '',
    ICON_NAMES.map((name) => `\`${name}\``).join(' · '),
    '',
  ];
}

function collectionsSection(): string[] {
  const out = [
    '## Collections',
    '',
    'Records that are not pages, in `pages-json/_collections/<name>.json` as `{ "items": [...] }`. Quote a figure elsewhere as `{<collection>.<id>.<field>}`, e.g. `{plans.growth.price}`.',
    '',
  ];
  for (const name of COLLECTION_NAMES) {
    const json = jsonSchemaOf(collectionItemSchemas[name]);
    out.push(`### ${name}`, '', `File: \`pages-json/${collectionFile(name)}\``, '', table(fieldRows(json)));
  }
  return out;
}

export function blockReference(templates: Iterable<CompiledTemplate>): string {
  const lines = [
    '# Block, template and collection reference',
    '',
    '<!-- Generated by `npm run generate` from the zod schemas and pages-json/_templates; do not edit. A test fails when it is out of date. -->',
    '',
    'Contents: [Blocks](#blocks) · [Templates](#templates) · [Collections](#collections) · [Icons](#icons)',
    '',
    ...blocksSection(),
    ...templatesSection([...templates]),
    ...collectionsSection(),
    ...iconsSection(),
  ];
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}
