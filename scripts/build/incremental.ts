/**
 * A release made from the one before it, of the same code: the pages whose render inputs changed (render-inputs.ts)
 * are rendered, in the context of the whole site; every other page's file and every file of the bundles is
 * hard-linked from the previous release (copied where the file system cannot link); the site data modules, sitemaps,
 * CSP hashes and fingerprint are written afresh (write-site.ts), so the folder is the one a full build writes. A file
 * is only ever linked or written new, never written through a link: the previous release stays as it was.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { restorePrerenderBundle } from './bundle-cache';
import type { CheckedContent } from './check-content';
import { manifestOf } from './manifest';
import type { ReleaseManifest, ReleasePage } from './release-manifest';
import { prerenderBundleUrl, renderPages } from './render-pages';
import type { BuildSettings } from './settings';
import { siteDataAddress } from './site-data-modules';
import { pageFile, pageKey } from './write-pages';
import { writeSite, type WrittenSite } from './write-site';

interface IncrementalSite extends WrittenSite {
  /** The pages rendered (pageKey), and those taken from the previous release. */
  rerendered: string[];
  reused: Map<string, ReleasePage>;
}

export type IncrementalOutcome =
  | { built: IncrementalSite }
  /** Why the release must be built whole instead. */
  | { buildWhole: string }
  /** A page could not be rendered, or an LCP image is over its budget (printed): nothing may be published. */
  | { failed: true };

/** Links `files` of `from` into `to` (made), where the file system allows, else copies them. */
function linkFiles(from: string, to: string, files: Iterable<string>) {
  const made = new Set<string>();
  for (const file of files) {
    const folder = dirname(join(to, file));
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    try {
      linkSync(join(from, file), join(to, file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
      copyFileSync(join(from, file), join(to, file));
    }
  }
}

/** `<html data-site-data="…">` (SITE_DATA_ATTR of src/site/page-site-data.ts, UI code the scripts do not load). */
const SITE_DATA_ADDRESS = /data-site-data="([^"]*)"/;

/**
 * The previous release's pages in the new folder: linked, or, where their language's site data module has a new
 * address (another page appeared in a language, say), written anew with that address, the one thing in them that
 * changed (render-inputs.ts keeps out of a page's inputs what of the site data it does not show).
 */
function reusePages(from: string, to: string, files: string[], addressOf: ReadonlyMap<string, string>) {
  const same: string[] = [];
  for (const file of files) {
    const html = readFileSync(join(from, file), 'utf8');
    const address = addressOf.get(file);
    const was = SITE_DATA_ADDRESS.exec(html)?.[1];
    if (address === undefined || was === undefined || was === address) same.push(file);
    else {
      mkdirSync(dirname(join(to, file)), { recursive: true });
      // Everywhere it is named (its data-site-data, the boot script's preloads): a name made of the module's hash.
      writeFileSync(join(to, file), html.replaceAll(was, address));
    }
  }
  linkFiles(from, to, same);
}

export async function buildIncrementally(
  content: CheckedContent,
  settings: BuildSettings,
  previous: { dir: string; manifest: ReleaseManifest },
  inputs: ReadonlyMap<string, string>,
  fingerprint: string,
): Promise<IncrementalOutcome> {
  const { dist, serverDist } = settings;
  const stale = new Set<string>();
  const reused = new Map<string, ReleasePage>();
  /** Each reused page's language's site data address now (the module's name changes with any of its data). */
  const addressOf = new Map<string, string>();
  for (const locale of content.locales) {
    const address = siteDataAddress(locale);
    for (const page of locale.pages) {
      const key = pageKey(locale, page);
      const before = previous.manifest.pages[key];
      if (before?.inputs === inputs.get(key) && before.file === pageFile(locale, page)) {
        reused.set(key, before);
        addressOf.set(before.file, address);
      } else stale.add(key);
    }
  }
  rmSync(serverDist, { recursive: true, force: true });
  if (stale.size && !restorePrerenderBundle(previous.manifest.code, serverDist))
    return { buildWhole: 'the prerender bundle of this code is no longer kept' };

  rmSync(dist, { recursive: true, force: true });
  linkFiles(previous.dir, dist, previous.manifest.bundleFiles);
  reusePages(
    previous.dir,
    dist,
    [...reused.values()].map((page) => page.file),
    addressOf,
  );
  const rendered = await renderPages(content, settings, (locale, page) => stale.has(pageKey(locale, page)));
  if (!rendered) return { failed: true };
  const render = stale.size ? ((await import(prerenderBundleUrl(settings))) as typeof import('../../src/render/entry-server')) : undefined;
  const { client, server } = previous.manifest.viteManifests;
  const site = await writeSite(
    content,
    {
      rendered,
      bundles: { client: manifestOf(client), server: manifestOf(server) },
      render,
      codeScriptHashes: previous.manifest.codeScriptHashes,
      reusedScriptHashes: [...reused.values()].flatMap((page) => page.scriptHashes),
      fingerprint,
    },
    settings,
  );
  if (!site) return { failed: true };
  rmSync(serverDist, { recursive: true, force: true });
  return { built: { ...site, rerendered: [...stale], reused } };
}
