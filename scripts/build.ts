/**
 * `npm run build`: validate content, build the browser and prerender bundles, then write
 * dist/<route>/index.html for every page, dist/404.html, dist/sitemap.xml, dist/robots.txt
 * and dist/csp-hashes.json. A block that cannot render fails the build, named.
 * With PSEUDO_DIST_DIR set, that folder also gets the site plus the pseudo-locales' pages
 * (/pseudo/..., /pseudo-rtl/...) from the same bundles; dist/ stays as it ships.
 */
import './production-env';
import '../src/engine/tooling/zod-one-shot';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, mergeConfig } from 'vite';
import { siteConfig } from '../vite.config';
import { codeFingerprint, FINGERPRINT_FILE, sourceFingerprint } from '../src/engine/tooling/build-fingerprint';
import { ROOT_DIR } from '../src/engine/load/content-env';
import { routeToHtmlPath } from '../src/engine/model/routes';
import { indexedIn, siteDataModule } from '../src/engine/model/site-data';
import { robotsTxt, sitemapFile, sitemapIndexXml, sitemapXml, SITEMAP_INDEX } from '../src/render/sitemap';
import { bundleKey, keepBundles, restoreBundles } from './bundle-cache';
import { checkContent } from './content-check';
import { readManifest } from './manifest';
import { prerenderPages } from './prerender-pages';

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const DIST = process.env.DIST_DIR ?? join(ROOT_DIR, 'dist');
const PSEUDO_DIST = process.env.PSEUDO_DIST_DIR ? resolve(process.env.PSEUDO_DIST_DIR) : undefined;
if (PSEUDO_DIST && (PSEUDO_DIST === resolve(DIST) || PSEUDO_DIST.startsWith(`${resolve(DIST)}/`))) {
  console.error(`PSEUDO_DIST_DIR (${PSEUDO_DIST}) must lie outside ${DIST}: the pseudo-locales never ship.`);
  process.exit(1);
}
// The prerender bundle imports packages from node_modules, so it must live inside the project
// even when DIST_DIR points elsewhere (tests and benchmarks build into temp folders).
const SERVER_DIST = join(ROOT_DIR, '.prerender', createHash('sha1').update(DIST).digest('hex').slice(0, 10));
const quiet = { logLevel: 'warn' as const };

const started = performance.now();
// Taken before anything is read, so an edit made during the build makes the next `npm start` rebuild.
const code = codeFingerprint();
const fingerprint = sourceFingerprint(code);
const content = checkContent({ for: 'build', pseudo: PSEUDO_DIST !== undefined });
if (!content) process.exit(1);
const { siteData } = content;
/** Every page in every language: the same routes in each, under the language's prefix. */
const routeSet = new Set(content.pages.flatMap((page) => (page.route === null ? [] : [page.route])));
/** One render context per language; each page names its language's by index (they cross to the prerender threads). */
const contexts = content.locales.map((locale) => ({ site: locale.siteData, collections: locale.collections, routes: routeSet }));
const pages = content.locales.flatMap((locale, context) =>
  locale.pages.map(({ file, route, doc }) => ({ page: { file, route, doc }, locale, context })),
);
const validated = performance.now();

rmSync(DIST, { recursive: true, force: true });
if (PSEUDO_DIST) rmSync(PSEUDO_DIST, { recursive: true, force: true });
rmSync(SERVER_DIST, { recursive: true, force: true });
// The bundles carry no content: pages get it prerendered, islands from their language's site data module (below).
const bundle = (isSsrBuild: boolean, options: object) =>
  build(mergeConfig(siteConfig({ command: 'build', isSsrBuild }), { configFile: false, ...quiet, root: ROOT_DIR, ...options }));
const bundles = { client: DIST, server: SERVER_DIST };
const key = bundleKey(code);
const reused = restoreBundles(key, bundles);
if (!reused) {
  await bundle(false, { build: { outDir: DIST, emptyOutDir: true } });
  await bundle(true, { build: { ssr: 'src/render/entry-server.tsx', outDir: SERVER_DIST, emptyOutDir: true } });
  // Kept only if the code did not change while it was bundled (an edit meanwhile may or may not be in the bundles).
  if (codeFingerprint() === code) keepBundles(key, bundles);
}
const bundled = performance.now();

const client = readManifest(join(DIST, '.vite', 'manifest.json'));
const server = readManifest(join(SERVER_DIST, '.vite', 'manifest.json'));
// The stylesheet and the fonts it uses come from the prerender bundle, which sees every component.
for (const file of server.styleFiles()) cpSync(join(SERVER_DIST, file), join(DIST, file));
// The browser build's own stylesheet covers only the islands and is never linked.
rmSync(join(DIST, client.stylesheet()));

const entry = client.entry('src/main.ts');
const bundleUrl = pathToFileURL(join(SERVER_DIST, 'entry-server.js')).href;
// Every page is rendered before any is written: a block that cannot render is reported with every other one that
// cannot, and no half-built site is left behind.
const outcomes = await prerenderPages(
  bundleUrl,
  contexts,
  pages.map(({ page, context }) => ({ page, context })),
);
const { htmlDocument, bootScriptTag, bootScriptText, SPECULATION_RULES } = (await import(
  bundleUrl
)) as typeof import('../src/render/entry-server');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Each language's site data as a module of its own, named by its content's hash: every page of the language points
 * at it (`<html data-site-data>`), the browser caches it once for them all, and no page's HTML carries it (inline, it
 * took /es/terms past the first round trip of a phone's connection: Lighthouse LCP +150 ms).
 */
const siteDataAddresses = new Map(
  content.locales.map((locale) => {
    const text = siteDataModule(locale.siteData);
    const file = `assets/site-data-${locale.locale.code}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`;
    const dir = locale.pseudo ? PSEUDO_DIST! : DIST;
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, file), text);
    return [locale, `/${file}`];
  }),
);
const scriptHashes = new Set<string>([sha256(bootScriptText), sha256(SPECULATION_RULES)]);
/** The pseudo-locale pages' own inline scripts: only PSEUDO_DIST's pages carry them. */
const pseudoScriptHashes = new Set<string>();
const stylesheets = [server.stylesheet()];
/** The Latin subset of Inter is on every page's first screen. */
const fontPreloads = server.assets(/inter-latin-wght-normal-.*\.woff2$/);

const rendered = outcomes.flatMap((outcome) => {
  const { page, locale } = pages[outcome.index];
  if ('rendered' in outcome) return [{ page, locale, html: outcome.rendered }];
  console.error(outcome.failure);
  if (outcome.causeStack && process.env.BUILD_STACKS) console.error(outcome.causeStack);
  return [];
});
if (rendered.length < pages.length) {
  const failed = pages.length - rendered.length;
  console.error(
    `\n${failed} page${failed > 1 ? 's' : ''} could not be rendered; no pages were written. ` +
      "(BUILD_STACKS=1 npm run build adds each error's stack.)",
  );
  process.exit(1);
}

/** Per language, the routes its sitemap lists. */
const sitemapRoutes = new Map<string, string[]>();
for (const { page, locale, html: renderedPage } of rendered) {
  renderedPage.inlineScripts.forEach((script) => (locale.pseudo ? pseudoScriptHashes : scriptHashes).add(sha256(script)));
  // What the page hydrates at once: the entry's chunks and those of its 'load' islands.
  const islandsAtLoad = renderedPage.islands.filter((island) => island.mode === 'load').map((island) => client.islandChunk(island.name));
  const reactSide = ['src/hydration/hydrate-island.tsx', 'src/site/browser-providers.tsx'];
  // ...and, with them, the site data module of the page's language, which those islands need before they hydrate.
  const preload = islandsAtLoad.length ? [...client.chunksOf([...islandsAtLoad, ...reactSide]), siteDataAddresses.get(locale)!] : [];
  const html = htmlDocument(renderedPage, {
    stylesheets,
    fontPreloads,
    scripts: bootScriptTag(entry.file, [...new Set([...entry.imports, ...preload])]),
    siteData: siteDataAddresses.get(locale)!,
  });
  const { prefix, code } = locale.siteData.locale;
  const file = join(locale.pseudo ? PSEUDO_DIST! : DIST, prefix, page.route === null ? '404.html' : routeToHtmlPath(page.route));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  const language = locale.siteData.languages.find((other) => other.code === code);
  if (page.route !== null && !page.doc.meta.noindex && !locale.pseudo && language && indexedIn(language, page.route)) {
    const routes = sitemapRoutes.get(locale.locale.code) ?? [];
    sitemapRoutes.set(locale.locale.code, [...routes, page.route]);
  }
}

const { origin } = siteData.config;
const sitemaps = siteData.languages.filter((language) => sitemapRoutes.has(language.code));
for (const language of sitemaps)
  writeFileSync(
    join(DIST, sitemapFile(language, siteData.languages)),
    sitemapXml(origin, sitemapRoutes.get(language.code)!.sort(), language, siteData.languages),
  );
writeFileSync(
  join(DIST, SITEMAP_INDEX),
  sitemapIndexXml(
    origin,
    sitemaps.map((language) => sitemapFile(language, siteData.languages)),
  ),
);
writeFileSync(join(DIST, 'robots.txt'), robotsTxt(origin));
writeFileSync(join(DIST, 'csp-hashes.json'), JSON.stringify({ scripts: [...scriptHashes].sort() }, null, 2));
rmSync(SERVER_DIST, { recursive: true, force: true });
rmSync(join(DIST, '.vite'), { recursive: true, force: true });
writeFileSync(join(DIST, FINGERPRINT_FILE), fingerprint);
if (PSEUDO_DIST) {
  cpSync(DIST, PSEUDO_DIST, { recursive: true });
  const allHashes = [...scriptHashes, ...pseudoScriptHashes].sort();
  writeFileSync(join(PSEUDO_DIST, 'csp-hashes.json'), JSON.stringify({ scripts: allHashes }, null, 2));
}
const done = performance.now();

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `built ${pages.length} pages (${content.locales.length} language${content.locales.length > 1 ? 's' : ''}) into ${DIST}: validate ${s(validated - started)}, bundles ${s(bundled - validated)}${reused ? ' (kept from a build of the same code)' : ''}, prerender ${s(done - bundled)}, total ${s(done - started)}`,
);
