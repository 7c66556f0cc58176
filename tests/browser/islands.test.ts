/**
 * Islands in Chromium (src/hydration/README.md): what a prerendered page loads first, that an
 * island keeps its server HTML and works whatever the visitor does before its code arrives
 * (issue 10: the desktop bar vanished on scroll), that links always navigate at once, and that
 * every link is the same kind of navigation.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { expectDropdownsWork, isHydrated, mainNav, wheel } from './desktop-nav';
import {
  DESKTOP,
  holdChunks,
  MOBILE,
  newPage,
  recordConsole,
  startSite,
  useBrowserAndSite,
  waitForHydration,
  waitForIsland,
} from '../../test-support/browser';

let browser: Browser;
let server: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
});

const chunkName = (url: string) => /\/assets\/([\w.]+)-[\w-]+\.js$/.exec(url)?.[1];

async function open(path: string, viewport = DESKTOP, prepare?: (page: Page) => Promise<unknown>) {
  const { context, page } = await newPage(browser, viewport);
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

/** Opens a page with these islands' chunks held from before it loads (so none can arrive before the hold). */
async function openHolding(path: string, names: string[], viewport = DESKTOP, prepare?: (page: Page) => Promise<unknown>) {
  let releases: (() => void)[] = [];
  const opened = await open(path, viewport, async (page) => {
    releases = await Promise.all(names.map((name) => holdChunks(page, [name])));
    await prepare?.(page);
  });
  return { ...opened, releases };
}

/** Waits until the element has kept its place for ten frames (about what a visitor takes to aim at it). */
async function waitUntilStill(locator: Locator) {
  await locator.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const check = () => {
          const box = JSON.stringify(el.getBoundingClientRect());
          still = box === last ? still + 1 : 0;
          last = box;
          if (still >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

describe('first load', () => {
  it('requests no JavaScript before the first contentful paint', async () => {
    const { context, page } = await open('/');
    const { paint, firstScript } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((r) => r.name.endsWith('.js'))
          .map((r) => r.startTime),
      ),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThanOrEqual(paint!);
    await context.close();
  });

  it("fetches only the runtime and the islands that start at load or on the first input: none of the static sections, none of the islands waiting for the visitor's intent", async () => {
    const { context, chunks, log } = await open('/');
    expect(chunks).toEqual(expect.arrayContaining(['FloatingChat', 'PromoBanner']));
    for (const waiting of [
      'DesktopNav',
      'MobileMenu',
      'FAQ',
      'Pricing',
      'FooterContact',
      'PanelButton',
      'Toaster',
      'Hero',
      'Guardrails',
      'CallToAction',
    ]) {
      expect(chunks, waiting).not.toContain(waiting);
    }
    expect(log.errors).toEqual([]);
    await context.close();
    const story = await open('/story');
    expect(story.chunks.filter((name) => !['main', 'rolldown'].includes(name))).toEqual([]);
    await story.context.close();
  });

  it('preloads every module the page names (a few per task), each once', async () => {
    const { context, page } = await open('/');
    const { named, preloaded } = await page.evaluate(() => ({
      named: document.querySelector<HTMLScriptElement>('script[data-entry]')!.dataset.preload!.split(' ').filter(Boolean),
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => new URL(link.href).pathname),
    }));
    expect(named.length).toBeGreaterThan(8);
    expect(preloaded).toEqual(named);
    await context.close();
  });

  it("hydrates the home page's islands (on the first scroll) without asking storage for a colour scheme (the site has one)", async () => {
    const { context, page } = await open('/', MOBILE, (page) =>
      page.addInitScript(() => {
        const read: string[] = ((window as unknown as { storageKeysRead: string[] }).storageKeysRead = []);
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (this: Storage, key: string) {
          read.push(key);
          return getItem.call(this, key);
        };
      }),
    );
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    await waitForIsland(page, 'PromoBanner');
    await waitForIsland(page, 'FloatingChat');
    const keys = await page.evaluate(() => (window as unknown as { storageKeysRead: string[] }).storageKeysRead);
    // The banner still reads whether it was dismissed; nothing reads Mantine's colour scheme key.
    expect(keys).toContain('reachwell:promo-banner-dismissed');
    expect(keys.filter((key) => /color-scheme/.test(key))).toEqual([]);
    await context.close();
  });

  it("hydrates a 'visible' island as it nears the screen", async () => {
    const { context, page, chunks } = await open('/');
    expect(await isHydrated(page, 'FAQ')).toBe(false);
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'FAQ');
    expect(chunks).toContain('FAQ');
    const question = page.locator('#faq').getByRole('button').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('renders the sections below the first screen lazily, and a visitor who jumps to the bottom can use the footer once it settles', async () => {
    const { context, page } = await newPage(browser, DESKTOP, { lazySections: true });
    await page.goto(server.baseURL + '/story');
    await waitForHydration(page);
    const lastSection = page.locator('main > section').last();
    expect(await lastSection.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto');
    await page.keyboard.press('End');
    const toggle = page.locator('footer').getByRole('button', { name: siteData.config.footer.phoneShowLabel });
    await waitUntilStill(toggle);
    await toggle.click();
    await expect
      .poll(() => page.locator('footer').getByRole('button', { name: siteData.config.chatForms.phone.copyLabel }).isVisible())
      .toBe(true);
    await context.close();
  });
});

describe('islands keep their server HTML and work, whatever changes around them before their code arrives', () => {
  it('home at 1280 px: scrolling (header offset), the banner closing, a resize and a toast leave the bar, FAQ, pricing, video button and footer form intact', async () => {
    const { context, page, log, releases } = await openHolding('/', ['DesktopNav', 'FAQ', 'Pricing', 'FooterContact', 'PanelButton']);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL }); // for the toast
    // The DOM's text, not what is painted: sections below the first screen are not rendered until near it.
    const texts = () =>
      page.evaluate(() => ({
        faq: document.querySelector('#faq')?.textContent,
        pricing: document.querySelector('#pricing')?.textContent,
        cta: document.querySelector('main [data-island="PanelButton"]')?.closest('section')?.textContent,
        footer: document.querySelector('footer')?.textContent,
      }));
    const before = await texts();
    expect(Object.values(before).every((text) => (text?.length ?? 0) > 20)).toBe(true);

    await wheel(page, 900); // the header leaves its offset under the banner
    await wheel(page, -900); // and takes it again
    await page.getByRole('button', { name: siteData.config.promoBanner.dismissLabel }).click(); // the banner closes
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.setViewportSize(DESKTOP);
    await page.locator('footer').scrollIntoViewIfNeeded();

    expect(await mainNav(page).count()).toBe(1);
    expect(await texts()).toEqual(before);
    for (const name of ['FAQ', 'Pricing', 'FooterContact']) expect(await isHydrated(page, name), name).toBe(false);

    releases.forEach((release) => release());
    await waitForIsland(page, 'FooterContact');
    await page.locator('footer').getByRole('button', { name: siteData.config.footer.phoneShowLabel }).click();
    await expect.poll(() => page.locator('footer').getByText(siteData.config.contact.phoneDisplay).isVisible()).toBe(true);
    await page.locator('footer').getByRole('button', { name: siteData.config.chatForms.phone.copyLabel }).click();
    await expect.poll(() => page.getByText(siteData.config.toasts.copiedTitle).isVisible()).toBe(true); // a toast is showing now
    await page.locator('#faq').scrollIntoViewIfNeeded();
    const question = page.locator('#faq').getByRole('button').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'Pricing');
    expect(await page.locator('#pricing').getByRole('link').count()).toBeGreaterThan(0);
    // The call to action's How It Works button, held until now, opens the video.
    const ctaVideo = page.locator('main [data-island="PanelButton"]').last().getByRole('button');
    await ctaVideo.scrollIntoViewIfNeeded();
    await ctaVideo.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await wheel(page, -20000);
    await expectDropdownsWork(page);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('home at 375 px: Try It Now appearing on scroll leaves the footer form and the FAQ intact', async () => {
    const {
      context,
      page,
      releases: [release],
    } = await openHolding('/', ['FooterContact'], MOBILE);
    const tryItNow = page.getByRole('button', { name: siteData.config.header.tryItNow.labels[0] });
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await expect.poll(() => tryItNow.isVisible()).toBe(true);
    await page.locator('footer').scrollIntoViewIfNeeded();
    const field = page.locator('footer').getByRole('textbox', { name: siteData.config.chatForms.subscribe.inputLabel });
    expect(await field.isVisible()).toBe(true);
    release();
    await waitForIsland(page, 'FooterContact');
    await field.fill('phone@example.com');
    expect(await page.locator('footer').getByRole('button', { name: siteData.config.chatForms.subscribe.submitLabel }).isEnabled()).toBe(
      true,
    );
    await context.close();
  });
});

describe('what the visitor does before an island has its code', () => {
  it('a link inside a waiting island navigates at once (Book Demo in pricing, with the pricing code held)', async () => {
    const scheduling = siteData.config.urls.scheduling;
    // The pricing code is never released: only a link that does not wait for it can navigate.
    const { context, page } = await openHolding('/', ['Pricing'], DESKTOP, (p) =>
      p.route(`${scheduling}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Scheduling</title>' })),
    );
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await page.locator('#pricing').getByRole('link', { name: 'Book Demo' }).first().click();
    await page.waitForURL(`${scheduling}**`);
    await context.close();
  });

  it("a pointer already resting on a dropdown's trigger, or focus already in the bar, when the page's code starts: the island wakes", async () => {
    // The entry is held from before the page loads: the runtime starts only after the pointer and focus have arrived,
    // so no pointerover or focusin comes for them (Back and Forward did this in a CI run: the menu never opened).
    for (const arrive of ['pointer', 'focus'] as const) {
      const { context, page } = await newPage(browser, DESKTOP);
      const release = await holdChunks(page, ['main']);
      await page.goto(server.baseURL + '/terms');
      const trigger = mainNav(page).getByRole('button', { name: 'Channels' });
      if (arrive === 'pointer') {
        const box = (await trigger.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      } else {
        await trigger.focus();
      }
      expect(await isHydrated(page, 'DesktopNav')).toBe(false);
      release();
      await waitForIsland(page, 'DesktopNav');
      if (arrive === 'pointer') await expect.poll(() => page.getByRole('menu', { name: 'Channels' }).isVisible()).toBe(true);
      else await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
      await context.close();
    }
  });

  it('a click on a button is held, then acted on once the island is interactive', async () => {
    const {
      context,
      page,
      releases: [release],
    } = await openHolding('/story', ['FooterContact']);
    await page.locator('footer').getByRole('button', { name: siteData.config.footer.phoneShowLabel }).click();
    expect(await isHydrated(page, 'FooterContact')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/story');
    release();
    await waitForIsland(page, 'FooterContact');
    await expect
      .poll(() => page.locator('footer').getByRole('button', { name: siteData.config.footer.phoneHideLabel }).getAttribute('aria-expanded'))
      .toBe('true');
    await context.close();
  });

  it("a 'first-input' island whose code is held after React is live (home at 1280 px: Try It Now) keeps a click and opens the chat", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const log = recordConsole(page);
    const release = await holdChunks(page, ['FloatingChat']);
    await page.goto(server.baseURL + '/');
    await waitForHydration(page);
    await wheel(page, 5); // the first input: the home page's islands start
    // React, the providers and another 'first-input' island are live; Try It Now is still server HTML.
    await waitForIsland(page, 'PromoBanner');
    const tryItNow = page.getByRole('button', { name: siteData.config.header.tryItNow.labels[0] });
    await tryItNow.click();
    expect(await isHydrated(page, 'FloatingChat')).toBe(false);
    release();
    await waitForIsland(page, 'FloatingChat');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await tryItNow.getAttribute('aria-expanded')).toBe('true');
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('an email typed before the footer form hydrates is kept, and sent', async () => {
    const posted: unknown[] = [];
    const {
      context,
      page,
      releases: [release],
    } = await openHolding('/story', ['FooterContact'], DESKTOP, (p) =>
      p.route('**/functions/v1/submit-email', async (route) => {
        posted.push(route.request().postDataJSON());
        await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
      }),
    );
    const field = page.locator('footer').getByRole('textbox', { name: siteData.config.chatForms.subscribe.inputLabel });
    await field.fill('early@example.com');
    expect(await isHydrated(page, 'FooterContact')).toBe(false);
    release();
    await waitForIsland(page, 'FooterContact');
    expect(await field.inputValue()).toBe('early@example.com');
    await page.locator('footer').getByRole('button', { name: siteData.config.chatForms.subscribe.submitLabel }).click();
    await expect.poll(() => posted).toEqual([{ email: 'early@example.com', page: '/story', placement: 'footer', locale: 'en' }]);
    await context.close();
  });

  it('keys pressed on the FAQ are held, then acted on in order', async () => {
    const {
      context,
      page,
      releases: [release],
    } = await openHolding('/', ['FAQ']);
    const headers = page.locator('#faq').getByRole('button');
    await headers.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await isHydrated(page, 'FAQ')).toBe(false);
    release();
    await waitForIsland(page, 'FAQ');
    await expect.poll(() => headers.nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await headers.nth(2).evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('a failed download leaves the server HTML in place and is tried again', async () => {
    let attempts = 0;
    const { context, page } = await open('/story', DESKTOP, (p) =>
      p.route(/\/assets\/FooterContact-[\w-]+\.js$/, (route) => (++attempts === 1 ? route.abort() : route.continue())),
    );
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(() => attempts).toBe(1);
    expect(await page.locator('footer').getByRole('button', { name: siteData.config.footer.phoneShowLabel }).isVisible()).toBe(true);
    await expect.poll(() => attempts).toBe(2); // after the first backoff step (1 s)
    await waitForIsland(page, 'FooterContact');
    await page.locator('footer').getByRole('button', { name: siteData.config.footer.phoneShowLabel }).click();
    await expect.poll(() => page.locator('footer').getByText(siteData.config.contact.phoneDisplay).isVisible()).toBe(true);
    await context.close();
  });
});

describe('one navigation model: every internal link loads its page', () => {
  /** Marks the current document, clicks, and checks a new document was loaded at `path`. */
  async function expectDocumentLoad(page: Page, click: () => Promise<void>, path: string) {
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await click();
    await page.waitForURL((url) => url.pathname === path);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBeUndefined();
  }

  it('from a static section, a hydrated dropdown and the footer alike', async () => {
    const { context, page } = await open('/');
    const firstUseCase = siteData.menus['use-cases'][1];
    await expectDocumentLoad(page, () => page.locator('main').locator(`a[href="${firstUseCase.href}"]`).first().click(), firstUseCase.href);
    await mainNav(page).getByRole('button', { name: 'Channels' }).hover();
    await expectDocumentLoad(
      page,
      () => page.getByRole('menuitem', { name: siteData.menus.channels[0].label }).click(),
      siteData.menus.channels[0].href,
    );
    await expectDocumentLoad(page, () => page.locator('footer').getByRole('link', { name: 'Our Story' }).click(), '/story');
    await context.close();
  });

  it('Back and Forward return to working pages', async () => {
    const { context, page } = await open('/story');
    await expectDocumentLoad(page, () => page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click(), '/terms');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/story');
    await waitForHydration(page);
    await expectDropdownsWork(page);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/terms');
    await expectDropdownsWork(page);
    await context.close();
  });
});
