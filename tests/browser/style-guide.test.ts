/**
 * The brand style guide (/style-guide) in Chromium at 1280 and 375 px: the banner library's filters
 * (each size category and persona, the count line, the empty state, URL state), previews at their
 * sizes and never wider than a phone's screen, copying a colour, and axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { previewOf, SIZE_CATEGORIES, sizeCategory } from '../../src/blocks/BannerLibrary/banner-sizes';
import { BANNER_PERSONAS } from '../../src/engine/model/collections/banner-ads';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import {
  axeViolations,
  DESKTOP,
  MOBILE,
  newPage,
  recordConsole,
  startSite,
  useBrowserAndSite,
  waitForHydration,
  waitForIsland,
} from '../../test-support/browser';

const { collections, pages } = loadContent(CONTENT_DIR);
const ads = collections['banner-ads'];
const library = pages.find((page) => page.route === '/style-guide')!.doc.blocks.find((block) => block.type === 'BannerLibrary')!;
if (library.type !== 'BannerLibrary') throw new Error('/style-guide has no BannerLibrary block');
const { labels } = library;
const countText = (shown: number) => labels.count.replace('{shown}', String(shown)).replace('{total}', String(ads.length));

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

async function openGuide(viewport = DESKTOP, query = '') {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await page.goto(`${site.baseURL}/style-guide${query}`);
  await waitForHydration(page);
  // To the filters, as a visitor who wants them (the section itself is taller than a phone's screen).
  await page.locator('#banner-ads [data-island="LibraryFilters"] > *').first().scrollIntoViewIfNeeded();
  await waitForIsland(page, 'LibraryFilters');
  return { context, page, log };
}

const count = (page: Page) => page.locator('#banner-ads').getByRole('status');
const shownSizes = (page: Page) => page.locator('#banner-ads li:visible figcaption strong').allInnerTexts();
const select = (page: Page, label: string) => page.locator('#banner-ads').getByRole('combobox', { name: label });

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
])('the banner library at %s', (_, viewport) => {
  it('filters by each size category and each persona, saying how many it shows', async () => {
    const { context, page, log } = await openGuide(viewport);
    expect(await count(page).innerText()).toBe(countText(ads.length));
    for (const category of SIZE_CATEGORIES) {
      await select(page, labels.size).selectOption(category);
      const expected = ads.filter((ad) => sizeCategory(ad.size) === category);
      await expect.poll(() => count(page).innerText()).toBe(countText(expected.length));
      expect((await shownSizes(page)).map((text) => text.replace('×', 'x'))).toEqual(expected.map((ad) => ad.size));
    }
    await select(page, labels.size).selectOption('');
    for (const persona of BANNER_PERSONAS) {
      await select(page, labels.persona).selectOption(persona);
      await expect.poll(() => count(page).innerText()).toBe(countText(ads.filter((ad) => ad.persona === persona).length));
    }
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('shows the empty state when the two filters match nothing, and axe finds nothing', async () => {
    const { context, page } = await openGuide(viewport, '?size=Email&persona=Collections%20Specialist');
    await expect.poll(() => count(page).innerText()).toBe(countText(0));
    expect(await page.getByRole('heading', { name: labels.emptyTitle }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#banner-ads').getByRole('button', { name: labels.clear }).click();
    await expect.poll(() => count(page).innerText()).toBe(countText(ads.length));
    await context.close();
  });

  it('draws each preview in its proportions at its preview width where the card has room, never wider than the screen', async () => {
    const { context, page } = await openGuide(viewport);
    const boxes = await page.locator('#banner-ads li').evaluateAll((items) =>
      items.map((item) => {
        const figure = item.querySelector('figure')!;
        const style = getComputedStyle(figure);
        const ad = item.querySelector('figure > div > div')!.getBoundingClientRect();
        return {
          size: item.querySelector('figcaption strong')!.textContent!.replace('×', 'x'),
          width: ad.width,
          height: ad.height,
          left: ad.left,
          right: ad.right,
          /** The card's content width: all a preview may take. */
          room: figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        };
      }),
    );
    expect(boxes).toHaveLength(ads.length);
    let atPreviewWidth = 0;
    for (const box of boxes) {
      const { width, height, scale } = previewOf(box.size);
      const previewWidth = width * scale;
      expect(box.width / box.height, box.size).toBeCloseTo(width / height, 1);
      if (previewWidth <= box.room) {
        // Room for it: drawn at exactly its preview width (the size table's width times its scale).
        expect(Math.abs(box.width - previewWidth), `${box.size} at ${box.width}px, preview width ${previewWidth}px`).toBeLessThanOrEqual(1);
        atPreviewWidth++;
      } else {
        // No room: scaled down to the card, no further.
        expect(Math.abs(box.width - box.room), `${box.size} at ${box.width}px, room ${box.room}px`).toBeLessThanOrEqual(1);
      }
      expect(box.left, box.size).toBeGreaterThanOrEqual(0);
      expect(box.right, box.size).toBeLessThanOrEqual(viewport.width);
      expect(box.width, box.size).toBeLessThanOrEqual(viewport.width);
    }
    // At 1280 px all but the three widest formats (leaderboard, Facebook/LinkedIn, billboard) have room.
    if (viewport.width >= 1280) expect(atPreviewWidth).toBeGreaterThanOrEqual(boxes.length - 3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    await context.close();
  });
});

describe('the filter state in the URL', () => {
  it('is kept in the query and stepped back through', async () => {
    const { context, page } = await openGuide();
    await select(page, labels.size).selectOption('Social');
    await select(page, labels.persona).selectOption('Growth Marketer');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ size: 'Social', persona: 'Growth Marketer' });
    await expect.poll(() => count(page).innerText()).toBe(countText(1));
    await page.goBack();
    await expect.poll(() => count(page).innerText()).toBe(countText(ads.filter((ad) => sizeCategory(ad.size) === 'Social').length));
    await context.close();
  });
});

describe('the palette', () => {
  it('copies a colour with one click and confirms with the Copied! toast', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseURL });
    await page.goto(`${site.baseURL}/style-guide`);
    await waitForHydration(page);
    const primary = page.locator('#palette li').first();
    const hex = (await primary.locator('code').first().innerText()).trim();
    await primary.getByRole('button', { name: `Copy ${hex}` }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Copied!');
    expect(await page.getByRole('alert').innerText()).toContain(`${hex} copied to clipboard`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hex);
    await context.close();
  });

  it('axe finds nothing on the whole page at both widths', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${site.baseURL}/style-guide`);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
