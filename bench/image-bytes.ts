/**
 * Image bytes a phone downloads (issue 51's "image bytes at 375 px"): each route opened at 375 px wide with a
 * device pixel ratio of 2, as a visitor's browser picks from the pictures' `srcset`, lazy images left lazy. Counted
 * twice: once the page has loaded, before any scroll (the first screen, with the lazy pictures Chromium fetches
 * ahead of it), and after scrolling to the bottom (every picture it has).
 * Bytes as sent over the network (response bodies; the site serves images uncompressed, as they are).
 */
import type { Page } from 'playwright-core';
import { launchBrowser, MOBILE } from '../test-support/browser';

export interface ImageBytes {
  route: string;
  firstScreen: { bytes: number; files: number };
  wholePage: { bytes: number; files: number };
}

/** An image that never finishes loading ends the wait after this long (counted without it), not the bench. */
const LONGEST_WAIT_MS = 30_000;

/** Resolves once no image request has been pending for `quietMs` (what a lazy picture needs to start and finish). */
function imagesSettled(page: Page, pending: Set<unknown>, quietMs = 500) {
  const deadline = Date.now() + LONGEST_WAIT_MS;
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      page.off('request', check);
      resolve();
    };
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => (pending.size && Date.now() < deadline ? check() : settled()), quietMs);
    };
    page.on('request', check);
    check();
  });
}

export async function imageBytesAtPhoneWidth(base: string, routes: string[]): Promise<ImageBytes[]> {
  const browser = await launchBrowser();
  try {
    const rows: ImageBytes[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: MOBILE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const pending = new Set<unknown>();
      const done: number[] = [];
      page.on('request', (request) => request.resourceType() === 'image' && pending.add(request));
      page.on('requestfinished', (request) => {
        if (!pending.has(request)) return;
        void request
          .sizes()
          .then((sizes) => done.push(sizes.responseBodySize))
          .catch(() => undefined) // the page closed meanwhile: not counted
          .finally(() => pending.delete(request));
      });
      page.on('requestfailed', (request) => pending.delete(request));
      const total = () => ({ bytes: done.reduce((sum, size) => sum + size, 0), files: done.length });
      await page.goto(base + route, { waitUntil: 'load' });
      await imagesSettled(page, pending);
      const firstScreen = total();
      // Down the page a screen at a time, as a visitor scrolls, so each lazy picture is asked for where it shows.
      for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += MOBILE.height) {
        await page.evaluate((to) => window.scrollTo(0, to), y);
        await imagesSettled(page, pending, 150);
      }
      await imagesSettled(page, pending);
      rows.push({ route, firstScreen, wholePage: total() });
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}
