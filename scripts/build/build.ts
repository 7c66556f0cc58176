/**
 * `npm run build`, in stages (each a module of this folder):
 *   1. check-content: the content loaded and checked in every language (nothing is built with an error);
 *   2. bundles: the browser's and the prerender bundle (Vite), or those of a build of the same code;
 *   3. render-pages: every page rendered (a block that cannot render fails the build, named);
 *   4. write-site (site-data-modules, write-pages, sitemaps, csp-hashes): dist/ written.
 * Stages 2 to 4 are site-build.ts, which a publish that builds everything runs too (publish.ts).
 * With PSEUDO_DIST_DIR set, that folder also gets the site plus the pseudo-locales' pages (/pseudo/..., /pseudo-rtl/...)
 * from the same bundles; dist/ stays as it ships.
 */
import './production-env';
import '../../src/engine/tooling/zod-one-shot';
import { codeFingerprint, sourceFingerprint } from '../../src/engine/tooling/build-fingerprint';
import { checkContent } from './check-content';
import { buildSettings } from './settings';
import { buildSite } from './site-build';

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const settings = buildSettings();
const { dist, pseudoDist } = settings;

const started = performance.now();
// Taken before anything is read, so an edit made during the build makes the next `npm start` rebuild.
const code = codeFingerprint();
const fingerprint = sourceFingerprint(code);
const content = checkContent({ for: 'build', pseudo: pseudoDist !== undefined });
if (!content) process.exit(1);
const validated = performance.now();

const built = await buildSite(content, settings, code, fingerprint);
if (!built) process.exit(1);
const done = performance.now();

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pageCount = content.locales.reduce((count, locale) => count + locale.pages.length, 0);
const languages = content.locales.length;
console.log(
  `built ${pageCount} pages (${languages} language${languages > 1 ? 's' : ''}) into ${dist}: validate ${s(validated - started)}, bundles ${s(built.bundledAt - validated)}${built.bundles.reused ? ' (kept from a build of the same code)' : ''}, prerender ${s(done - built.bundledAt)} (of which images ${s(built.images.took)}: ${built.images.made} variants made, ${built.images.reused} from the cache; social cards ${s(built.cards.took)}: ${built.cards.drawn} drawn, ${built.cards.reused} kept), total ${s(done - started)}`,
);
