/**
 * What the build renders once and reuses: the theme's styles (the same on every page), the frame (header, footer)
 * that pages of one language share, with their route and content put in, and the HTML of islands those pages share.
 * Every real page, rendered in either order with what other pages rendered, is byte for byte the page rendered on its own.
 */
import { describe, expect, it } from 'vitest';
import { buildEnv, CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadSite } from '../../src/engine/load/i18n/load-site';
import type { RenderContext } from '../../src/engine/model/render-context';
import { buildSiteData } from '../../src/engine/load/site-data-of';
import { renderPage, type PageToRender, type SharedHtml } from '../../src/render/render-page';

/**
 * The default language's pages and render context, and those of a language under a prefix (/es/...), as the build
 * makes them (scripts/build/check-content.ts, scripts/build/build.ts).
 */
const languages = loadSite(CONTENT_DIR)
  .locales.slice(0, 2)
  .map(({ locale, content }) => {
    const pages: PageToRender[] = content.pages.map(({ file, route, doc }) => ({ file, route, doc }));
    const context: RenderContext = {
      site: buildSiteData(content.site!, content.pages, buildEnv(), locale),
      collections: content.collections,
      routes: new Set(pages.flatMap((page) => (page.route === null ? [] : [page.route]))),
    };
    return { code: locale.code, pages, context };
  });
const [english] = languages;
const alone = (context: RenderContext, pages: PageToRender[]) => new Map(pages.map((page) => [page.file, renderPage(page, context)]));
const englishAlone = alone(english.context, english.pages);

describe('a page rendered with the frame and islands other pages rendered before it', () => {
  it.each([
    ...languages.map(({ code, pages, context }) => [`${code}, in the build order`, pages, context] as const),
    ['en, in the reverse order', [...english.pages].reverse(), english.context] as const,
  ])('is the page rendered alone: %s', (_, order, context) => {
    const single = context === english.context ? englishAlone : alone(context, order);
    const shared: SharedHtml = { islands: new Map() };
    for (const page of order) expect(renderPage(page, context, shared), page.file).toEqual(single.get(page.file));
    // Reused, not only rendered: one frame for every page with a plain route, and the home and not-found pages' own
    // (the mobile menu's props carry the route: a frame rendered for each page would render it for each).
    expect(shared.frame?.html).toContain('<!--reachwell-main-->');
    expect([...shared.islands.keys()].filter((key) => key.startsWith('MobileMenu\0'))).toHaveLength(3);
  });
});

describe('the theme styles', () => {
  it('open every page, once: its CSS variables, then its global classes', () => {
    for (const { body } of englishAlone.values()) {
      expect(body.startsWith('<style data-mantine-styles="true">:root, :host{--mantine-')).toBe(true);
      expect(body.match(/<style data-mantine-styles="(true|classes)">/g)).toEqual([
        '<style data-mantine-styles="true">',
        '<style data-mantine-styles="classes">',
      ]);
    }
  });
});
