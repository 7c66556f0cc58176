// @vitest-environment jsdom
/**
 * The contract every block keeps: its folder has the expected files and is in the generated registries;
 * its example is valid for zod and for ajv inside a page; it renders on the server as the build renders it,
 * and every island in it hydrates in the browser with its content intact and nothing logged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockDefinitions, blockSchemas } from '../../src/blocks/generated/blocks';
import { createAjv } from '../../src/engine/load/documents/validator-cache';
import { blockFiles, blockFolders } from '../../src/engine/tooling/codegen/block-registries';
import { hydrateIsland } from '../../src/hydration/hydrate-island';
import { ISLAND_ATTR } from '../../src/hydration/modes';
import { islandLoaders } from '../../src/islands';
import { pageRegistry } from '../../src/render/render-page';
import { stubBrowserApis } from './dom-stubs';
import { blockHtml, context, parseBlock } from '../../test-support/render-block';

const BLOCKS_DIR = join(import.meta.dirname, '..', '..', 'src', 'blocks');
const SCHEMAS_DIR = join(import.meta.dirname, '..', '..', 'schemas');
const types = blockSchemas.map((schema) => schema.shape.type.value);

const ajv = createAjv();
const validatePage = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'page.schema.json'), 'utf8')));

/** Strings of a block that a visitor reads (not types, ids, links or icon names). */
function visibleTexts(node: unknown, key = ''): string[] {
  if (typeof node === 'string') return ['type', 'id', 'href', 'icon', 'variant'].includes(key) ? [] : [node];
  if (Array.isArray(node)) return node.flatMap((child) => visibleTexts(child, key));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => visibleTexts(v, k));
  return [];
}

const example = (type: string) => JSON.parse(readFileSync(join(BLOCKS_DIR, type, 'example.json'), 'utf8'));

/**
 * The roots hydrated by the current test, unmounted after it: an island's timers (FloatingChat's rotating label)
 * would otherwise run on after the file, into the next file the worker runs, where there is no `window`.
 */
const roots: Root[] = [];

/** Puts the server HTML into the document and hydrates each island in it as the browser runtime does. */
async function hydrateAll(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const containers = [...host.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR.name}]`)];
  const { Providers } = pageRegistry(context);
  for (const container of containers) {
    const name = container.getAttribute(ISLAND_ATTR.name)!;
    const island = {
      name,
      id: Number(container.getAttribute(ISLAND_ATTR.id)),
      props: JSON.parse(container.getAttribute(ISLAND_ATTR.props)!),
    };
    const Component = (await islandLoaders[name as keyof typeof islandLoaders]()) as ComponentType<object>;
    await act(async () => {
      roots.push(hydrateIsland(container, island, Component, Providers, () => container.setAttribute(ISLAND_ATTR.hydrated, '')));
    });
  }
  return { host, containers };
}

beforeAll(stubBrowserApis);
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('block registry', () => {
  it('registers every block folder (a folder with a schema.ts), each schema named after its folder', () => {
    const folders = readdirSync(BLOCKS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(BLOCKS_DIR, d.name, 'schema.ts')))
      .map((d) => d.name)
      .sort();
    expect(blockFolders()).toEqual(folders);
    expect(types).toEqual(folders);
    expect(Object.keys(blockDefinitions).sort()).toEqual(folders);
  });

  it('gives every interactive block, and only those, an island of its name that loads its component', async () => {
    for (const type of types) {
      const { hydrate } = blockDefinitions[type];
      const loader = (islandLoaders as Record<string, () => Promise<unknown>>)[type];
      if (hydrate === 'none') expect(loader, `${type} has no JavaScript and must not be an island`).toBeUndefined();
      else {
        const component = ((await import(`../../src/blocks/${type}/${type}.tsx`)) as Record<string, unknown>)[type];
        expect(await loader?.(), `${type} hydrates ('${hydrate}'): it needs an island (npm run generate)`).toBe(component);
      }
    }
  });
});

describe.each(types)('block %s', (type) => {
  const schema = blockSchemas.find((s) => s.shape.type.value === type)!;

  it('keeps schema, definition, component and example in its folder', () => {
    for (const file of blockFiles(type)) expect(existsSync(join(BLOCKS_DIR, type, file)), file).toBe(true);
  });

  it('has an example that zod accepts', () => {
    const result = schema.safeParse(example(type));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('has an example that ajv accepts inside a page document', () => {
    const doc = { meta: { title: 'Example', description: 'Example page' }, blocks: [example(type)] };
    expect(validatePage(doc), JSON.stringify(validatePage.errors)).toBe(true);
  });

  it('renders its example on the server and hydrates it in the browser with its content intact', async () => {
    const block = parseBlock(example(type));
    const html = blockHtml(example(type));
    const firstText = visibleTexts(block)[0];
    const errors = vi.spyOn(console, 'error');
    const { host, containers } = await hydrateAll(html);
    if (blockDefinitions[type].hydrate !== 'none') expect(containers.map((c) => c.getAttribute(ISLAND_ATTR.name))).toContain(type);
    for (const container of containers)
      expect(container.hasAttribute(ISLAND_ATTR.hydrated), container.getAttribute(ISLAND_ATTR.name)!).toBe(true);
    if (firstText) expect(host.textContent).toContain(firstText);
    expect(errors.mock.calls).toEqual([]);
  });
});
