import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/content-env';
import { resolveContent } from '../../src/engine/resolve';
import { loadContent } from '../../src/engine/validate';
import siteData from 'virtual:site-data';
import { axeViolations, newPage, recordConsole, startSite, useBrowserAndSite, waitForHydration } from './harness';
import { builtRoutes } from './routes';

const { pages, collections } = loadContent(CONTENT_DIR);
const metaOf = (route: string) => resolveContent(pages.find((page) => page.route === route)!.doc.meta, siteData.config, collections);

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

describe.each(builtRoutes())('route %s', (route) => {
  it('answers with its own title and description, hydrates without console errors, and axe finds nothing', async () => {
    const { context, page } = await newPage(browser);
    const log = recordConsole(page);
    const response = await page.goto(site.baseURL + route);
    expect(response?.status()).toBe(200);
    const meta = metaOf(route);
    await expect(page.title()).resolves.toBe(meta.title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(meta.description);
    await waitForHydration(page);
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
