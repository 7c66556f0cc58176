/**
 * Every built route, loaded once at 1280 px as a visitor meets it: its own title and description, hydration
 * without console errors, the desktop bar surviving a scroll before its code arrives (issue 10) with every
 * dropdown working, and axe finding nothing.
 *
 * The visitor here has asked the system to reduce motion, so menus open and close without their fade: 256 menu
 * openings of animation frames were half of this file's CPU time, on a machine where the whole suite waits for the
 * CPU. The fades, and axe with a dropdown open, are header.test.ts's.
 */
import type { Browser } from 'playwright-core';
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { resolveContent } from '../../src/engine/model/resolve';
import { loadContent } from '../../src/engine/load/load-content';
import { expectDropdownsWork, isHydrated, mainNav, wheel } from './desktop-nav';
import { axeViolations, DESKTOP, newPage, recordConsole, startSite, useBrowserAndSite, waitForHydration } from '../../test-support/browser';
import { builtRoutes } from '../../test-support/routes';

const { pages, collections } = loadContent(CONTENT_DIR);
const metaOf = (route: string) => resolveContent(pages.find((page) => page.route === route)!.doc.meta, siteData.config, collections);

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

describe.each(builtRoutes())('route %s', (route) => {
  it('answers with its own title and description and hydrates; the desktop bar survives a scroll and its dropdowns work; no console error; axe finds nothing', async () => {
    const { context, page } = await newPage(browser, DESKTOP, { reducedMotion: true });
    const log = recordConsole(page);
    const response = await page.goto(site.baseURL + route);
    expect(response?.status()).toBe(200);
    const meta = metaOf(route);
    await expect(page.title()).resolves.toBe(meta.title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(meta.description);
    await waitForHydration(page);

    await wheel(page, 900);
    expect(await mainNav(page).count()).toBe(1);
    expect(await isHydrated(page, 'DesktopNav')).toBe(false); // the scroll happened before its code arrived
    await expectDropdownsWork(page);
    await wheel(page, -900);
    await expectDropdownsWork(page);

    expect(await axeViolations(page)).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});

describe('unknown route', () => {
  it('answers 404 with the not-found page and logs the attempted path', async () => {
    const { context, page } = await newPage(browser);
    const log = recordConsole(page);
    const response = await page.goto(`${site.baseURL}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404');
    await expect(page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true);
    await waitForHydration(page);
    await expect.poll(() => log.errors.join('\n')).toContain('/no/such/page');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
