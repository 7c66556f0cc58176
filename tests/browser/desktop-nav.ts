/** The desktop bar as a visitor uses it (issue 10: it vanished on scroll): shared by the routes and islands tests. */
import type { Page } from 'playwright-core';
import siteData from 'virtual:site-data';
import { expect } from 'vitest';
import { DESKTOP } from '../../test-support/browser';

export const isHydrated = (page: Page, name: string) =>
  page
    .locator(`[data-island="${name}"]`)
    .first()
    .evaluate((el) => el.hasAttribute('data-hydrated'));

/** Scrolls with the mouse wheel, as a visitor does, and waits until the page has come to rest where the wheel took it. */
export async function wheel(page: Page, deltaY: number) {
  const target = await page.evaluate(
    (delta) => Math.max(0, Math.min(window.scrollY + delta, document.documentElement.scrollHeight - window.innerHeight)),
    deltaY,
  );
  await page.mouse.move(DESKTOP.width / 2, 500);
  await page.mouse.wheel(0, deltaY);
  await expect.poll(() => page.evaluate((end) => Math.abs(window.scrollY - end) <= 1, target)).toBe(true);
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: siteData.config.header.navLabel });
const dropdowns = siteData.config.header.menus.flatMap((entry) =>
  'section' in entry ? [{ label: entry.label, links: siteData.menus[entry.section] }] : [],
);

/**
 * Every dropdown of the bar opens when the pointer moves onto its trigger and lists its folder's pages (then Talk to
 * Our Team). The pointer moves to the middle of the trigger as a visitor's does, rather than through Playwright's
 * hover(), which waits frames for the trigger to hold still each time: a trigger that something covers gets no
 * pointer and its menu does not open, so the check fails just the same.
 */
export async function expectDropdownsWork(page: Page) {
  expect(await mainNav(page).count()).toBe(1);
  expect(await mainNav(page).isVisible()).toBe(true);
  for (const { label, links } of dropdowns) {
    const box = await mainNav(page).getByRole('button', { name: label }).boundingBox();
    expect(box, `the ${label} trigger is on screen`).not.toBeNull();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    const menu = page.getByRole('menu', { name: label });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect
      .poll(() => menu.getByRole('menuitem').allTextContents())
      .toEqual([...links.map((link) => link.label), siteData.config.header.talkToTeam.label]);
  }
  await page.mouse.move(5, DESKTOP.height - 5); // away from every trigger and dropdown, so the last menu closes
  // ...and wait until it is gone: a menu still fading out (a loaded CI run) reads to axe as low-contrast text.
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
}
