/**
 * What each page's HTML is made from, as one hash per page per language: everything its render takes and nothing
 * else. The code (the bundles' key) and the build settings, the set of routes (blocks link only to pages that exist),
 * its language's site data (configuration, menus made from every page's title, which pages each language has), the
 * page's file, route and document as it renders (on its template, in its language, untranslated text marked), and the
 * collections it reads (src/render/page-reads.ts), each in its language. An incremental publish re-renders a page
 * whose hash differs from the one the previous release recorded and takes every other page's file from that release.
 */
import type { CollectionName } from '../../src/engine/model/collections';
import { buildEnv } from '../../src/engine/load/content-env';
import { collectionsReadBy } from '../../src/render/page-reads';
import type { CheckedContent } from './check-content';
import { stableHash } from './stable-hash';
import { pageKey } from './write-pages';

/** Per page (pageKey: `es:story.json`), the hash of its render's inputs. `codeKey` names the bundles' code. */
export function renderInputs(content: CheckedContent, codeKey: string): Map<string, string> {
  // The routes a render context has (scripts/build/render-pages.ts): every page's, in each language.
  const routes = [...new Set(content.pages.flatMap((page) => (page.route === null ? [] : [page.route])))].sort();
  const site = stableHash(codeKey, buildEnv(), routes);
  const inputs = new Map<string, string>();
  for (const locale of content.locales) {
    const siteData = stableHash(locale.siteData);
    const collectionHashes = new Map<CollectionName, string>();
    const collectionHash = (name: CollectionName) => {
      if (!collectionHashes.has(name)) collectionHashes.set(name, stableHash(locale.collections[name]));
      return collectionHashes.get(name)!;
    };
    for (const page of locale.pages) {
      const collections = collectionsReadBy(page.doc, locale.collections).map((name) => [name, collectionHash(name)]);
      inputs.set(
        pageKey(locale, page),
        stableHash(site, siteData, locale.locale.code, locale.pseudo, page.file, page.route, page.doc, collections),
      );
    }
  }
  return inputs;
}
