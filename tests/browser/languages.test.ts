/**
 * The site in Spanish and German, as their visitors meet it at 375 and 1280 px: the page's language, the
 * language menu and mobile menu that keep the page, prices and counts in the locale's format, the chat form and
 * its toast in the language (and the lead stored with the page and language it came from), axe with the menus
 * open, no console errors.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, MOBILE, newPage, recordConsole, useBrowserAndSite, waitForHydration } from '../../test-support/browser';
import { startSiteWithLeadFile } from './stored-leads';

const ROOT = join(import.meta.dirname, '..', '..');
type Entries = Record<string, { text: string }>;
const translation = (code: string, file: string) =>
  JSON.parse(readFileSync(join(ROOT, 'pages-json', '_translations', code, file), 'utf8')) as Entries;
const text = (code: string, key: string, file = '_site.json') => translation(code, file)[key].text;
const english = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_site.json'), 'utf8'));

let browser: Browser;
let server: Awaited<ReturnType<typeof startSiteWithLeadFile>>;
useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
}, startSiteWithLeadFile);

async function open(path: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await page.goto(server.baseURL + path);
  await waitForHydration(page);
  return { context, page, log };
}

const shown = (locator: Locator, state = true) => expect.poll(() => locator.isVisible()).toBe(state);
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each([
  ['es', 'Español', '149\u00a0US$'],
  ['de', 'Deutsch', '149\u00a0$'],
])('the %s site', (code, name, growthPrice) => {
  it.each([DESKTOP, MOBILE])('speaks %s at $width px: lang, headings, prices, no overflow, axe clean', async (viewport) => {
    const { context, page, log } = await open(`/${code}`, viewport);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([code, 'ltr']);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(text(code, 'blocks.Hero.heading', 'index.json'));
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#pricing').innerText()).toContain(growthPrice);
    expect(await noOverflow(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('counts use cases in the language, with its plural form', async () => {
    const { context, page, log } = await open(`/${code}/use-cases`);
    const line = page
      .getByText(/\d+/)
      .filter({ hasText: code === 'es' ? 'Mostrando' : 'von' })
      .first();
    await shown(line);
    expect(await line.innerText()).toMatch(
      code === 'es' ? /^Mostrando \d+ de \d+ casos de uso$/ : /^\d+ von \d+ Anwendungsfällen angezeigt$/,
    );
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('starts a chat from the footer in the language: labels, toast, and the lead stored with its page and language', async () => {
    const { context, page, log } = await open(`/${code}/terms`);
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByRole('textbox', { name: text(code, 'chatForms.subscribe.inputLabel') }).fill(`lang.${code}@example.com`);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/functions/v1/submit-email');
    await footer.getByRole('button', { name: text(code, 'chatForms.subscribe.submitLabel') }).click();
    expect((await sent).postDataJSON()).toMatchObject({ page: `/${code}/terms`, locale: code });
    await shown(page.getByRole('alert').filter({ hasText: text(code, 'chatForms.subscribe.successTitle') }));
    await expect
      .poll(() => {
        const lead = server.storedLead(`lang.${code}@example.com`);
        return lead && [lead.first_page, lead.first_locale];
      })
      .toEqual([`/${code}/terms`, code]);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  // Its labels are longer than the English: the bar's actions and the language menu show from 1408 px (the mobile menu below).
  it(`at 1440 px, the language menu (${name}) leads to the same page in another language`, async () => {
    const { context, page, log } = await open(`/${code}/story`, { width: 1440, height: 800 });
    const header = page.getByRole('banner');
    const summary = header.locator('summary');
    expect(await summary.innerText()).toContain(code.toUpperCase());
    await summary.click();
    const links = header.getByRole('navigation', { name: text(code, 'i18n.switcherLabel') });
    await shown(links);
    expect(await axeViolations(page)).toEqual([]);
    await links.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${server.baseURL}/story`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goBack();
    await page.waitForURL(`${server.baseURL}/${code}/story`);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('at 375 px, the mobile menu lists the languages and keeps the page', async () => {
    const { context, page, log } = await open(`/${code}/story`, MOBILE);
    await page.getByRole('button', { name: text(code, 'header.openMenuLabel') }).click();
    const dialog = page.getByRole('dialog');
    await shown(dialog);
    const other = code === 'es' ? 'Deutsch' : 'Español';
    const link = dialog.getByRole('navigation', { name: text(code, 'i18n.switcherLabel') }).getByRole('link', { name: other });
    await link.scrollIntoViewIfNeeded();
    expect(await link.getAttribute('lang')).toBe(code === 'es' ? 'de' : 'es');
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL(`${server.baseURL}/${code === 'es' ? 'de' : 'es'}/story`);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});

it('at 1280 px, the English header offers the language menu, each language named in itself', async () => {
  const { context, page, log } = await open('/compare/reachwell-vs-email-api');
  const header = page.getByRole('banner');
  await header.locator('summary').click();
  const links = header.getByRole('navigation', { name: english.i18n.switcherLabel });
  await shown(links);
  expect(await links.getByRole('link').allInnerTexts()).toEqual(['Español', 'Deutsch']);
  await links.getByRole('link', { name: 'Deutsch' }).click();
  await page.waitForURL(`${server.baseURL}/de/compare/reachwell-vs-email-api`);
  expect(log.errors).toEqual([]);
  await context.close();
});
