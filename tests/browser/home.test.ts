/**
 * The home page: prerendered content and structured data (read without running any script),
 * the phone pricing carousel, the FAQ accordion, the final call to action, and axe at both widths.
 */
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/engine/model/collections/plans';
import type { Block, PageDoc } from '../../src/engine/load/page-schema';
import {
  axeViolations,
  DESKTOP,
  MOBILE,
  newPage,
  recordConsole,
  startSite,
  useBrowserAndSite,
  waitForHydration,
  waitForIsland,
} from '../../test-support/browser';

const ROOT = join(import.meta.dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, 'pages-json', file), 'utf8'));
const site = readJson('_site.json');
const homeDoc: PageDoc = readJson('index.json');

/** Fills `{product}`, `{agent}` and `{phone}` the way page loading does. */
const tokens: Record<string, string> = { product: site.brand.productName, agent: site.brand.agentName, phone: site.contact.phoneDisplay };
const fill = (text: string) => text.replace(/\{(\w+)\}/g, (m, name: string) => tokens[name] ?? m);

const blocks = homeDoc.blocks;
const blockOf = <T extends Block['type']>(type: T) => blocks.find((b): b is Extract<Block, { type: T }> => b.type === type)!;
const pricing = { ...blockOf('Pricing'), plans: readJson('_collections/plans.json').items as Plan[] };
const faq = blockOf('FAQ');
const finalCta = blockOf('CallToAction');

/** Keys whose strings are not read as page text: types, anchors, links, icon names, accessible names of the phone carousel. */
// image and mark name a media record (its alt text is in the record, not in the page's flow).
const NOT_TEXT = new Set(['type', 'id', 'href', 'ctaUrl', 'icon', 'variant', 'carousel', 'image', 'mark']);
/** Blocks of the site chrome whose text lives in dialogs and panels opened later, not in the page flow. */
const OVERLAY_BLOCKS = new Set(['FloatingChat', 'ExitDialog']);

function textsOf(node: unknown, key = ''): string[] {
  if (NOT_TEXT.has(key)) return [];
  if (typeof node === 'string') return [fill(node)];
  if (Array.isArray(node)) return node.flatMap((child) => textsOf(child, key));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => textsOf(v, k));
  return [];
}

/** The text a reader without JavaScript gets: markup minus scripts, comments and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

let browser: Browser;
let server: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
});

async function openHome(viewport: typeof DESKTOP) {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${server.baseURL}/`);
  await waitForHydration(page);
  return { context, page, log, requests };
}

describe('the prerendered home page, before any script runs', () => {
  let html: string;
  beforeAll(async () => {
    const response = await fetch(`${server.baseURL}/`);
    expect(response.status).toBe(200);
    html = await response.text();
  });

  it('contains the text of every section, in the spec order', () => {
    const text = visibleText(html);
    const sections = blocks.filter((b) => !OVERLAY_BLOCKS.has(b.type));
    expect(sections.map((b) => b.type)).toEqual([
      'Hero',
      'LogoStrip',
      'LinkStrip',
      'Steps',
      'FeatureColumns',
      'CardGrid',
      'SplitOptions',
      'Guardrails',
      'StatBand',
      'CardGrid',
      'Pricing',
      'CallToAction',
      'FAQ',
    ]);
    const missing = sections.flatMap((b) =>
      textsOf(b)
        .filter((t) => !text.includes(t))
        .map((t) => `${b.type}: ${t}`),
    );
    expect(missing).toEqual([]);
    // Every section's first text appears after the previous section's.
    const positions = sections.map((b) => text.indexOf(textsOf(b).find((t) => t.length > 12)!));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('has the anchors the header and links point at', () => {
    expect(html).toMatch(/<section[^>]*id="guardrails"/);
    expect(html).toMatch(/<section[^>]*id="pricing"/);
  });

  it('carries SoftwareApplication, Organization and an FAQPage built from the FAQ block', () => {
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const byType = Object.fromEntries(scripts.map((s) => [s['@type'], s]));
    expect(Object.keys(byType).sort()).toEqual(['FAQPage', 'Organization', 'SoftwareApplication']);

    const app = byType.SoftwareApplication;
    expect(app.name).toBe(site.brand.productName);
    expect(app.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: '4.9', ratingCount: '127' });
    expect(app.offers).toMatchObject({ '@type': 'Offer', price: '0', priceCurrency: 'USD' });
    expect(byType.Organization).toMatchObject({ name: site.brand.productName, url: site.origin });

    expect(faq.items).toHaveLength(9);
    expect(byType.FAQPage.mainEntity).toEqual(
      faq.items.map((item) => ({
        '@type': 'Question',
        name: fill(item.question),
        acceptedAnswer: { '@type': 'Answer', text: fill(item.answer) },
      })),
    );
    expect(JSON.stringify(scripts)).not.toMatch(/\{(product|agent|phone)\}/);
  });

  it('does not ask for the carousel on first load', () => {
    expect(html).not.toMatch(/PricingCarousel/);
  });
});

/** Horizontal centre of an element relative to the viewport's centre, in px. */
async function offCentre(page: Page, name: string) {
  const box = await page.getByRole('group', { name, exact: true }).and(page.locator('[aria-roledescription="slide"]')).boundingBox();
  return Math.abs(box!.x + box!.width / 2 - MOBILE.width / 2);
}

describe('pricing', () => {
  it('at 375 px is a carousel that starts on the popular plan, with dots that show and change the slide', async () => {
    const { context, page, log, requests } = await openHome(MOBILE);
    const popular = pricing.plans.find((p) => p.popular)!.name;
    expect(popular).toBe('Growth');

    // The carousel loads as the section comes near the screen, not with the page.
    expect(await page.locator('[data-island="Pricing"]').evaluate((el) => el.hasAttribute('data-hydrated'))).toBe(false);
    expect(requests.some((url) => /PricingCarousel/.test(url))).toBe(false);
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    const dots = page.getByRole('group', { name: pricing.carousel.dotsLabel });
    await dots.scrollIntoViewIfNeeded();
    const dot = (name: string) => dots.getByRole('button', { name, exact: true });
    await expect.poll(() => dot(popular).getAttribute('aria-current')).toBe('true');
    expect(await dots.getByRole('button').count()).toBe(pricing.plans.length);
    expect(await dots.locator('[aria-current="true"]').count()).toBe(1);
    expect(await dot('Starter').getAttribute('aria-current')).toBeNull();
    await expect.poll(() => offCentre(page, popular)).toBeLessThan(10);

    await dot('Enterprise').click();
    await expect.poll(() => dot('Enterprise').getAttribute('aria-current')).toBe('true');
    expect(await dot(popular).getAttribute('aria-current')).toBeNull();
    await expect.poll(() => offCentre(page, 'Enterprise')).toBeLessThan(40);

    await dot('Starter').click();
    await expect.poll(() => dot('Starter').getAttribute('aria-current')).toBe('true');
    await expect.poll(() => offCentre(page, 'Starter')).toBeLessThan(40);

    expect(requests.some((url) => /PricingCarousel-[\w-]+\.js$/.test(url))).toBe(true);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px shows all plans side by side and never downloads the carousel', async () => {
    const { context, page, log, requests } = await openHome(DESKTOP);
    const section = page.locator('#pricing');
    await section.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'Pricing'); // its code ran: it would have asked for the carousel by now
    const tops = await Promise.all(
      pricing.plans.map(async (p) => (await section.getByRole('heading', { name: p.name, level: 3 }).boundingBox())!.y),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(10);
    expect(await page.getByRole('group', { name: pricing.carousel.dotsLabel }).count()).toBe(0);
    expect(requests.filter((url) => /PricingCarousel|embla/i.test(url))).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
])('FAQ at %s', (_, viewport) => {
  it('opens one answer at a time and closes an open one on a second click', async () => {
    const { context, page } = await openHome(viewport);
    const headers = page.locator('#faq').getByRole('button');
    expect(await headers.count()).toBe(faq.items.length);
    const [first, second] = [headers.nth(0), headers.nth(1)];
    const answer = (i: number) => page.getByText(fill(faq.items[i].answer), { exact: true });

    await expect.poll(() => page.locator('#faq [aria-expanded="true"]').count()).toBe(0);
    await first.click();
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => answer(0).isVisible()).toBe(true);

    await second.click();
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => answer(0).isVisible()).toBe(false);
    await expect.poll(() => answer(1).isVisible()).toBe(true);
    expect(await page.locator('#faq [aria-expanded="true"]').count()).toBe(1);

    await second.click();
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => answer(1).isVisible()).toBe(false);
    expect(await page.locator('#faq [aria-expanded="true"]').count()).toBe(0);
    await context.close();
  });

  it('moves between headers with ArrowDown, ArrowUp, Home and End, and toggles with Enter', async () => {
    const { context, page } = await openHome(viewport);
    const headers = page.locator('#faq').getByRole('button');
    const last = faq.items.length - 1;
    const focusedIndex = () =>
      page.evaluate(() => [...document.querySelectorAll('#faq button')].indexOf(document.activeElement as HTMLButtonElement));

    await headers.nth(0).focus(); // focus brings the FAQ's code (keys pressed meanwhile are held: islands.test.ts)
    await waitForIsland(page, 'FAQ');
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(2);
    await page.keyboard.press('ArrowUp');
    expect(await focusedIndex()).toBe(1);
    await page.keyboard.press('End');
    expect(await focusedIndex()).toBe(last);
    await page.keyboard.press('Home');
    expect(await focusedIndex()).toBe(0);
    await page.keyboard.press('ArrowUp');
    expect(await focusedIndex()).toBe(last);
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(0);

    await page.keyboard.press('Enter');
    await expect.poll(() => headers.nth(0).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => headers.nth(0).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('final call to action', () => {
  it('opens the explainer video dialog from How It Works', async () => {
    const { context, page } = await openHome(DESKTOP);
    const band = page.locator(`#${finalCta.id}`);
    expect(await band.getByRole('link', { name: finalCta.buttons[0].label }).getAttribute('href')).toBe(site.urls.scheduling);
    await band.getByRole('button', { name: finalCta.buttons.find((button) => button.href === 'panel:video')!.label }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.locator('iframe').getAttribute('src')).toContain('youtube-nocookie.com/embed/');
    await context.close();
  });
});

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
])('accessibility at %s', (_, viewport) => {
  it('axe finds no violations on the home page, with the carousel loaded and an FAQ answer open', async () => {
    const { context, page, log } = await openHome(viewport);
    if (viewport === MOBILE) {
      await page.locator('#pricing').scrollIntoViewIfNeeded();
      await page.getByRole('group', { name: pricing.carousel.dotsLabel }).waitFor();
    }
    const question = page.locator('#faq').getByRole('button').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('#faq [role="region"]').first().isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
