/**
 * How a prerendered page takes over in the browser: the app starts after the first paint,
 * static blocks keep their server HTML and never download their code, interactive parts
 * hydrate (below-the-fold ones as they near the screen), and blocks reached by client-side navigation render for real.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isStaticBlock } from '../../src/blocks/static-blocks';
import { newPage, recordConsole, startSite, useBrowserAndSite, waitForHydration, waitForPart } from './harness';

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

/** Whether a script URL is the chunk of a block on the static list (chunks are named after their block). */
const isStaticChunk = (url: string) => isStaticBlock(/\/assets\/(\w+)-[\w-]+\.js$/.exec(url)?.[1] ?? '');

async function openWithRequests(path: string) {
  const { context, page } = await newPage(browser);
  const log = recordConsole(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(site.baseURL + path);
  await waitForHydration(page);
  return { context, page, log, scripts };
}

describe('first load of a prerendered page', () => {
  it('requests no JavaScript before the first contentful paint', async () => {
    const { context, page } = await openWithRequests('/');
    const { paint, firstScript } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstScript: Math.min(...performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).map((r) => r.startTime)),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThanOrEqual(paint!);
    await context.close();
  });

  it('keeps static blocks as prerendered, hydrates the interactive ones, and the deferred ones near the screen', async () => {
    const { context, page, log, scripts } = await openWithRequests('/');
    const chunk = (name: string) => scripts.some((url) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(url));
    const serverHeading = await page.locator('main h1').textContent();
    expect(scripts.filter(isStaticChunk)).toEqual([]);
    expect(chunk('FloatingChat')).toBe(true);
    expect(chunk('FAQ')).toBe(false);
    expect(await page.locator('main h1').textContent()).toBe(serverHeading);

    // The FAQ hydrates as it comes near the screen: its accordion then answers clicks.
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await waitForPart(page, 'block-FAQ');
    expect(chunk('FAQ')).toBe(true);
    const question = page.locator('#faq').getByRole('button').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('renders static blocks for real on a page reached by client-side navigation', async () => {
    const { context, page, log, scripts } = await openWithRequests('/terms');
    const termsHeading = await page.locator('main h1').textContent();
    // The header's logo link navigates on the client (the header is hydrated).
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(`${site.baseURL}/`);
    await expect.poll(() => page.locator('main h1').textContent()).not.toBe(termsHeading);
    expect(await page.locator('main h1').textContent()).toMatch(/\S/);
    expect(scripts.some((url) => /\/assets\/Hero-[\w-]+\.js$/.test(url))).toBe(true);
    expect(await page.locator('#guardrails').isVisible()).toBe(true);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
