/**
 * `npm run screenshots [route ...]`: full-page screenshots of built routes at 375 and 1280 px
 * (default: every route in the sitemap), written to .screenshots/<width>/<route>.png. For looking at
 * what a change did to the pages, as a visitor gets them: the page keeps its lazy sections and cards
 * (content-visibility: auto, which also clips what overflows them), is scrolled through a screen at a
 * time as a visitor's scroll would render them (and wake the islands that wait to be near the screen),
 * then captured with each of them as it is on screen (see `asOnScreen`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { builtRoutes } from '../../test-support/routes';
import { DESKTOP, launchBrowser, MOBILE, startSite, waitForHydration } from '../../test-support/browser';

const OUT = join(import.meta.dirname, '..', '..', '.screenshots');
const routes = process.argv.length > 2 ? process.argv.slice(2) : builtRoutes();

/** Resolves after the browser has rendered two more frames (what the last scroll brought near has been laid out). */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * Scrolls down a screen at a time until the bottom stays put (a section that renders for the first time
 * replaces its estimated height with its real one, so the page grows or shrinks as it goes), then back to
 * the top: every section has rendered once, with the containment a visitor's page has.
 */
async function scrollThrough(page: Page) {
  for (let step = 0; step < 200; step++) {
    const atBottom = await page.evaluate(() => {
      const { scrollY, innerHeight } = window;
      window.scrollTo({ top: scrollY + innerHeight * 0.8, behavior: 'instant' });
      return window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1 && window.scrollY === scrollY;
    });
    await nextFrames(page);
    if (atBottom) break;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await nextFrames(page);
}

/**
 * Chromium paints a `content-visibility: auto` box only near the viewport, even in a full-page capture
 * (those were blank). On screen, such a box is rendered with layout, style and paint containment (its
 * overflow clipped); this gives every one of them exactly that, so the capture shows each as a visitor
 * sees it when it is on screen. Not `data-render-all`, which drops the containment: what a section
 * clips on a phone then widens the whole page.
 */
async function asOnScreen(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility !== 'auto') continue;
      element.style.contentVisibility = 'visible';
      element.style.contain = 'layout style paint';
    }
  });
  await nextFrames(page);
}

const [browser, site] = await Promise.all([launchBrowser(), startSite()]);
try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(site.baseURL + route);
      await waitForHydration(page);
      await scrollThrough(page);
      await asOnScreen(page);
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
