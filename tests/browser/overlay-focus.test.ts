/**
 * Every overlay whose code loads when it first opens (chat drawer, explainer video, mobile menu)
 * gives focus back to the button that opened it, the first time as well as later, whether it is
 * closed with Escape or with its close button. A keyboard or screen-reader visitor who closes it
 * otherwise lands at the top of the page. (The first opening used to lose focus: the overlay
 * mounted already open, or remounted once its code arrived, and Mantine only remembers the opener
 * when `opened` changes after mount.)
 */
import type { Browser, Page } from 'playwright-core';
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, startSite, useBrowserAndSite, waitForFocusInside, waitForHydration } from '../../test-support/browser';

const { header, video, brand } = siteData.config;
const withBrand = (text: string) => text.replace('{product}', brand.productName).replace('{agent}', brand.agentName);

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

interface Overlay {
  name: string;
  route: string;
  viewport: typeof DESKTOP;
  opener: (page: Page) => ReturnType<Page['getByRole']>;
  dialog: string;
  closeLabel: string;
}

const OVERLAYS: Overlay[] = [
  ...[DESKTOP, MOBILE].map((viewport) => ({
    name: `the chat drawer of an industry page at ${viewport.width} px`,
    route: '/solutions/ecommerce',
    viewport,
    opener: (page: Page) => page.getByRole('button', { name: 'Try Our Agent Now' }).first(),
    dialog: withBrand(header.tryItNow.panelHeading),
    closeLabel: header.tryItNow.closeLabel,
  })),
  {
    name: "the home page's floating Try It Now drawer",
    route: '/',
    viewport: DESKTOP,
    opener: (page) => page.getByRole('button', { name: header.tryItNow.labels[0] }),
    dialog: withBrand(header.tryItNow.panelHeading),
    closeLabel: header.tryItNow.closeLabel,
  },
  {
    name: 'the explainer video',
    route: '/',
    viewport: DESKTOP,
    opener: (page) => page.getByRole('button', { name: header.howItWorks }).first(),
    dialog: withBrand(video.title),
    closeLabel: video.closeLabel,
  },
  {
    name: 'the mobile menu',
    route: '/',
    viewport: MOBILE,
    opener: (page) => page.getByRole('button', { name: header.openMenuLabel }),
    dialog: header.menuTitle,
    closeLabel: header.closeMenuLabel,
  },
];

const focusIsOn = (opener: ReturnType<Page['getByRole']>) =>
  expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

describe('overlays loaded on first open give focus back to their opener', () => {
  it.each(OVERLAYS.map((overlay) => [overlay.name, overlay] as const))('%s', async (_, overlay) => {
    const { context, page } = await newPage(browser, overlay.viewport);
    await page.goto(site.baseURL + overlay.route);
    await waitForHydration(page);
    const opener = overlay.opener(page);
    const dialog = page.getByRole('dialog', { name: overlay.dialog });

    // First opening, with the keyboard: the overlay's code arrives only now.
    await opener.focus();
    await page.keyboard.press('Enter');
    await waitForFocusInside(dialog);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await focusIsOn(opener);

    // Again, with the pointer and the close button.
    await opener.click();
    await waitForFocusInside(dialog);
    await dialog.getByRole('button', { name: overlay.closeLabel }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await focusIsOn(opener);
    await context.close();
  });
});
