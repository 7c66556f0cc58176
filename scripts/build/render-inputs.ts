/**
 * What each page's HTML is made from, as one hash per page per language: everything its render takes and nothing
 * else. The code (the bundles' key) and the build settings, the set of routes (blocks link only to pages that exist),
 * its language's site data (configuration, menus made from every page's title, which pages each language has), the
 * page's file, route and document as it renders (on its template, in its language, untranslated text marked), the
 * collections it reads (src/render/page-reads.ts) and the media records of the images it shows (their alt text and
 * caption), each in its language. An incremental publish re-renders a page
 * whose hash differs from the one the previous release recorded and takes every other page's file from that release.
 * The hosted editor's review compares the same hashes to list every page a change set changes.
 *
 * Which pages each language has yet (its `missing` and `unindexed` routes) is in every language's site data, but a
 * page's HTML reads only what it says of the routes the page shows: its own (the language menu, hreflang, robots),
 * its parents', and those it links to (a link to a page its language lacks is marked). So a translation that makes a
 * page appear in Spanish changes the inputs of that page in each language and of the pages that link to it, not of
 * every page (the site data modules' new addresses are written into the others' files: incremental.ts).
 */
import type { CollectionName } from '../../src/engine/model/collections';
import type { SiteData } from '../../src/engine/model/site-data';
import { buildEnv } from '../../src/engine/load/content-env';
import { imageUsesIn } from '../../src/engine/load/media/image-uses';
import { pageSchema } from '../../src/engine/load/page-schema';
import { collectionsReadBy } from '../../src/render/page-reads';
import type { BuildLocale, CheckedContent } from './check-content';
import { stableHash } from './stable-hash';
import { pageKey } from './write-pages';

/**
 * What a page's inputs are read from: a build's checked content, or the hosted editor's loaded content of a version,
 * whose review lists the pages whose inputs a change set changes (src/editor/host/review/affected-pages.ts).
 */
export interface InputsContent {
  pages: Pick<CheckedContent['pages'][number], 'route'>[];
  locales: (Pick<BuildLocale, 'pseudo' | 'pages' | 'collections' | 'media' | 'siteData'> & { locale: { code: string } })[];
}

/** What a page shows of an image's record: all of it but the credit, which is for the team and on no page. */
function shownOfImage(record: InputsContent['locales'][number]['media'][string] | undefined) {
  if (!record) return null;
  const { credit, ...shown } = record;
  void credit;
  return shown;
}

/** Per page (pageKey: `es:story.json`), the hash of its render's inputs. `codeKey` names the bundles' code. */
export function renderInputs(content: InputsContent, codeKey: string): Map<string, string> {
  // The routes a render context has (scripts/build/render-pages.ts): every page's, in each language.
  const routes = [...new Set(content.pages.flatMap((page) => (page.route === null ? [] : [page.route])))].sort();
  const site = stableHash(codeKey, buildEnv(), routes);
  const inputs = new Map<string, string>();
  const known = new Set(routes);
  for (const locale of content.locales) {
    const { languages, ...rest } = locale.siteData;
    const siteData = stableHash(rest);
    // The menus and the configuration (footer, banner, header actions) are on every page: their links too.
    const everyPageLinks = linkedRoutes([locale.siteData.menus, locale.siteData.config], known);
    const collectionHashes = new Map<CollectionName, string>();
    const collectionHash = (name: CollectionName) => {
      if (!collectionHashes.has(name)) collectionHashes.set(name, stableHash(locale.collections[name]));
      return collectionHashes.get(name)!;
    };
    for (const page of locale.pages) {
      const read = collectionsReadBy(page.doc, locale.collections);
      const collections = read.map((name) => [name, collectionHash(name)]);
      // A record's alt text or caption changed (or translated) is a change of every page showing the image.
      const images = imageUsesIn(pageSchema, page.doc).map(({ id }) => [id, shownOfImage(locale.media[id])]);
      const shown = new Set([
        ...everyPageLinks,
        ...linkedRoutes([page.doc, ...read.map((name) => locale.collections[name])], known),
        ...(page.route === null ? [] : parentsOf(page.route)),
      ]);
      inputs.set(
        pageKey(locale, page),
        stableHash(
          site,
          siteData,
          languagesAbout(languages, shown),
          locale.locale.code,
          locale.pseudo,
          page.file,
          page.route,
          page.doc,
          collections,
          images,
        ),
      );
    }
  }
  return inputs;
}

/**
 * The route a site path leads to (`/use-cases?industry=SaaS#top` -> `/use-cases`), as src/lib/link-language.ts reads
 * a link's (not imported: that module brings React into the build's process beside the prerender bundle's own).
 */
const routeOfHref = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? href.split(/[?#]/)[0] || '/' : undefined);

/** Every route of the site that a string in `values` links to (`/pricing#plans` -> `/pricing`). */
function linkedRoutes(values: unknown[], known: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      const route = routeOfHref(value);
      if (route !== undefined && known.has(route)) found.add(route);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  values.forEach(walk);
  return found;
}

/** A route and the routes above it: `/use-cases/retail` -> `/use-cases/retail`, `/use-cases`, `/`. */
function parentsOf(route: string): string[] {
  const parts = route.split('/').filter(Boolean);
  return ['/', ...parts.map((_, index) => `/${parts.slice(0, index + 1).join('/')}`)];
}

/** The languages as a page's HTML reads them: all they say, but their page lists cut to the routes it shows. */
function languagesAbout(languages: SiteData['languages'], shown: ReadonlySet<string>) {
  return languages.map(({ missing, unindexed, ...language }) => ({
    ...language,
    missing: missing.filter((route) => shown.has(route)),
    unindexed: unindexed.filter((route) => shown.has(route)),
  }));
}
