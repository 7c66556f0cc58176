/**
 * Writes each rendered page as `dist/<prefix>/<route>/index.html` (the not-found page as `404.html`): its HTML around
 * the stylesheet, the fonts on its first screen, the boot script and what it hydrates at once, and its language's site
 * data module. Returns what the later stages need: the hashes of the pages' inline scripts, and per language the
 * routes its sitemap lists.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { routeToHtmlPath } from '../../src/engine/model/routes';
import { indexedIn } from '../../src/engine/model/site-data';
import type { Bundles } from './bundles';
import type { BuildLocale } from './check-content';
import type { RenderedPage } from './render-pages';
import type { BuildSettings } from './settings';

type EntryServer = typeof import('../../src/render/entry-server');

/** A script's hash as a Content-Security-Policy source. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export interface WrittenPages {
  /** The inline scripts of the shipped pages, hashed. */
  scriptHashes: Set<string>;
  /** Those only the pseudo-locales' pages carry (PSEUDO_DIST_DIR's). */
  pseudoScriptHashes: Set<string>;
  /** Per language code, the routes its sitemap lists. */
  sitemapRoutes: Map<string, string[]>;
}

export function writePages(
  rendered: RenderedPage[],
  { client, server }: Bundles,
  render: Pick<EntryServer, 'htmlDocument' | 'bootScriptTag'>,
  siteDataAddresses: ReadonlyMap<BuildLocale, string>,
  { dist, pseudoDist }: BuildSettings,
): WrittenPages {
  const written: WrittenPages = { scriptHashes: new Set(), pseudoScriptHashes: new Set(), sitemapRoutes: new Map() };
  const entry = client.entry('src/main.ts');
  const stylesheets = [server.stylesheet()];
  /** The Latin subset of Inter is on every page's first screen. */
  const fontPreloads = server.assets(/inter-latin-wght-normal-.*\.woff2$/);
  for (const { page, locale, html: renderedPage } of rendered) {
    renderedPage.inlineScripts.forEach((script) =>
      (locale.pseudo ? written.pseudoScriptHashes : written.scriptHashes).add(cspHash(script)),
    );
    // What the page hydrates at once: the entry's chunks and those of its 'load' islands...
    const islandsAtLoad = renderedPage.islands.filter((island) => island.mode === 'load').map((island) => client.islandChunk(island.name));
    const reactSide = ['src/hydration/hydrate-island.tsx', 'src/site/browser-providers.tsx'];
    // ...and, with them, the site data module of the page's language, which those islands need before they hydrate.
    const preload = islandsAtLoad.length ? [...client.chunksOf([...islandsAtLoad, ...reactSide]), siteDataAddresses.get(locale)!] : [];
    const html = render.htmlDocument(renderedPage, {
      stylesheets,
      fontPreloads,
      scripts: render.bootScriptTag(entry.file, [...new Set([...entry.imports, ...preload])]),
      siteData: siteDataAddresses.get(locale)!,
    });
    const { prefix, code } = locale.siteData.locale;
    const file = join(locale.pseudo ? pseudoDist! : dist, prefix, page.route === null ? '404.html' : routeToHtmlPath(page.route));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    const language = locale.siteData.languages.find((other) => other.code === code);
    if (page.route !== null && !page.doc.meta.noindex && !locale.pseudo && language && indexedIn(language, page.route)) {
      const routes = written.sitemapRoutes.get(locale.locale.code) ?? [];
      written.sitemapRoutes.set(locale.locale.code, [...routes, page.route]);
    }
  }
  return written;
}
