/**
 * The whole build once the content is checked (`npm run build`, and a publish that builds everything): the bundles
 * (or those of a build of the same code), every page rendered, then the folder written (write-site.ts). Nothing but
 * the bundles is written while any page cannot be rendered. With PSEUDO_DIST_DIR set, that folder also gets the site
 * plus the pseudo-locales' pages from the same bundles.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeBundles, type Bundles } from './bundles';
import type { CheckedContent } from './check-content';
import { writeCspHashes } from './csp-hashes';
import { prerenderBundleUrl, renderPages } from './render-pages';
import type { BuildSettings } from './settings';
import { cspHash } from './write-pages';
import { writeSite, type WrittenSite } from './write-site';

export interface BuiltSite extends WrittenSite {
  bundles: Bundles;
  /** When the bundles were ready (performance.now()): the build's line splits its time there. */
  bundledAt: number;
  codeScriptHashes: string[];
}

/**
 * `code`: the code fingerprint the bundles are kept by; `fingerprint`: the record of the build's inputs. Undefined when
 * a page could not be rendered, or its LCP image is over its budget (printed).
 */
export async function buildSite(
  content: CheckedContent,
  settings: BuildSettings,
  code: string,
  fingerprint: string,
): Promise<BuiltSite | undefined> {
  const { dist, pseudoDist, serverDist } = settings;
  rmSync(dist, { recursive: true, force: true });
  if (pseudoDist) rmSync(pseudoDist, { recursive: true, force: true });
  rmSync(serverDist, { recursive: true, force: true });
  const bundles = await makeBundles(settings, code);
  const bundledAt = performance.now();

  const rendered = await renderPages(content, settings);
  if (!rendered) return undefined;
  const render = (await import(prerenderBundleUrl(settings))) as typeof import('../../src/render/entry-server');
  const codeScriptHashes = [cspHash(render.bootScriptText), cspHash(render.SPECULATION_RULES)];
  const site = await writeSite(content, { rendered, bundles, render, codeScriptHashes, reusedScriptHashes: [], fingerprint }, settings);
  if (!site) return undefined;
  rmSync(serverDist, { recursive: true, force: true });
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
  if (pseudoDist) {
    cpSync(dist, pseudoDist, { recursive: true });
    writeCspHashes(pseudoDist, [...site.scriptHashes, ...site.written.pseudoScriptHashes]);
  }
  return { ...site, bundles, bundledAt, codeScriptHashes };
}
