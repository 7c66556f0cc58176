/**
 * `npm run bench:lighthouse [route]`: Lighthouse (mobile, simulated throttling) on a built route served by the
 * real server, plus the JavaScript and CSS its HTML loads first (gzip). Targets for the home page:
 * Performance >= 95, Accessibility/Best Practices/SEO 100, CLS 0, first-load JS < 150 kB gzip.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from '../server/app';
import { CHROMIUM, CHROMIUM_ARGS, DIST_DIR } from '../tests/browser/harness';
import { routeToHtmlPath } from '../src/engine/routes';
import { firstLoadAssets, sumGzip } from './first-load';

const route = process.argv[2] ?? '/';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const app = await createServer({ distDir: DIST_DIR });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
try {
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART): such a run is reported and repeated.
  for (let i = 1, attempts = 0; i <= runs && attempts < runs + 3; attempts++) {
    const result = await lighthouse(base + route, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result!.lhr;
    if (lhr.runtimeError) {
      console.log(`  (Lighthouse could not measure this run: ${lhr.runtimeError.code}; repeating it)`);
      continue;
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(
      `run ${i}: Performance ${score('performance')}, Accessibility ${score('accessibility')}, Best Practices ${score('best-practices')}, SEO ${score('seo')} | ` +
        `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, FCP ${metric('first-contentful-paint')}`,
    );
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(', ')}`);
    i++;
  }
} finally {
  chrome.kill();
  await app.close();
}

const assets = firstLoadAssets(DIST_DIR, routeToHtmlPath(route));
console.log(`first load of ${route}: JavaScript ${kb(sumGzip(assets, 'js'))} gzip, CSS ${kb(sumGzip(assets, 'css'))} gzip`);
for (const a of assets) console.log(`  ${a.file.padEnd(40)} ${kb(a.bytes).padStart(10)} ${kb(a.gzip).padStart(10)} gzip`);
