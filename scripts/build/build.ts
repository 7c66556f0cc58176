/**
 * `npm run build`, in stages (each a module of this folder):
 *   1. check-content: the content loaded and checked in every language (nothing is built with an error);
 *   2. bundles: the browser's and the prerender bundle (Vite), or those of a build of the same code;
 *   3. render-pages: every page rendered (a block that cannot render fails the build, named);
 *   4. site-data-modules, write-pages, sitemaps, csp-hashes: dist/ written.
 * With PSEUDO_DIST_DIR set, that folder also gets the site plus the pseudo-locales' pages (/pseudo/..., /pseudo-rtl/...)
 * from the same bundles; dist/ stays as it ships.
 */
import './production-env';
import '../../src/engine/tooling/zod-one-shot';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeFingerprint, FINGERPRINT_FILE, sourceFingerprint } from '../../src/engine/tooling/build-fingerprint';
import { makeBundles } from './bundles';
import { checkContent } from './check-content';
import { writeCspHashes } from './csp-hashes';
import { prerenderBundleUrl, renderPages } from './render-pages';
import { buildSettings } from './settings';
import { writeSiteDataModules } from './site-data-modules';
import { writeSitemaps } from './sitemaps';
import { cspHash, writePages } from './write-pages';

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const settings = buildSettings();
const { dist, pseudoDist, serverDist } = settings;

const started = performance.now();
// Taken before anything is read, so an edit made during the build makes the next `npm start` rebuild.
const code = codeFingerprint();
const fingerprint = sourceFingerprint(code);
const content = checkContent({ for: 'build', pseudo: pseudoDist !== undefined });
if (!content) process.exit(1);
const validated = performance.now();

rmSync(dist, { recursive: true, force: true });
if (pseudoDist) rmSync(pseudoDist, { recursive: true, force: true });
rmSync(serverDist, { recursive: true, force: true });
const bundles = await makeBundles(settings, code);
const bundled = performance.now();

const rendered = await renderPages(content, settings);
if (!rendered) process.exit(1);
const render = (await import(prerenderBundleUrl(settings))) as typeof import('../../src/render/entry-server');

const siteDataAddresses = writeSiteDataModules(content.locales, settings);
const written = writePages(rendered, bundles, render, siteDataAddresses, settings);
writeSitemaps(dist, content.siteData, written.sitemapRoutes);
const scriptHashes = [cspHash(render.bootScriptText), cspHash(render.SPECULATION_RULES), ...written.scriptHashes];
writeCspHashes(dist, scriptHashes);
rmSync(serverDist, { recursive: true, force: true });
rmSync(join(dist, '.vite'), { recursive: true, force: true });
writeFileSync(join(dist, FINGERPRINT_FILE), fingerprint);
if (pseudoDist) {
  cpSync(dist, pseudoDist, { recursive: true });
  writeCspHashes(pseudoDist, [...scriptHashes, ...written.pseudoScriptHashes]);
}
const done = performance.now();

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pageCount = content.locales.reduce((count, locale) => count + locale.pages.length, 0);
const languages = content.locales.length;
console.log(
  `built ${pageCount} pages (${languages} language${languages > 1 ? 's' : ''}) into ${dist}: validate ${s(validated - started)}, bundles ${s(bundled - validated)}${bundles.reused ? ' (kept from a build of the same code)' : ''}, prerender ${s(done - bundled)}, total ${s(done - started)}`,
);
