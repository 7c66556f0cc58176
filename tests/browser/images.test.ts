/**
 * Pages with images as a visitor gets them from the public server, in Chromium at 375 and 1280 px: axe finds
 * nothing; every image paints (its file loads: decoded at its natural size), takes the format the browser picks
 * (AVIF here) at a width its slot needs, keeps the box its width and height promised (no layout shift), and the
 * image files come with immutable caching.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, MOBILE, newPage, startSite, useBrowserAndSite, waitForHydration } from '../../test-support/browser';

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

const ROUTES = ['/', '/story', '/es/story', '/solutions/healthcare', '/use-cases'];

describe.each([
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const)('pages with images on a %s', (_name, viewport) => {
  it.each(ROUTES)('%s: every image loads in its box, and axe finds nothing', async (route) => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto(site.baseURL + route);
      await waitForHydration(page);
      const images = page.locator('main img');
      expect(await images.count()).toBeGreaterThan(0);
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 })
          .toBe(true);
        const box = await image.evaluate((img: HTMLImageElement) => ({
          ratio: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
          promised: Number(img.getAttribute('width')) / Number(img.getAttribute('height')),
          current: img.currentSrc,
        }));
        expect(Math.abs(box.ratio - box.promised)).toBeLessThan(0.02);
        if (!box.current.endsWith('.svg')) expect(box.current).toMatch(/\.avif$/);
      }
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it('serves image files with immutable caching', async () => {
  const html = await (await fetch(`${site.baseURL}/story`)).text();
  const file = /\/_img\/[a-z0-9.-]+\.avif/.exec(html)?.[0];
  expect(file).toBeDefined();
  const response = await fetch(site.baseURL + file);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/avif');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});
