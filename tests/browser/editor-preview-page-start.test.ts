/**
 * The editor's preview frame runs a page's start-up as the public page does (src/page-start.ts), after every rendering
 * it swaps in as well as at load: in Chromium, with the site configuration edited in /__edit, the header follows the
 * promo banner when a draft turns the banner on (the frame loaded without it) and stays below it over the next
 * renderings, and the floating chat starts by itself when a draft gives its button a second, rotating label.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { preview, useEditorFixture } from './editor-harness';

const fixture = useEditorFixture();

/** The header's distance from the top of the preview's viewport: 80 px below the banner, 0 at the top. */
const headerTop = (frame: FrameLocator) => frame.locator('#site-header').evaluate((header) => header.getBoundingClientRect().top);
/** The banner's text field in the site configuration's form (one of many fields called Text): the one holding `text`. */
const bannerText = async (page: Page, text: string) => {
  const id = await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .evaluateAll((fields, value) => fields.find((field) => (field as HTMLInputElement).value === value)?.id, text);
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
};
const scrollFrameTo = (frame: FrameLocator, top: number) =>
  frame.locator('html').evaluate((_, y) => window.scrollTo({ top: y, behavior: 'instant' }), top);

describe('the preview frame starts the page as the site does', () => {
  it('moves the header with the banner a draft turned on, and wakes the chat a second label makes rotate', async () => {
    // The home page without its banner, as saved: the frame loads without it, and the page's scripts find nothing to do.
    const site = JSON.parse(fixture.read('_site.json'));
    site.promoBanner.enabled = false;
    fixture.write('_site.json', JSON.stringify(site, null, 2));
    const page = await fixture.openEditor('/site');
    const frame = preview(page);
    await frame.locator('#site-header').waitFor();
    expect(await frame.getByRole('complementary', { name: site.promoBanner.regionLabel }).count()).toBe(0);

    // A second label: the button's label rotates, so its island starts without waiting for the visitor's first input.
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
    await page.close();
  });
});
