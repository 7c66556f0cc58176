/**
 * Lead capture everywhere the spec puts it beyond the home page, in Chromium at 1280 and 375 px: the
 * chat drawer of every industry page and the collections panel (open, width, focus, the exact toasts,
 * the email kept on failure, closing, axe), the lead stored with its page and placement; the footer's
 * links against the page folders; the careers page's Apply links; swiping a toast away.
 */
import type { Browser, Page } from 'playwright-core';
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import {
  axeViolations,
  DESKTOP,
  MOBILE,
  newPage,
  recordConsole,
  useBrowserAndSite,
  waitForFocusInside,
  waitForHydration,
} from '../../test-support/browser';
import { startSiteWithLeadFile } from './stored-leads';

const { pages, collections } = loadContent(CONTENT_DIR);
const { chatForms, header, footer, toasts } = siteData.config;
const chat = chatForms.chat;
const drawerName = header.tryItNow.panelHeading;
const INDUSTRY_PAGES = pages.filter((page) => page.section === 'solutions').map((page) => page.route!);

let browser: Browser;
let site: Awaited<ReturnType<typeof startSiteWithLeadFile>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
}, startSiteWithLeadFile);

async function open(path: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await page.goto(site.baseURL + path);
  await waitForHydration(page);
  return { context, page, log };
}

const axe = (page: Page) => axeViolations(page);
const drawerOf = (page: Page) => page.getByRole('dialog', { name: drawerName });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Try Our Agent Now' }).first().click();
  const drawer = drawerOf(page);
  await expect.poll(() => drawer.isVisible()).toBe(true);
  await waitForFocusInside(drawer);
  return drawer;
}

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
])('the chat drawer of every industry page at %s', (_, viewport) => {
  it.each(INDUSTRY_PAGES)('%s: opens from the hero, sends, thanks, and closes; axe finds nothing with it open', async (route) => {
    const { context, page, log } = await open(route, viewport);
    const drawer = await openDrawer(page);
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.width)).toBe(viewport === DESKTOP ? 450 : viewport.width);
    expect(Math.round(box.x + box.width)).toBe(viewport.width);
    expect(await drawer.getByText(header.tryItNow.availability).isVisible()).toBe(true);
    const input = drawer.getByRole('textbox', { name: chat.inputLabel });
    expect(await input.getAttribute('placeholder')).toBe(chat.placeholder);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await drawer.getByRole('heading', { name: chatForms.phone.heading }).isVisible()).toBe(true);
    if (viewport === MOBILE) {
      expect(await drawer.getByRole('link', { name: chatForms.phone.callLabel }).getAttribute('href')).toBe(
        `tel:${siteData.config.contact.phoneE164}`,
      );
      expect(await drawer.getByRole('link', { name: chatForms.phone.textLabel }).getAttribute('href')).toBe(
        `sms:${siteData.config.contact.phoneE164}`,
      );
    } else {
      expect(await drawer.getByRole('button', { name: chatForms.phone.copyLabel }).isVisible()).toBe(true);
    }
    // The same drawer on every industry page: the whole page with it open once per width, the drawer itself on each
    // (each page without it is checked by the routes test).
    expect(await (route === INDUSTRY_PAGES[0] ? axe(page) : axeViolations(page, '.mantine-Drawer-content'))).toEqual([]);

    const email = `industry.${route.split('/').pop()}.${viewport.width}@example.com`;
    await input.fill(email);
    await drawer.getByRole('button', { name: chat.submitLabel }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(chat.successTitle);
    expect(await page.getByRole('alert').innerText()).toContain(chat.successMessage);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(site.storedLead(email)).toMatchObject({ first_page: route, first_placement: 'industry-drawer' });
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('keeps the drawer open and the email when the start fails, with the exact error toast', async () => {
    const { context, page } = await open('/solutions/insurance', viewport);
    await page.route('**/functions/v1/submit-email', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }),
    );
    const drawer = await openDrawer(page);
    const input = drawer.getByRole('textbox', { name: chat.inputLabel });
    await input.fill('refused@example.com');
    await drawer.getByRole('button', { name: chat.submitLabel }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(chat.errorTitle);
    expect(await page.getByRole('alert').innerText()).toContain(chat.errorMessage);
    expect(await drawer.isVisible()).toBe(true);
    expect(await input.inputValue()).toBe('refused@example.com');
    await context.close();
  });

  it('closes with its round close button and with Escape, returning focus to the button', async () => {
    const { context, page } = await open('/solutions/ecommerce', viewport);
    let drawer = await openDrawer(page);
    await drawer.getByRole('button', { name: header.tryItNow.closeLabel }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    drawer = await openDrawer(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Try Our Agent Now');
    await context.close();
  });
});

describe('the collections panel', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ])('at %s opens from the hero and records its leads as collections-panel', async (_, viewport) => {
    const { context, page } = await open('/use-cases/collections', viewport);
    const drawer = await openDrawer(page);
    expect(await drawer.getByText(siteData.config.contact.phoneDisplay).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    const email = `collections.${viewport.width}@example.com`;
    await drawer.getByRole('textbox', { name: chat.inputLabel }).fill(email);
    await drawer.getByRole('button', { name: chat.submitLabel }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(site.storedLead(email)).toMatchObject({ first_page: '/use-cases/collections', first_placement: 'collections-panel' });
    await context.close();
  });

  it('opens even when pressed before its code has arrived', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/PanelButton-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site.baseURL}/use-cases/collections`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Try Our Agent Now' }).click();
    expect(await drawerOf(page).count()).toBe(0);
    release();
    await expect.poll(() => drawerOf(page).isVisible()).toBe(true);
    await context.close();
  });
});

describe('the footer', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ])('at %s links every page of the channel, solution, use-case and comparison folders, and axe finds nothing', async (_, viewport) => {
    const { context, page } = await open('/story', viewport);
    const nav = page.getByRole('navigation', { name: footer.navLabel });
    const folders = { Channels: 'channels', Solutions: 'solutions', 'Use Cases': 'use-cases', Compare: 'compare' };
    for (const [label, folder] of Object.entries(folders)) {
      const group = nav
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
        .last();
      const hrefs = await group.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const expected = pages.filter((p) => p.section === folder && !p.doc.meta.noindex).map((p) => p.route);
      expect(hrefs.sort(), label).toEqual(expected.sort());
    }
    expect(await nav.getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe('/careers');
    expect(await axeViolations(page, 'footer')).toEqual([]);
    await context.close();
  });
});

describe('careers', () => {
  it('lists each role with an Apply mail whose subject names the position, and a general resume link', async () => {
    const { context, page } = await open('/careers');
    for (const job of collections.jobs) {
      const role = page.getByRole('article', { name: job.title });
      expect(await role.getByText(job.description).isVisible()).toBe(true);
      const href = (await role.getByRole('link', { name: `Apply: ${job.title}` }).getAttribute('href'))!;
      const mail = new URL(href);
      expect(`${mail.protocol}${mail.pathname}`).toBe(`mailto:${siteData.config.contact.mail.careers}`);
      expect(mail.searchParams.get('subject')).toBe(`Application: ${job.title}`);
    }
    const resume = new URL((await page.getByRole('link', { name: 'Send us your resume' }).getAttribute('href'))!);
    expect(resume.searchParams.get('subject')).toBe('Resume');
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it('publishes a JobPosting per role with what Google requires', async () => {
    const html = await (await fetch(`${site.baseURL}/careers`)).text();
    const postings = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]))
      .filter((data) => data['@type'] === 'JobPosting');
    expect(postings.map((p) => p.title)).toEqual(collections.jobs.map((job) => job.title));
    for (const posting of postings) {
      expect(posting).toMatchObject({
        '@context': 'https://schema.org',
        employmentType: 'FULL_TIME',
        hiringOrganization: { '@type': 'Organization', name: siteData.config.brand.productName },
        jobLocation: { '@type': 'Place', address: { addressLocality: 'New York', addressCountry: 'US' } },
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: { '@type': 'Country', name: 'US' },
      });
      expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(posting.description.length).toBeGreaterThan(100);
    }
  });
});

describe('toasts', () => {
  it('are swiped away past 50 px, and spring back from a shorter swipe', async () => {
    const { context, page } = await open('/story');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseURL });
    await page.locator('footer').getByRole('button', { name: footer.phoneShowLabel }).click();
    await page.locator('footer').getByRole('button', { name: chatForms.phone.copyLabel }).click();
    const toast = page.getByRole('alert').filter({ hasText: toasts.copiedTitle });
    await expect.poll(() => toast.isVisible()).toBe(true);
    const swipe = async (distance: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 120, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 120 + distance, y, { steps: 6 });
      await page.mouse.up();
    };
    await swipe(40);
    await expect
      .poll(() => toast.evaluate((el) => getComputedStyle(el.firstElementChild!).getPropertyValue('--toast-offset').trim()))
      .toBe('0px');
    expect(await toast.isVisible()).toBe(true);
    await swipe(60);
    await expect.poll(() => toast.count()).toBe(0);
    await context.close();
  });
});
