/**
 * Writes each rendered page as `dist/<prefix>/<route>/index.html` (the not-found page as `404.html`): its HTML around
 * the stylesheet, the fonts on its first screen, the boot script and what it hydrates at once, and its language's site
 * data module. Returns what the later stages need: the hashes of the pages' inline scripts, and each page's file and
 * own hashes (what a release keeps of it: scripts/build/release-manifest.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { routeToHtmlPath } from '../../src/engine/model/routes';
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
  /** Per page (pageKey), the file written, inside its folder, and the hashes of its own inline scripts. */
  pages: Map<string, WrittenPage>;
}

interface WrittenPage {
  file: string;
  scriptHashes: string[];
}

/** A page of a language, as releases name it: `es:story.json`. */
export const pageKey = (locale: { locale: { code: string } }, page: Pick<BuildLocale['pages'][number], 'file'>) =>
  `${locale.locale.code}:${page.file}`;

export function writePages(
  rendered: RenderedPage[],
  { client, server }: Pick<Bundles, 'client' | 'server'>,
  render: Pick<EntryServer, 'htmlDocument' | 'bootScriptTag'>,
  siteDataAddresses: ReadonlyMap<BuildLocale, string>,
  { dist, pseudoDist }: BuildSettings,
): WrittenPages {
  const written: WrittenPages = { scriptHashes: new Set(), pseudoScriptHashes: new Set(), pages: new Map() };
  const entry = client.entry('src/main.ts');
  const stylesheets = [server.stylesheet()];
  /** The Latin subset of Inter is on every page's first screen. */
  const fontPreloads = server.assets(/inter-latin-wght-normal-.*\.woff2$/);
  for (const { page, locale, html: renderedPage } of rendered) {
    const scriptHashes = renderedPage.inlineScripts.map(cspHash);
    scriptHashes.forEach((hash) => (locale.pseudo ? written.pseudoScriptHashes : written.scriptHashes).add(hash));
    // What the page hydrates at once or on the visitor's first input: the entry's chunks and those of its 'load' and
    // 'first-input' islands (fetched, not run: React starts only when they hydrate)...
    const islandsAtLoad = renderedPage.islands
      .filter((island) => island.mode === 'load' || island.mode === 'first-input')
      .map((island) => client.islandChunk(island.name));
    const reactSide = ['src/hydration/hydrate-island.tsx', 'src/site/browser-providers.tsx'];
    // ...and, with them, the site data module of the page's language, which those islands need before they hydrate.
    const preload = islandsAtLoad.length ? [...client.chunksOf([...islandsAtLoad, ...reactSide]), siteDataAddresses.get(locale)!] : [];
    const html = render.htmlDocument(renderedPage, {
      stylesheets,
      fontPreloads,
      scripts: render.bootScriptTag(entry.file, [...new Set([...entry.imports, ...preload])]),
      siteData: siteDataAddresses.get(locale)!,
    });
    const file = pageFile(locale, page);
    const path = join(locale.pseudo ? pseudoDist! : dist, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, html);
    written.pages.set(pageKey(locale, page), { file, scriptHashes });
  }
  return written;
}

/** Where a page is written inside the site's folder: `es/story/index.html`, `404.html`. */
export const pageFile = (locale: BuildLocale, page: Pick<BuildLocale['pages'][number], 'route'>) =>
  join(locale.siteData.locale.prefix, page.route === null ? '404.html' : routeToHtmlPath(page.route));
