/**
 * `npm run build`: validate content, build the client and prerender bundles,
 * then write dist/<route>/index.html for every page, dist/404.html,
 * dist/sitemap.xml, dist/robots.txt and dist/csp-hashes.json.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PAGE_DATA_ID } from '../src/app/page-data';
import { ROOT_DIR } from '../src/engine/content-env';
import { headTags } from '../src/engine/head';
import { inlineJson } from '../src/engine/html';
import { resolveContent } from '../src/engine/resolve';
import { routeToHtmlPath } from '../src/engine/routes';
import { robotsTxt, sitemapXml } from '../src/engine/sitemap';
import { hydratesWithPage } from '../src/blocks/static-blocks';
import { bootScriptTag, bootScriptText, extractEntry } from './boot-script';
import { checkContent } from './content-check';

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const DIST = process.env.DIST_DIR ?? join(ROOT_DIR, 'dist');
// The prerender bundle imports packages from node_modules, so it must live inside the project
// even when DIST_DIR points elsewhere (tests and benchmarks build into temp folders).
const SERVER_DIST = join(ROOT_DIR, '.prerender', createHash('sha1').update(DIST).digest('hex').slice(0, 10));
const quiet = { logLevel: 'warn' as const };

const started = performance.now();
const content = checkContent();
if (!content) process.exit(1);
const { pages, siteData } = content;
const validated = performance.now();

rmSync(DIST, { recursive: true, force: true });
rmSync(SERVER_DIST, { recursive: true, force: true });
await build({ ...quiet, root: ROOT_DIR, build: { outDir: DIST, emptyOutDir: true } });
await build({ ...quiet, root: ROOT_DIR, build: { ssr: 'src/entry-server.tsx', outDir: SERVER_DIST, emptyOutDir: true } });
const bundled = performance.now();

const { render } = (await import(pathToFileURL(join(SERVER_DIST, 'entry-server.js')).href)) as typeof import('../src/entry-server');
const app = extractEntry(readFileSync(join(DIST, 'index.html'), 'utf8'));
const manifestFile = join(DIST, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The Latin subset of Inter is on every page's first screen: fetch it with the HTML, not after the CSS. */
const latinFont = readdirSync(join(DIST, 'assets')).find((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file));
const fontPreload = latinFont ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${latinFont}" />` : '';

/** The code-split chunks of the blocks a page hydrates at once (see hydratesWithPage). */
function blockChunks(types: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const type of new Set(types)) if (hydratesWithPage(type)) visit(`src/blocks/${type}/${type}.tsx`);
  return [...files].map((file) => `/${file}`);
}
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptHashes = new Set<string>([sha256(bootScriptText)]);

async function writePage(path: string, outFile: string, page: (typeof pages)[number]) {
  const { html, pageData } = await render(path, siteData.config.origin);
  const head = headTags(resolveContent(page.doc, siteData.config), page.route, siteData.config);
  head.inlineScripts.forEach((s) => scriptHashes.add(sha256(s)));
  const dataScript = `<script type="application/json" id="${PAGE_DATA_ID}">${inlineJson(pageData)}</script>`;
  const modules = [...new Set([...app.preload, ...blockChunks(page.doc.blocks.map((b) => b.type))])];
  const out = app.template
    .replace('<!--app-head-->', `${head.html}\n    ${fontPreload}`)
    .replace('<!--app-html-->', html)
    .replace('</body>', `  ${dataScript}\n    ${bootScriptTag(app.entry, modules)}\n  </body>`);
  const file = join(DIST, outFile);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out);
}

const routes: string[] = [];
for (const page of pages) {
  if (page.route === null) {
    await writePage('/__not-found__', '404.html', page);
  } else {
    await writePage(page.route, routeToHtmlPath(page.route), page);
    if (!page.doc.meta.noindex) routes.push(page.route);
  }
}

writeFileSync(join(DIST, 'sitemap.xml'), sitemapXml(siteData.config.origin, routes.sort()));
writeFileSync(join(DIST, 'robots.txt'), robotsTxt(siteData.config.origin));
writeFileSync(join(DIST, 'csp-hashes.json'), JSON.stringify({ scripts: [...scriptHashes].sort() }, null, 2));
rmSync(SERVER_DIST, { recursive: true, force: true });
rmSync(join(DIST, '.vite'), { recursive: true, force: true });
const done = performance.now();

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `built ${pages.length} pages into ${DIST}: validate ${s(validated - started)}, bundles ${s(bundled - validated)}, prerender ${s(done - bundled)}, total ${s(done - started)}`,
);
