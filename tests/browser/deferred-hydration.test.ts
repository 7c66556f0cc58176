/**
 * Code that a first visit may never need stays off the first load: the desktop dropdowns hydrate
 * on intent, the footer form and the below-the-fold blocks (FAQ, pricing, call to action) as they
 * near the screen, and the chat drawer, exit dialog and toast list load when first shown.
 * What the visitor does before a part's code arrives is not lost.
 */
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newPage, recordConsole, startSite, useBrowserAndSite, waitForHydration } from './harness';

const site = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', '_site.json'), 'utf8'));

let browser: Browser;
let server: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
});

/** The code-split parts that must wait for the visitor, by chunk name. */
const ON_DEMAND = ['DesktopNav', 'FooterContact', 'ChatForm', 'ChatDrawer', 'ExitDialogPanel', 'ToastList', 'FAQ', 'Pricing', 'CallToAction'];
const chunkName = (url: string) => /\/assets\/([\w.]+)-[\w-]+\.js$/.exec(url)?.[1];

async function open(path: string, prepare?: (page: Page) => Promise<unknown>) {
  const { context, page } = await newPage(browser);
  const log = recordConsole(page);
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = chunkName(request.url());
    if (name) chunks.push(name);
  });
  await prepare?.(page);
  await page.goto(server.baseURL + path);
  await waitForHydration(page);
  return { context, page, log, chunks };
}

/** Holds the part's chunk until `release()`, so a test can act while the part is still prerendered HTML. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page, part: string) =>
  expect.poll(() => page.locator(`[data-deferred="${part}"]`).evaluate((el) => el.hasAttribute('data-hydrated'))).toBe(true);
const notHydrated = async (page: Page, part: string) =>
  expect(await page.locator(`[data-deferred="${part}"]`).evaluate((el) => el.hasAttribute('data-hydrated'))).toBe(false);

describe('deferred parts', () => {
  it('are not fetched with the page, on the home page or elsewhere', async () => {
    for (const path of ['/', '/story']) {
      const { context, page, log, chunks } = await open(path);
      await page.waitForTimeout(500);
      expect(chunks.filter((name) => ON_DEMAND.includes(name))).toEqual([]);
      await notHydrated(page, 'desktop-nav');
      await notHydrated(page, 'footer-contact');
      await notHydrated(page, 'block-CallToAction');
      expect(log.errors).toEqual([]);
      await context.close();
    }
  });

  it('the dropdown bar hydrates when the pointer reaches it, and the menu pointed at opens', async () => {
    const { context, page, chunks } = await open('/story');
    await page.getByRole('banner').getByRole('button', { name: 'Channels' }).hover();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Email' }).isVisible()).toBe(true);
    expect(chunks).toContain('DesktopNav');
    await hydrated(page, 'desktop-nav');
    await context.close();
  });

  it('the dropdown bar hydrates on the first Tab, before keyboard focus can reach it', async () => {
    const { context, page } = await open('/story');
    await page.keyboard.press('Tab');
    await hydrated(page, 'desktop-nav');
    await context.close();
  });

  it('the footer form hydrates as the footer nears the screen', async () => {
    const { context, page, chunks } = await open('/story');
    await page.locator('footer').scrollIntoViewIfNeeded();
    await hydrated(page, 'footer-contact');
    expect(chunks).toContain('FooterContact');
    await context.close();
  });

  it('a click that comes before the footer hydrates is held, then acted on', async () => {
    const { context, page } = await open('/story');
    const release = await holdChunk(page, 'FooterContact');
    const toggle = page.locator('footer').getByRole('button', { name: site.footer.phoneShowLabel });
    await toggle.click();
    await notHydrated(page, 'footer-contact');
    expect(new URL(page.url()).pathname).toBe('/story');
    release();
    await hydrated(page, 'footer-contact');
    await expect.poll(() => page.locator('footer').getByRole('button', { name: site.footer.phoneHideLabel }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('footer').getByText(site.contact.phoneDisplay).isVisible()).toBe(true);
    await context.close();
  });

  it('an email typed before the footer hydrates is kept, and sent', async () => {
    const posted: unknown[] = [];
    const { context, page } = await open('/story', (p) =>
      p.route('**/functions/v1/submit-email', async (route) => {
        posted.push(route.request().postDataJSON());
        await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
      }),
    );
    const release = await holdChunk(page, 'FooterContact');
    const field = page.locator('footer').getByRole('textbox', { name: site.chatForms.subscribe.inputLabel });
    await field.fill('early@example.com');
    await notHydrated(page, 'footer-contact');
    release();
    await hydrated(page, 'footer-contact');
    expect(await field.inputValue()).toBe('early@example.com');
    await page.locator('footer').getByRole('button', { name: site.chatForms.subscribe.submitLabel }).click();
    await expect.poll(() => posted).toEqual([{ email: 'early@example.com', page: '/story', placement: 'footer' }]);
    await context.close();
  });

  it('keys pressed on the FAQ before its code arrives are held, then acted on in order', async () => {
    const { context, page } = await open('/');
    const release = await holdChunk(page, 'FAQ');
    const headers = page.locator('#faq').getByRole('button');
    await headers.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await notHydrated(page, 'block-FAQ');
    release();
    await hydrated(page, 'block-FAQ');
    await expect.poll(() => headers.nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await headers.nth(2).evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('a failed download leaves the server HTML in place and is tried again', async () => {
    const { context, page } = await open('/story');
    let attempts = 0;
    await page.route(/\/assets\/FooterContact-[\w-]+\.js$/, (route) => (++attempts === 1 ? route.abort() : route.continue()));
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(() => attempts).toBe(1);
    await notHydrated(page, 'footer-contact');
    expect(await page.locator('footer').getByRole('button', { name: site.footer.phoneShowLabel }).isVisible()).toBe(true);
    await expect.poll(() => attempts, { timeout: 5000 }).toBe(2);
    await hydrated(page, 'footer-contact');
    await page.locator('footer').getByRole('button', { name: site.footer.phoneShowLabel }).click();
    await expect.poll(() => page.locator('footer').getByText(site.contact.phoneDisplay).isVisible()).toBe(true);
    await context.close();
  });
});
