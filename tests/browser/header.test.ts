/**
 * The site header in Chromium at 1280 px and 375 px: the offset under the home
 * page's promo banner, the dropdown menus (hover and keyboard), Guardrails,
 * external actions, the mobile menu, the explainer-video dialog, and axe with
 * every overlay open.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

const ROOT = join(import.meta.dirname, '..', '..');
const site = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_site.json'), 'utf8'));
const fill = (text: string) => text.replace('{product}', site.brand.productName).replace('{agent}', site.brand.agentName);
const videoTitle = fill(site.video.title);

let browser: Browser;
let server: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
});

async function open(path: string, viewport = DESKTOP, { reducedMotion = false } = {}) {
  const { context, page } = await newPage(browser, viewport, { reducedMotion });
  const log = recordConsole(page);
  await page.goto(server.baseURL + path);
  await waitForHydration(page);
  return { context, page, log };
}

const headerTop = (page: Page) => page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().top);
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
/** Waits until the locator is shown (or, with `false`, gone). */
const shown = (locator: Locator, state = true) => expect.poll(() => locator.isVisible()).toBe(state);
/**
 * Waits until an element stands still: the same box over three animation frames in a row. Playwright checks a
 * target is stable and then clicks its centre; a drawer sliding in or a list opening under a loaded CPU can move it
 * between the two, and the tap lands beside the link.
 */
const stillInPlace = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = '';
        let same = 0;
        const frame = () => {
          const { x, y, width, height } = element.getBoundingClientRect();
          const now = `${x},${y},${width},${height}`;
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
const attribute = (locator: Locator, name: string) => expect.poll(() => locator.getAttribute(name));
const desktopNav = (page: Page) => page.getByRole('navigation', { name: site.header.navLabel });

describe('header offset under the promo banner', () => {
  it('sits 5rem (80 px) lower on the home page while the banner shows and the page is scrolled 10 px or less', async () => {
    const { context, page, log } = await open('/');
    expect(await page.getByRole('complementary', { name: site.promoBanner.regionLabel }).textContent()).toContain(site.promoBanner.text);
    expect(await headerTop(page)).toBe(80);

    await scrollTo(page, 10);
    await settle(page);
    expect(await headerTop(page)).toBe(80);

    await scrollTo(page, 11);
    await expect.poll(() => headerTop(page)).toBe(0);

    await scrollTo(page, 0);
    await expect.poll(() => headerTop(page)).toBe(80);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('follows the banner visibility event and moves up when the banner is dismissed', async () => {
    const { context, page } = await open('/');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('promo-banner-visibility', { detail: { isVisible: false } })));
    await expect.poll(() => headerTop(page)).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('promo-banner-visibility', { detail: { isVisible: true } })));
    await expect.poll(() => headerTop(page)).toBe(80);

    await page.getByRole('button', { name: site.promoBanner.dismissLabel }).click();
    await expect.poll(() => page.getByRole('complementary', { name: site.promoBanner.regionLabel }).count()).toBe(0);
    await expect.poll(() => headerTop(page)).toBe(0);

    // The dismissal is remembered: after a reload the banner goes away again on the visitor's first input (its island
    // starts then, not at load) and the header follows.
    await page.reload();
    await waitForHydration(page);
    await page.keyboard.press('Shift');
    await expect.poll(() => page.getByRole('complementary', { name: site.promoBanner.regionLabel }).count()).toBe(0);
    await expect.poll(() => headerTop(page)).toBe(0);
    await context.close();
  });

  it('stays at the top on other pages, whatever the banner event says', async () => {
    const { context, page } = await open('/story');
    expect(await page.getByRole('complementary', { name: site.promoBanner.regionLabel }).count()).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('promo-banner-visibility', { detail: { isVisible: true } })));
    await settle(page);
    expect(await headerTop(page)).toBe(0);
    await context.close();
  });
});

describe('desktop dropdown menus (1280 px)', () => {
  it('list the pages of each folder', async () => {
    const { context, page } = await open('/story');
    const expected: Record<string, string[]> = {
      Channels: ['/channels/email', '/channels/sms', '/channels/voice'],
      Solutions: [
        '/solutions/ecommerce',
        '/solutions/healthcare',
        '/solutions/financial-services',
        '/solutions/insurance',
        '/solutions/others',
      ],
      'Use Cases': [
        '/use-cases',
        ...[
          'upsell-campaigns',
          'collections',
          'win-back-campaigns',
          'cross-sell-campaigns',
          'customer-retention',
          'abandoned-cart-recovery',
          'renewal-reminders',
          'product-recommendations',
          'loyalty-engagement',
          'lead-nurturing',
        ].map((s) => `/use-cases/${s}`),
      ],
      Compare: ['marketing-automation', 'ecommerce-email', 'email-api', 'communications-api', 'ai-voice-agents', 'ai-sdr-tools'].map(
        (s) => `/compare/reachwell-vs-${s}`,
      ),
    };
    for (const [label, hrefs] of Object.entries(expected)) {
      const target = desktopNav(page).getByRole('button', { name: label });
      await target.hover();
      // Wait on the open menu itself, not on aria-expanded: Mantine mounts the dropdown a frame
      // after the button says it is expanded, and a read in between found an empty menu (a CI flake).
      const menu = page.getByRole('menu', { name: label });
      const hrefsShown = () => menu.getByRole('menuitem').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
      // Every dropdown ends with Talk to Our Team (the external scheduling page).
      await expect.poll(hrefsShown).toEqual([...hrefs, site.urls.scheduling]);
      await attribute(target, 'aria-expanded').toBe('true');
      // Use Cases starts with the library itself; the first entry is also the first focusable item.
      if (label === 'Use Cases') expect(await menu.getByRole('menuitem').first().textContent()).toBe('All Use Cases');
    }
    await context.close();
  });

  it('work after a page loaded at phone width is widened (the bar is not hydrated on phones)', async () => {
    const { context, page, log } = await open('/story', MOBILE);
    await page.setViewportSize(DESKTOP);
    await desktopNav(page).getByRole('button', { name: 'Channels' }).hover();
    await shown(page.getByRole('menuitem', { name: 'Email' }));
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('open on hover, one at a time, and close when the pointer leaves', async () => {
    const { context, page, log } = await open('/story');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Channels' }).hover();
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    await shown(page.getByRole('menuitem', { name: 'Email' }));

    for (const label of ['Solutions', 'Use Cases', 'Compare', 'Channels']) {
      await nav.getByRole('button', { name: label }).hover();
      await expect.poll(() => nav.getByRole('button', { name: label }).getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.getByRole('menu').count()).toBe(1);
      await expect.poll(() => nav.locator('button[aria-expanded="true"]').count()).toBe(1);
    }

    await page.mouse.move(640, 700, { steps: 4 });
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    // A menu opened by click does not close when the pointer leaves its button, yet gives way to the next one hovered.
    await nav.getByRole('button', { name: 'Compare' }).click();
    await expect.poll(() => nav.locator('button[aria-expanded="true"]').allTextContents()).toEqual(['Compare']);
    await nav.getByRole('button', { name: 'Channels' }).hover();
    await expect.poll(() => nav.locator('button[aria-expanded="true"]').allTextContents()).toEqual(['Channels']);
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('work by keyboard: Enter opens, arrows move, Escape closes and returns focus', async () => {
    const { context, page } = await open('/story');
    const target = desktopNav(page).getByRole('button', { name: 'Solutions' });
    await target.focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    await expect.poll(focused).toBe('E-commerce');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Healthcare');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('E-commerce');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);

    // Space opens too; Enter on a focused item follows its link.
    await page.keyboard.press('Space');
    await expect.poll(focused).toBe('E-commerce');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/solutions/healthcare');
    await context.close();
  });

  it('fade in and out, except for a visitor who asked the system to reduce motion: then they appear and go at once', async () => {
    /** The fade the open dropdown was shown with, as the browser computes it. */
    const fadeOf = async (reducedMotion: boolean) => {
      const { context, page } = await open('/story', DESKTOP, { reducedMotion });
      await desktopNav(page).getByRole('button', { name: 'Compare' }).hover();
      const menu = page.getByRole('menu', { name: 'Compare' });
      await shown(menu);
      const fade = await menu.evaluate((el) => getComputedStyle(el).transitionDuration);
      await context.close();
      return fade;
    };
    expect(await fadeOf(false)).not.toMatch(/^0m?s$/);
    expect(await fadeOf(true)).toMatch(/^0m?s$/);
  });

  it('axe finds nothing with a dropdown open', async () => {
    const { context, page } = await open('/');
    await desktopNav(page).getByRole('button', { name: 'Use Cases' }).hover();
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('Guardrails', () => {
  const guardrailsTop = (page: Page) => page.locator('#guardrails').evaluate((el) => Math.round(el.getBoundingClientRect().top));

  it('smooth-scrolls to the guardrails section on the home page', async () => {
    const { context, page } = await open('/');
    expect(await guardrailsTop(page)).toBeGreaterThan(1000);
    // Record the scroll position on every frame, to tell a smooth scroll from a jump.
    await page.evaluate(() => {
      const positions: number[] = ((window as unknown as { positions: number[] }).positions = []);
      const record = () => {
        positions.push(window.scrollY);
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await desktopNav(page).getByRole('link', { name: 'Guardrails' }).click();
    await expect.poll(() => guardrailsTop(page)).toBeLessThan(150);
    // It scrolls (not jumps): frames showed positions between the top and the section.
    const positions = await page.evaluate(() => (window as unknown as { positions: number[] }).positions);
    const final = await page.evaluate(() => window.scrollY);
    expect(positions.filter((y) => y > 0 && y < final - 10).length).toBeGreaterThan(1);
    expect(await guardrailsTop(page)).toBeGreaterThanOrEqual(0);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).hash).toBe('#guardrails');
    await context.close();
  });

  it('from another page, navigates home and then scrolls to the section', async () => {
    const { context, page, log } = await open('/story');
    await desktopNav(page).getByRole('link', { name: 'Guardrails' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => guardrailsTop(page)).toBeLessThan(150);
    expect(await guardrailsTop(page)).toBeGreaterThanOrEqual(0);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});

describe('actions', () => {
  it('link to the external app and scheduling page, opened safely', async () => {
    const { context, page } = await open('/story');
    const banner = page.getByRole('banner');
    const expectations: [string, string][] = [
      ['Sign in', site.urls.signIn],
      ['Try It For Free', site.urls.signUp],
      ['Book Demo', site.urls.scheduling],
    ];
    for (const [name, href] of expectations) {
      const link = banner.getByRole('link', { name, exact: true });
      await shown(link);
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await context.close();
  });
});

describe('How It Works video dialog', () => {
  it('loads neither the player code nor the iframe until opened, then embeds the video with autoplay and no related videos', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );
    await page.goto(`${server.baseURL}/story`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(requests.filter((u) => u.includes('youtube') || /VideoPlayer/.test(u))).toEqual([]);

    await page.getByRole('banner').getByRole('button', { name: 'How It Works' }).click();
    const dialog = page.getByRole('dialog', { name: videoTitle });
    await shown(dialog);
    const frame = dialog.locator('iframe');
    await attribute(frame, 'src').toBe(`https://www.youtube-nocookie.com/embed/${site.video.youtubeId}?autoplay=1&rel=0`);
    await attribute(frame, 'title').toBe(videoTitle);
    expect(requests.some((u) => /VideoPlayer-[\w-]+\.js$/.test(u))).toBe(true);
    await expect.poll(() => requests.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);

    expect(await axeViolations(page)).toEqual([]);

    // Closing stops the player: the iframe goes away with the dialog.
    await page.getByRole('button', { name: site.video.closeLabel }).click();
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    await context.close();
  });
});

describe('mobile menu (375 px)', () => {
  it('replaces the desktop bar with a burger that opens a full-screen menu', async () => {
    const { context, page, log } = await open('/story', MOBILE);
    await shown(desktopNav(page), false);
    const burger = page.getByRole('button', { name: site.header.openMenuLabel });
    await shown(burger);
    await burger.click();
    const menu = page.getByRole('dialog', { name: site.header.menuTitle });
    await shown(menu);
    // Full screen, once it has slid in.
    await expect
      .poll(async () => {
        const box = (await menu.boundingBox())!;
        return [box.x, box.y, box.width, box.height].map(Math.round);
      })
      .toEqual([0, 0, MOBILE.width, MOBILE.height]);
    for (const name of ['Sign in', 'Try It For Free', 'Book Demo', 'Talk to Our Team']) {
      await shown(menu.getByRole('link', { name, exact: true }));
    }
    await shown(menu.getByRole('button', { name: 'How It Works' }));
    await menu.getByRole('button', { name: 'Compare' }).click();
    await expect.poll(() => menu.getByRole('link', { name: /vs/ }).count()).toBe(6);

    expect(await axeViolations(page)).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('closes when a link is clicked, and the link navigates', async () => {
    const { context, page } = await open('/story', MOBILE);
    await page.getByRole('button', { name: site.header.openMenuLabel }).click();
    const menu = page.getByRole('dialog', { name: site.header.menuTitle });
    await menu.getByRole('button', { name: 'Channels' }).click();
    const voice = menu.getByRole('link', { name: 'Voice' });
    await shown(voice);
    await stillInPlace(voice);
    await voice.click();
    // Waits for the navigation to commit, not for the new page's load event: under a load average of 10 the URL was
    // still /story after a 10 s poll, and in a later loaded CI run waitForURL's default wait for 'load' ran out at 30 s.
    // The link is clicked once it is shown and stands still (the drawer slides in, the channels open below their
    // button), as a visitor taps what they see: a CI run under load clicked it mid-animation and never navigated.
    await page.waitForURL((url) => url.pathname === '/channels/voice', { waitUntil: 'commit' });
    await shown(page.getByRole('dialog', { name: site.header.menuTitle }), false);
    await context.close();
  });

  it('takes Guardrails home and scrolls there, closing the menu', async () => {
    const { context, page } = await open('/story', MOBILE);
    await page.getByRole('button', { name: site.header.openMenuLabel }).click();
    const menu = page.getByRole('dialog', { name: site.header.menuTitle });
    await menu.getByRole('link', { name: 'Guardrails' }).click();
    await shown(menu, false);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.locator('#guardrails').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(150);
    await context.close();
  });

  it('offers the video dialog too', async () => {
    const { context, page } = await open('/story', MOBILE);
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }));
    await page.getByRole('button', { name: site.header.openMenuLabel }).click();
    await page.getByRole('dialog', { name: site.header.menuTitle }).getByRole('button', { name: 'How It Works' }).click();
    const dialog = page.getByRole('dialog', { name: videoTitle });
    await attribute(dialog.locator('iframe'), 'src').toMatch(/youtube-nocookie\.com\/embed\/.+autoplay=1&rel=0/);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
