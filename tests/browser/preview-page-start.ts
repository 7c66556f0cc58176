/**
 * What the editor's preview frame must do as the public page does (src/page-start.ts), after each rendering it swaps
 * in: shared by the dev server's editor test and the hosted editor's. The editor is open on the site configuration,
 * whose preview is the home page, from a content whose home page has no promo banner (`bannerOff`).
 */
import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';

interface Site {
  promoBanner: { enabled: boolean; text: string; regionLabel: string; dismissLabel: string };
}

/** The site configuration (`_site.json`'s text) with the promo banner turned off, and what the steps need of it. */
export function bannerOff(siteJson: string): { text: string; site: Site } {
  const site = JSON.parse(siteJson) as Site;
  site.promoBanner.enabled = false;
  return { text: JSON.stringify(site, null, 2), site };
}

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Preview"]');
/** The header's distance from the top of the preview's viewport: 80 px below the banner, 0 at the top. */
const headerTop = (frame: FrameLocator) => frame.locator('#site-header').evaluate((header) => header.getBoundingClientRect().top);
const scrollFrameTo = (frame: FrameLocator, top: number) =>
  frame.locator('html').evaluate((_, y) => window.scrollTo({ top: y, behavior: 'instant' }), top);

/** The banner's text field in the site configuration's form (one of many fields called Text): the one holding `text`. */
async function bannerText(page: Page, text: string) {
  const id = await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .evaluateAll((fields, value) => fields.find((field) => (field as HTMLInputElement).value === value)?.id, text);
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/**
 * In the open editor: a second Try It Now label wakes the floating chat (its label rotates, so it starts without the
 * visitor's first input); the banner turned on has the header below it, which moves up on scroll and back at the top,
 * stays below it over the next rendering, and moves up when the banner is dismissed.
 */
export async function expectPreviewStartsPage(page: Page, site: Site) {
  const frame = preview(page);
  await frame.locator('#site-header').waitFor();
  expect(await frame.getByRole('complementary', { name: site.promoBanner.regionLabel }).count()).toBe(0);

  await page.getByRole('button', { name: 'Add label' }).click();
  await page.getByRole('textbox', { name: 'Label 2', exact: true }).fill('Start now');
  await frame.locator('[data-island="FloatingChat"] [data-label-rotates]').waitFor({ state: 'attached' });
  await frame.locator('[data-island="FloatingChat"][data-hydrated]').waitFor({ state: 'attached' });

  await page.getByRole('switch', { name: 'Show it' }).check();
  const banner = frame.getByRole('complementary', { name: site.promoBanner.regionLabel });
  await banner.waitFor();
  await expect.poll(() => headerTop(frame)).toBe(80);
  await scrollFrameTo(frame, 300);
  await expect.poll(() => headerTop(frame)).toBe(0);
  await scrollFrameTo(frame, 0);
  await expect.poll(() => headerTop(frame)).toBe(80);

  // Another rendering while the banner's island runs: the island stops (saying the banner is gone) and the new HTML's
  // banner shows, with the header below it, as when the page loads.
  await (await bannerText(page, site.promoBanner.text)).fill(`${site.promoBanner.text} Today.`);
  await banner.getByText(`${site.promoBanner.text} Today.`).waitFor();
  expect(await headerTop(frame)).toBe(80);

  await frame.getByRole('button', { name: site.promoBanner.dismissLabel }).click();
  await banner.waitFor({ state: 'detached' });
  await expect.poll(() => headerTop(frame)).toBe(0);
}
