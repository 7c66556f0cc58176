/** A block that throws while prerendering fails the page, named by file, block index and type, with its error. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { siteRenderContext } from '../../test-support/render-block';

const pageDoc = (file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', file), 'utf8'));

vi.mock('../../src/blocks/Hero/Hero', () => ({
  Hero: () => {
    throw new Error('Hero broke on the server');
  },
}));

// The setup file loaded the real renderer before this file's mock existed: load it again with the mock.
let render: typeof import('../../src/render/render-page');
beforeAll(async () => {
  vi.resetModules();
  render = await import('../../src/render/render-page');
  await render.loadIslandComponents();
});

describe('renderPage', () => {
  it('throws, naming the file, the block and the error, when a block cannot render', () => {
    const home = () => render.renderPage({ file: 'index.json', route: '/', doc: pageDoc('index.json') }, siteRenderContext());
    expect(home).toThrow(render.BlockRenderError);
    expect(home).toThrow('pages-json/index.json: blocks[0] (Hero): failed to render: Hero broke on the server');
  });

  it('renders a page without the broken block', () => {
    const terms = pageDoc('terms.json');
    expect(render.renderPage({ file: 'terms.json', route: '/terms', doc: terms }, siteRenderContext()).body).toContain(
      terms.blocks[0].heading,
    );
  });
});
