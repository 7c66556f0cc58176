/**
 * `npm run screenshots [route ...]`: full-page screenshots of built routes at 375 and 1280 px
 * (default: every route in the sitemap), written to .screenshots/<width>/<route>.png, with every
 * section rendered (no lazy placeholders). For looking at what a change did to the pages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { builtRoutes } from '../tests/browser/routes';
import { DESKTOP, launchBrowser, MOBILE, startSite, waitForHydration } from '../tests/browser/harness';

const OUT = join(import.meta.dirname, '..', '.screenshots');
const routes = process.argv.length > 2 ? process.argv.slice(2) : builtRoutes();
const [browser, site] = await Promise.all([launchBrowser(), startSite()]);
try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(site.baseURL + route);
      await waitForHydration(page);
      await page.evaluate(() => document.documentElement.setAttribute('data-render-all', ''));
      const file = join(OUT, String(viewport.width), `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}.png`);
      mkdirSync(join(OUT, String(viewport.width)), { recursive: true });
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
