/**
 * The use-case library (/use-cases) in Chromium at 1280 and 375 px, as a visitor uses it: search and
 * filters update the count and the cards, the empty state, Clear All Filters, the state in the URL
 * (Back, Forward, a shared link), the keyboard, and axe with filters applied and with nothing found.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import {
  axeViolations,
  DESKTOP,
  MOBILE,
  newPage,
  recordConsole,
  settle,
  startSite,
  useBrowserAndSite,
  waitForHydration,
} from '../../test-support/browser';

const { collections, pages } = loadContent(CONTENT_DIR);
const useCases = collections['use-cases'];
const library = pages.find((page) => page.route === '/use-cases')!.doc.blocks.find((block) => block.type === 'UseCaseLibrary')!;
if (library.type !== 'UseCaseLibrary') throw new Error('/use-cases has no UseCaseLibrary block');
const labels = library.labels;
const countText = (shown: number) => labels.count.replace('{shown}', String(shown)).replace('{total}', String(useCases.length));
const lower = (text: string) => text.toLowerCase();

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

async function openLibrary(viewport = DESKTOP, query = '') {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await page.goto(`${site.baseURL}/use-cases${query}`);
  await waitForHydration(page);
  return { context, page, log };
}

const count = (page: Page) => page.getByRole('status').filter({ hasText: /\d/ }).first();
const visibleTitles = (page: Page) => page.locator('#library li:visible h3').allInnerTexts();
const search = (page: Page) => page.getByRole('searchbox', { name: labels.search });
const select = (page: Page, name: 'solution' | 'industry' | 'lifecycle') => page.getByRole('combobox', { name: labels[name] });
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const axe = (page: Page) => axeViolations(page, '#library');

describe('the prerendered library', () => {
  it('lists every use case in its HTML, with the count of all of them', async () => {
    const html = await (await fetch(`${site.baseURL}/use-cases`)).text();
    for (const useCase of useCases) expect(html, useCase.title).toContain(useCase.description.replace(/'/g, '&#x27;'));
    // Each as a card of its own (the filters' island is not given the texts: it reads them from these).
    expect(html.match(/<li [^>]*data-entry="/g)).toHaveLength(useCases.length);
    expect(html).toContain(countText(useCases.length));
    expect(useCases.length).toBeGreaterThanOrEqual(60);
  });

  it("links a card to its landing page, and marks highlighted ones 'Popular'", async () => {
    const { context, page } = await openLibrary();
    const card = page.locator('#library li').filter({ has: page.getByRole('heading', { name: 'Upsell Campaigns', exact: true }) });
    expect(await card.getByRole('link', { name: 'Upsell Campaigns' }).getAttribute('href')).toBe('/use-cases/upsell-campaigns');
    const popular = useCases.filter((u) => u.highlight).length;
    expect(await page.locator('#library li:visible').getByText(labels.popular, { exact: true }).count()).toBe(popular);
    await context.close();
  });
});

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
])('searching and filtering at %s', (_, viewport) => {
  it('updates the count and the cards as the visitor types and chooses, combining everything with AND', async () => {
    const { context, page, log } = await openLibrary(viewport);
    await search(page).fill('reminder');
    const byText = useCases.filter((u) => lower(u.title + ' ' + u.description).includes('reminder'));
    await expect.poll(() => count(page).innerText()).toBe(countText(byText.length));
    expect((await visibleTitles(page)).sort()).toEqual(byText.map((u) => u.title).sort());

    const industry =
      byText[0].industry === 'Real Estate' || byText[0].industry === 'Professional Services' ? 'Healthcare' : byText[0].industry;
    await select(page, 'industry').selectOption(industry);
    const both = byText.filter((u) => u.industry === industry);
    await expect.poll(() => count(page).innerText()).toBe(countText(both.length));
    expect((await visibleTitles(page)).sort()).toEqual(both.map((u) => u.title).sort());
    expect(query(page)).toEqual({ q: 'reminder', industry });
    expect(await axe(page)).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('shows the empty state when nothing matches, and Clear All Filters resets all four', async () => {
    const { context, page } = await openLibrary(viewport);
    await select(page, 'lifecycle').selectOption('Insights');
    await select(page, 'solution').selectOption(useCases.find((u) => u.lifecycle === 'Insights')!.solution);
    await search(page).fill('zzz-nothing-like-this');
    await expect.poll(() => page.getByRole('heading', { name: labels.emptyTitle }).isVisible()).toBe(true);
    expect(await page.getByText(labels.emptyText).isVisible()).toBe(true);
    expect(await count(page).innerText()).toBe(countText(0));
    expect(await axe(page)).toEqual([]);

    await page.locator('#library').getByRole('button', { name: labels.clear }).click();
    await expect.poll(() => count(page).innerText()).toBe(countText(useCases.length));
    expect(await search(page).inputValue()).toBe('');
    for (const name of ['solution', 'industry', 'lifecycle'] as const) expect(await select(page, name).inputValue()).toBe('');
    expect(query(page)).toEqual({});
    await context.close();
  });
});

describe('the filter state in the URL', () => {
  it('steps back and forward through filter changes', async () => {
    const { context, page } = await openLibrary();
    await select(page, 'industry').selectOption('Insurance');
    await expect.poll(() => query(page)).toEqual({ industry: 'Insurance' });
    await select(page, 'lifecycle').selectOption('Retention');
    await expect.poll(() => query(page)).toEqual({ industry: 'Insurance', lifecycle: 'Retention' });
    const insuranceRetention = useCases.filter((u) => u.industry === 'Insurance' && u.lifecycle === 'Retention').length;
    await expect.poll(() => count(page).innerText()).toBe(countText(insuranceRetention));

    await page.goBack();
    await expect.poll(() => count(page).innerText()).toBe(countText(useCases.filter((u) => u.industry === 'Insurance').length));
    expect(await select(page, 'lifecycle').inputValue()).toBe('');
    await page.goBack();
    await expect.poll(() => count(page).innerText()).toBe(countText(useCases.length));
    await page.goForward();
    await page.goForward();
    await expect.poll(() => count(page).innerText()).toBe(countText(insuranceRetention));
    expect(await select(page, 'industry').inputValue()).toBe('Insurance');
    await context.close();
  });

  it('a shared filtered link opens on its filtered result once the page is interactive', async () => {
    const { context, page, log } = await openLibrary(MOBILE, '?industry=Healthcare&q=appointment');
    const expected = useCases.filter((u) => u.industry === 'Healthcare' && lower(u.title + ' ' + u.description).includes('appointment'));
    await expect.poll(() => count(page).innerText()).toBe(countText(expected.length));
    expect(await search(page).inputValue()).toBe('appointment');
    expect(await select(page, 'industry').inputValue()).toBe('Healthcare');
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('ignores values that are not filter choices (an industry the spec keeps out of the filter)', async () => {
    const { context, page } = await openLibrary(DESKTOP, '?industry=Real%20Estate');
    await expect.poll(() => count(page).innerText()).toBe(countText(useCases.length));
    const choices = await select(page, 'industry').locator('option').allInnerTexts();
    expect(choices[0]).toBe(labels.all);
    expect(choices).not.toContain('Real Estate');
    expect(choices).not.toContain('Professional Services');
    await context.close();
  });
});

describe('with the keyboard only', () => {
  it('reaches the search and every filter, and filters with arrow keys', async () => {
    const { context, page } = await openLibrary();
    await search(page).focus();
    await page.keyboard.type('renewal');
    await expect.poll(() => query(page)).toEqual({ q: 'renewal' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-filter-key'))).toBe('solution');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // a closed native select takes the next choice
    const firstIndustry = (await select(page, 'industry').locator('option').allInnerTexts())[1];
    await expect.poll(() => query(page)).toEqual({ q: 'renewal', industry: firstIndustry });
    await context.close();
  });

  it("Tab walks every card's link in order at 375 px, each coming into view, with the cards rendered lazily as a visitor's browser does", async () => {
    const { context, page } = await newPage(browser, MOBILE, { lazySections: true });
    await page.goto(`${site.baseURL}/use-cases`);
    await waitForHydration(page);
    const cards = page.locator('#library li[data-entry]');
    expect(await cards.last().evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto');
    const expected = await page.locator('#library li[data-entry] h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(expected.length).toBeGreaterThan(5);

    await page.locator('#library').getByRole('button', { name: labels.clear }).focus();
    // Focusing scrolled the page. Chrome decides which lazy cards are near the screen when it renders a frame;
    // a Tab pressed within the same frame as the scroll (which a visitor cannot do) can leave the page.
    await settle(page);
    const reached: (string | null)[] = [];
    for (let i = 0; i < expected.length; i++) {
      await page.keyboard.press('Tab');
      const focused = page.locator('#library li[data-entry] a:focus');
      reached.push(await focused.getAttribute('href'));
      await expect
        .poll(() => focused.evaluate((a) => a.getBoundingClientRect().bottom <= innerHeight && a.getBoundingClientRect().top >= 0))
        .toBe(true);
    }
    expect(reached).toEqual(expected);
    await context.close();
  });
});
