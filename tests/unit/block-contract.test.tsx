/**
 * The contract every registered block keeps: its folder has the expected files,
 * its example is valid for zod and for ajv inside a page, and it renders on the server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { renderToString } from 'react-dom/server';
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { blockLoaders } from '../../src/blocks/components';
import { blockSchemas } from '../../src/blocks/schemas';
import type { Block } from '../../src/engine/page-schema';
import { resolveContent } from '../../src/engine/resolve';
import { blockElement } from './render-block';

const BLOCKS_DIR = join(import.meta.dirname, '..', '..', 'src', 'blocks');
const SCHEMAS_DIR = join(import.meta.dirname, '..', '..', 'schemas');
const types = blockSchemas.map((schema) => schema.shape.type.value);

const ajv = new Ajv2020({ strict: true });
addFormats(ajv);
const validatePage = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'page.schema.json'), 'utf8')));

/** Strings of a block that a visitor reads (not types, ids, links or icon names). */
function visibleTexts(node: unknown, key = ''): string[] {
  if (typeof node === 'string') return ['type', 'id', 'href', 'icon', 'variant'].includes(key) ? [] : [node];
  if (Array.isArray(node)) return node.flatMap((child) => visibleTexts(child, key));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => visibleTexts(v, k));
  return [];
}

const decodeEntities = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const example = (type: string) => JSON.parse(readFileSync(join(BLOCKS_DIR, type, 'example.json'), 'utf8'));

describe('block registry', () => {
  it('registers every block folder, and has a component for every schema', () => {
    const folders = readdirSync(BLOCKS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect([...types].sort()).toEqual(folders);
    expect(Object.keys(blockLoaders).sort()).toEqual([...types].sort());
  });
});

describe.each(types)('block %s', (type) => {
  const schema = blockSchemas.find((s) => s.shape.type.value === type)!;

  it('keeps schema, component and example in its folder', () => {
    for (const file of ['schema.ts', `${type}.tsx`, 'example.json']) expect(existsSync(join(BLOCKS_DIR, type, file)), file).toBe(true);
  });

  it('has an example that zod accepts', () => {
    const result = schema.safeParse(example(type));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('has an example that ajv accepts inside a page document', () => {
    const doc = { meta: { title: 'Example', description: 'Example page' }, blocks: [example(type)] };
    expect(validatePage(doc), JSON.stringify(validatePage.errors)).toBe(true);
  });

  it('renders its example to HTML on the server', () => {
    const block = resolveContent(example(type), siteData.config) as Block;
    const html = renderToString(blockElement(block));
    expect(html).not.toContain('failed to render');
    const firstText = visibleTexts(block)[0];
    if (firstText) expect(decodeEntities(html)).toContain(firstText);
  });
});
