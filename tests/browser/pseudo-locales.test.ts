/**
 * The pseudo-locales (src/engine/load/i18n/pseudo.ts) on every route, at 375 and 1280 px: every text a third longer and
 * accented, and the same right to left. The right-to-left one sets dir="rtl", and in neither does anything push
 * the page wider than the screen: layout that only fits English words, or that is not mirrored, shows here first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FINGERPRINT_FILE } from '../../src/engine/tooling/build-fingerprint';
import {
  DESKTOP,
  DIST_DIR,
  MOBILE,
  newPage,
  recordConsole,
  startSite,
  useBrowserAndSite,
  waitForHydration,
} from '../../test-support/browser';

/** `npm test` builds it beside dist/, from the same bundles (PSEUDO_DIST_DIR, scripts/build/build.ts). */
const dist = process.env.PSEUDO_DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist-pseudo');

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite(
  (b, s) => {
    browser = b;
    site = s;
  },
  () => {
    // Built with dist/ from the same sources: a plain `npm run build` since would leave it stale.
    const fingerprint = (dir: string) => (existsSync(join(dir, FINGERPRINT_FILE)) ? readFileSync(join(dir, FINGERPRINT_FILE), 'utf8') : '');
    if (!existsSync(join(dist, 'pseudo')) || fingerprint(dist) !== fingerprint(DIST_DIR))
      throw new Error(`${dist} is missing or older than dist/: run PSEUDO_DIST_DIR=dist-pseudo npm run build (npm test does)`);
    return startSite({ distDir: dist });
  },
);

const routes = () =>
  [...readFileSync(join(dist, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);

describe.each([
  ['pseudo', 'ltr'],
  ['pseudo-rtl', 'rtl'],
])('/%s/', (prefix, dir) => {
  it.each([MOBILE, DESKTOP])('every route at $width px: dir, longer text, nothing wider than the screen', async (viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const wide: string[] = [];
    const all = routes();
    expect(all.length).toBeGreaterThan(25);
    for (const route of all) {
      await page.goto(`${site.baseURL}/${prefix}${route === '/' ? '' : route}`);
      // The page as a visitor sees it once its fonts are in: the accented pseudo text needs Inter's latin-ext file, which
      // no page preloads, and until it arrives the fallback font's wider words overflowed by 4 px once, on a loaded machine.
      const { htmlDir, overflow, heading, widest } = await page.evaluate(async () => {
        await document.fonts.ready;
        const width = document.documentElement.clientWidth;
        const past = [...document.body.querySelectorAll('*')].filter((el) => {
          const { left, right } = el.getBoundingClientRect();
          return right > width + 0.5 || left < -0.5; // past the end of a left-to-right page, or the start of a right-to-left one
        });
        const last = past.at(-1);
        return {
          htmlDir: document.documentElement.dir,
          overflow: document.documentElement.scrollWidth - width,
          heading: document.querySelector('h1')?.textContent ?? '',
          widest: last ? `${last.tagName.toLowerCase()}.${[...last.classList].join('.')}` : '',
        };
      });
      expect(htmlDir, route).toBe(dir);
      expect(heading, route).toMatch(/[áéíóú]/); // accented: the pseudo text, not the English
      if (overflow > 0) wide.push(`${route}: ${overflow} px (${widest})`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it("hydrates the home page with the pseudo-locale's own site data, without a console error", async () => {
    const { context, page } = await newPage(browser);
    const log = recordConsole(page);
    await page.goto(`${site.baseURL}/${prefix}`);
    await waitForHydration(page); // a missing module, or another language's data (a mismatch), logs an error
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
