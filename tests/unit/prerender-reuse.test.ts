/**
 * What the build renders once and reuses: the theme's styles (the same on every page) and the HTML of islands that
 * pages of one language share (their header's and footer's). Every real page, rendered in either order with the
 * shared islands, is byte for byte the page rendered on its own.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/engine/validate';
import { CONTENT_DIR } from '../../src/engine/content-env';
import { renderPage, type PageToRender } from '../../src/render/render-page';
import { context } from './render-block';

const pages: PageToRender[] = loadContent(CONTENT_DIR).pages.map(({ file, route, doc }) => ({ file, route, doc }));
const alone = new Map(pages.map((page) => [page.file, renderPage(page, context)]));

describe('a page rendered with the islands other pages rendered before it', () => {
  it.each([
    ['in the build order', pages],
    ['in the reverse order', [...pages].reverse()],
  ])('is the page rendered alone, %s', (_, order) => {
    const shared = new Map<string, string>();
    for (const page of order) expect(renderPage(page, context, shared), page.file).toEqual(alone.get(page.file));
    // Reused, not only rendered: the header's navigation is rendered once for all these pages.
    expect([...shared.keys()].filter((key) => key.startsWith('DesktopNav\0')).length).toBeLessThan(pages.length / 4);
  });
});

describe('the theme styles', () => {
  it('open every page, once: its CSS variables, then its global classes', () => {
    for (const { body } of alone.values()) {
      expect(body.startsWith('<style data-mantine-styles="true">:root, :host{--mantine-')).toBe(true);
      expect(body.match(/<style data-mantine-styles="(true|classes)">/g)).toEqual([
        '<style data-mantine-styles="true">',
        '<style data-mantine-styles="classes">',
      ]);
    }
  });
});
