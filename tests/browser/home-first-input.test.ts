/**
 * The home page starts no React until the visitor acts (issue 51: Total Blocking Time): its promo banner and
 * Try It Now are 'first-input' islands, the header offset is a plain script, the exit dialog's island is woken by a
 * plain timer. In Chromium, as a visitor: nothing hydrates at load; a first scroll, press, touch or Tab starts them,
 * and whatever the visitor did before their code arrived still happens; back/forward return to a working page.
 */
import type { Browser, Page } from 'playwright-core';
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { isHydrated } from './desktop-nav';
import {
  DESKTOP,
  holdChunks,
  MOBILE,
  newPage,
  recordConsole,
  settle,
  startSite,
  useBrowserAndSite,
  waitForHydration,
  waitForIsland,
} from '../../test-support/browser';

let browser: Browser;
let server: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
});

const FIRST_INPUT_ISLANDS = ['PromoBanner', 'FloatingChat'];
const DISMISSED_KEY = 'reachwell:promo-banner-dismissed';
const { promoBanner } = siteData.config;
const tryItNow = (page: Page) => page.getByRole('button', { name: siteData.config.header.tryItNow.labels[0] });
const banner = (page: Page) => page.getByRole('complementary', { name: promoBanner.regionLabel });
const headerTop = (page: Page) => page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().top);
const hydratedIslands = (page: Page) => page.evaluate(() => [...document.querySelectorAll('[data-island][data-hydrated]')].length);

async function openHome(viewport = DESKTOP, prepare?: (page: Page) => Promise<unknown>) {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await prepare?.(page);
  await page.goto(`${server.baseURL}/`);
  await waitForHydration(page);
  return { context, page, log };
}

/** Waits until every module the boot script preloads has arrived: from then on only the visitor can start React. */
const preloadsArrived = (page: Page) =>
  page.waitForFunction(() => {
    const named = document.querySelector<HTMLScriptElement>('script[data-entry]')!.dataset.preload!.split(' ').filter(Boolean);
    const arrived = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    return named.every((path) => arrived.has(path));
  });

describe('the home page before the visitor acts', () => {
  it('hydrates no island and reads no storage once its code has arrived; the banner, header offset and Try It Now are as prerendered', async () => {
    const { context, page, log } = await openHome(DESKTOP, (p) =>
      p.addInitScript(() => {
        const read: string[] = ((window as unknown as { storageKeysRead: string[] }).storageKeysRead = []);
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (this: Storage, key: string) {
          read.push(key);
          return getItem.call(this, key);
        };
      }),
    );
    await preloadsArrived(page);
    await settle(page);
    expect(await hydratedIslands(page)).toBe(0);
    // A page's first storage read is a synchronous wait for the browser to open it: none before the visitor acts.
    expect(await page.evaluate(() => (window as unknown as { storageKeysRead: string[] }).storageKeysRead)).toEqual([]);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await headerTop(page)).toBe(80);
    expect(await tryItNow(page).isVisible()).toBe(true);
    // The first scroll starts them.
    await page.mouse.move(DESKTOP.width / 2, 500);
    await page.mouse.wheel(0, 5);
    for (const name of FIRST_INPUT_ISLANDS) await waitForIsland(page, name);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('a visitor who dismissed the banner on an earlier visit has it go on their first input (storage is not read at load)', async () => {
    const { context, page } = await openHome(DESKTOP, (p) =>
      p.addInitScript(([key, text]) => localStorage.setItem(key, text), [DISMISSED_KEY, promoBanner.text]),
    );
    await preloadsArrived(page);
    await settle(page);
    expect(await banner(page).isVisible()).toBe(true);
    await page.keyboard.press('Shift');
    await expect.poll(() => banner(page).count()).toBe(0);
    await expect.poll(() => headerTop(page)).toBe(0);
    await context.close();
  });
});

describe('what the visitor does before the code has arrived', () => {
  it('375 px: scrolling moves the header up at once, and Try It Now appears once its code arrives', async () => {
    let release!: () => void;
    const { context, page, log } = await openHome(MOBILE, async (p) => (release = await holdChunks(p, FIRST_INPUT_ISLANDS)));
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    // The header follows without React: its offset is a plain script.
    await expect.poll(() => headerTop(page)).toBe(0);
    expect(await isHydrated(page, 'FloatingChat')).toBe(false);
    release();
    await waitForIsland(page, 'FloatingChat');
    await expect.poll(() => tryItNow(page).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => headerTop(page)).toBe(80);
    await expect.poll(() => tryItNow(page).isVisible()).toBe(false);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it("a press on the banner's close button is held, then closes it, and the header moves up", async () => {
    let release!: () => void;
    const { context, page } = await openHome(DESKTOP, async (p) => (release = await holdChunks(p, ['PromoBanner'])));
    await page.getByRole('button', { name: promoBanner.dismissLabel }).click();
    expect(await isHydrated(page, 'PromoBanner')).toBe(false);
    expect(await banner(page).isVisible()).toBe(true);
    release();
    await expect.poll(() => banner(page).count()).toBe(0);
    await expect.poll(() => headerTop(page)).toBe(0);
    await context.close();
  });

  it('a press on Try It Now is held, then opens the chat', async () => {
    let release!: () => void;
    const { context, page } = await openHome(DESKTOP, async (p) => (release = await holdChunks(p, ['FloatingChat'])));
    await tryItNow(page).click();
    expect(await isHydrated(page, 'FloatingChat')).toBe(false);
    release();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await tryItNow(page).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('a keyboard visitor who tabs to Try It Now and presses Enter before its code arrives gets the chat', async () => {
    let release!: () => void;
    const { context, page } = await openHome(DESKTOP, async (p) => (release = await holdChunks(p, ['FloatingChat'])));
    await tryItNow(page).focus(); // as the Tab key moves focus there (a focusin, which starts the islands)
    await page.keyboard.press('Enter');
    expect(await isHydrated(page, 'FloatingChat')).toBe(false);
    release();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('the Tab key alone starts the islands', async () => {
    const { context, page } = await openHome(DESKTOP);
    await page.keyboard.press('Tab');
    for (const name of FIRST_INPUT_ISLANDS) await waitForIsland(page, name);
    await context.close();
  });
});

describe('back and forward', () => {
  it('375 px: a page left scrolled comes back with Try It Now shown and the header at the top, and still works', async () => {
    const { context, page } = await openHome(MOBILE);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await expect.poll(() => tryItNow(page).isVisible()).toBe(true);
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/story"]')!.click());
    await page.waitForURL((url) => url.pathname === '/story');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect.poll(() => tryItNow(page).isVisible()).toBe(true);
    await expect.poll(() => headerTop(page)).toBe(0);
    await tryItNow(page).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('a page the visitor left without acting comes back (page cache or reload) still waiting, and starts on the first scroll', async () => {
    const { context, page } = await openHome(DESKTOP);
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/story"]')!.click());
    await page.waitForURL((url) => url.pathname === '/story');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHydration(page);
    await preloadsArrived(page);
    await settle(page);
    expect(await hydratedIslands(page)).toBe(0);
    expect(await headerTop(page)).toBe(80);
    await page.mouse.move(DESKTOP.width / 2, 500);
    await page.mouse.wheel(0, 300);
    for (const name of FIRST_INPUT_ISLANDS) await waitForIsland(page, name);
    await expect.poll(() => headerTop(page)).toBe(0);
    await context.close();
  });
});
