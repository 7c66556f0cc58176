/**
 * `npm run bench:lighthouse [route ...]`: Lighthouse (mobile, simulated throttling) on every built route
 * (or the ones named), served by the real server. Per route: the median of LIGHTHOUSE_RUNS runs (default 3)
 * of Performance, TBT, LCP and CLS; the median LCP of the same page with its scripts blocked (so the cost
 * of JavaScript on LCP shows as a percentage); and the page's first-load JavaScript and CSS (gzip).
 * Prints a table and the worst figure of each column, against the targets below; then the image bytes each route
 * costs a phone at 375 px (bench/image-bytes.ts).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from '../server/app';
import { CHROMIUM, CHROMIUM_ARGS, DIST_DIR } from '../test-support/browser';
import { builtRoutes } from '../test-support/routes';
import { routeToHtmlPath } from '../src/engine/model/routes';
import { firstLoadAssets, FIRST_LOAD_BUDGET, sumGzip } from '../test-support/first-load';
import { imageBytesAtPhoneWidth, type ImageBytes } from './image-bytes';

const TARGETS = { performance: 99, tbtMs: 50, lcpOverNoScriptPct: 5 };
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

// Every route in the built sitemap (the not-found page answers 404, which Lighthouse does not score).
const routes = process.argv.length > 2 ? process.argv.slice(2) : builtRoutes();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const app = await createServer({ distDir: DIST_DIR });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });

interface Measure {
  performance: number;
  tbt: number;
  lcp: number;
  cls: number;
}

/** One good run of one URL; a run Lighthouse could not trace (NO_NAVSTART) is repeated, up to three times. */
async function measureOnce(url: string, blockScripts: boolean): Promise<Measure | undefined> {
  for (let attempts = 0; attempts < 4; attempts++) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      blockScripts ? { extends: 'lighthouse:default', settings: { blockedUrlPatterns: ['*.js'] } } : undefined,
    );
    const lhr = result!.lhr;
    if (lhr.runtimeError) continue;
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
    };
  }
  return undefined;
}

/**
 * `runs` runs of the page with and without its scripts, alternating: the machine's drift then falls on both sides
 * alike (all runs with scripts before all without made the no-JS LCP of / swing from 1,522 to 1,735 ms between runs).
 */
async function measure(url: string): Promise<{ withScripts: Measure[]; noScripts: Measure[] }> {
  const withScripts: Measure[] = [];
  const noScripts: Measure[] = [];
  for (let run = 0; run < runs; run++) {
    const [withScript, noScript] = [await measureOnce(url, false), await measureOnce(url, true)];
    if (withScript) withScripts.push(withScript);
    if (noScript) noScripts.push(noScript);
  }
  return { withScripts, noScripts };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows: string[][] = [];
const worst = { performance: 100, tbt: 0, lcpPct: -Infinity, js: 0, css: 0 };
let images: ImageBytes[] = [];
try {
  for (const route of routes) {
    const { withScripts, noScripts } = await measure(base + route);
    const m = {
      performance: median(withScripts.map((r) => r.performance)),
      tbt: median(withScripts.map((r) => r.tbt)),
      lcp: median(withScripts.map((r) => r.lcp)),
      cls: median(withScripts.map((r) => r.cls)),
      lcpNoScript: median(noScripts.map((r) => r.lcp)),
    };
    const lcpPct = ((m.lcp - m.lcpNoScript) / m.lcpNoScript) * 100;
    const assets = firstLoadAssets(DIST_DIR, routeToHtmlPath(route));
    const js = sumGzip(assets, 'js');
    const css = sumGzip(assets, 'css');
    worst.performance = Math.min(worst.performance, m.performance);
    worst.tbt = Math.max(worst.tbt, m.tbt);
    worst.lcpPct = Math.max(worst.lcpPct, lcpPct);
    worst.js = Math.max(worst.js, js);
    worst.css = Math.max(worst.css, css);
    const row = [
      route,
      String(m.performance),
      `${Math.round(m.tbt)}`,
      `${Math.round(m.lcp)}`,
      `${Math.round(m.lcpNoScript)}`,
      `${lcpPct >= 0 ? '+' : ''}${lcpPct.toFixed(1)}%`,
      m.cls.toFixed(3),
      kb(js),
      kb(css),
    ];
    rows.push(row);
    console.error(row.join('  '));
  }
  // Lighthouse's figures are printed whatever becomes of this one.
  images = await imageBytesAtPhoneWidth(base, routes).catch((error: unknown) => {
    console.error(`image bytes at 375 px not measured: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
} finally {
  chrome.kill();
  await app.close();
}

const header = ['route', 'perf', 'TBT ms', 'LCP ms', 'LCP no-JS ms', 'LCP vs no-JS', 'CLS', 'JS kB gz', 'CSS kB gz'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`\nLighthouse mobile, medians of ${runs} run(s) per route, ${DIST_DIR}`);
console.log(line(header));
for (const row of rows) console.log(line(row));
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(
  `\nworst Performance ${worst.performance} (target >= ${TARGETS.performance}: ${verdict(worst.performance >= TARGETS.performance)})`,
);
console.log(`worst TBT ${Math.round(worst.tbt)} ms (target <= ${TARGETS.tbtMs}: ${verdict(worst.tbt <= TARGETS.tbtMs)})`);
console.log(
  `worst LCP vs no-JS ${worst.lcpPct.toFixed(1)}% (target <= ${TARGETS.lcpOverNoScriptPct}%: ${verdict(worst.lcpPct <= TARGETS.lcpOverNoScriptPct)})`,
);
console.log(
  `largest first-load JS ${kb(worst.js)} kB gzip (budget ${kb(FIRST_LOAD_BUDGET.js)}: ${verdict(worst.js <= FIRST_LOAD_BUDGET.js)})`,
);
console.log(
  `largest first-load CSS ${kb(worst.css)} kB gzip (budget ${kb(FIRST_LOAD_BUDGET.css)}: ${verdict(worst.css <= FIRST_LOAD_BUDGET.css)})`,
);

console.log('\nImage bytes at 375 px (device pixel ratio 2): the first screen once loaded, and the whole page scrolled');
for (const { route, firstScreen, wholePage } of images)
  console.log(
    `${route.padEnd(widths[0])}  ${kb(firstScreen.bytes)} kB in ${firstScreen.files} file(s); ${kb(wholePage.bytes)} kB in ${wholePage.files} file(s)`,
  );
