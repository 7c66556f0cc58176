/**
 * The site's folder written from its rendered pages (all of them in a build; those whose inputs changed in an
 * incremental publish, the others being in the folder already): the pages, each language's site data module, the
 * sitemaps, the images the pages name (images/write-images.ts), each page's social card (every page's:
 * social-cards.ts), the CSP hashes (of the code's inline scripts, the pages written and `reusedScriptHashes`, those of
 * the pages already there) and the record of what it was built from.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINGERPRINT_FILE } from '../../src/engine/tooling/build-fingerprint';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import type { Bundles } from './bundles';
import { writeImages } from './images/write-images';
import { imagesOverBudget, reportOverBudget } from './images/lcp-budget';
import type { CheckedContent } from './check-content';
import { writeCspHashes } from './csp-hashes';
import type { RenderedPage } from './render-pages';
import type { BuildSettings } from './settings';
import { writeSiteDataModules } from './site-data-modules';
import { sitemapRoutesOf, writeSitemaps } from './sitemaps';
import { writeSocialCards } from './social-cards';
import { writePages, type WrittenPages } from './write-pages';

type EntryServer = typeof import('../../src/render/entry-server');

export interface SiteWrite {
  rendered: RenderedPage[];
  bundles: Pick<Bundles, 'client' | 'server'>;
  /** The prerender bundle, which wraps each page in its document; needed only when a page was rendered. */
  render: Pick<EntryServer, 'htmlDocument' | 'bootScriptTag'> | undefined;
  /** The hashes of the inline scripts that come with the code: the boot script, the speculation rules. */
  codeScriptHashes: readonly string[];
  reusedScriptHashes: Iterable<string>;
  fingerprint: string;
}

export interface WrittenSite {
  written: WrittenPages;
  /** Every hash csp-hashes.json lists (the pseudo-locales' pages' own aside). */
  scriptHashes: string[];
  /** The files written for the content besides the pages, inside the folder (the pseudo-locales' aside). */
  contentFiles: string[];
  /** Image variants made for this build, those taken from the image cache, and how long the stage took. */
  images: { made: number; reused: number; took: number };
  /** Social cards drawn for this build, and those taken from the card cache. */
  cards: { drawn: number; reused: number; took: number };
}

/** Undefined when a page's LCP image is over its budget at phone width (printed): the folder is left unfinished. */
export async function writeSite(content: CheckedContent, site: SiteWrite, settings: BuildSettings): Promise<WrittenSite | undefined> {
  const { dist } = settings;
  const siteDataAddresses = writeSiteDataModules(content.locales, settings);
  const noPages: WrittenPages = { scriptHashes: new Set(), pseudoScriptHashes: new Set(), pages: new Map() };
  if (site.rendered.length && !site.render) throw new Error('pages were rendered but no prerender bundle was given to write them');
  const written = site.render ? writePages(site.rendered, site.bundles, site.render, siteDataAddresses, settings) : noPages;
  // After the pages, and every page (those taken from the release before too): the images they name.
  const images = await writeImages(dist, CONTENT_DIR, content.media);
  // Weighed now that they are made (validation knew only the variants made before): before the build's record is written.
  const heavy = imagesOverBudget(dist, CONTENT_DIR, content);
  if (heavy.length) {
    reportOverBudget(heavy);
    return undefined;
  }
  const sitemapFiles = writeSitemaps(dist, content.siteData, sitemapRoutesOf(content.locales));
  const cards = await writeSocialCards(content.locales, settings);
  const scriptHashes = [...site.codeScriptHashes, ...written.scriptHashes, ...site.reusedScriptHashes];
  writeCspHashes(dist, scriptHashes);
  writeFileSync(join(dist, FINGERPRINT_FILE), site.fingerprint);
  const siteDataFiles = [...siteDataAddresses].filter(([locale]) => !locale.pseudo).map(([, address]) => address.slice(1));
  return {
    written,
    scriptHashes,
    contentFiles: [...siteDataFiles, ...sitemapFiles, ...images.files, ...cards.files, 'csp-hashes.json', FINGERPRINT_FILE],
    images: { made: images.made, reused: images.reused, took: images.took },
    cards: { drawn: cards.drawn, reused: cards.reused, took: cards.took },
  };
}
