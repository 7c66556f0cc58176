/**
 * The home page's interactive chrome in Chromium at 1280 px and 375 px: the
 * floating 'Try It Now' button (visibility rule, label rotation, the chat
 * drawer it opens) and the timed exit dialog, with fake clocks for the timers.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSiteDataModule, siteDataModule } from '../../src/engine/model/site-data';
import { isHydrated } from './desktop-nav';
import {
  axeViolations,
  DESKTOP,
  MOBILE,
  newContext,
  newPage,
  recordConsole,
  settle,
  startSite,
  useBrowserAndSite,
  waitForHydration,
  waitForIsland,
} from '../../test-support/browser';

const ROOT = join(import.meta.dirname, '..', '..');
const site = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_site.json'), 'utf8'));
const fill = (text: string) => text.replace('{product}', site.brand.productName).replace('{agent}', site.brand.agentName);
const labels: string[] = site.header.tryItNow.labels;
const drawerName = fill(site.header.tryItNow.panelHeading);
const exitTitle = fill(site.exitDialog.title);
const emailLabel = site.chatForms.chat.inputLabel;
const EXIT_DELAY_MS = 600_000;

let browser: Browser;
let server: Awaited<ReturnType<typeof startSite>>;

useBrowserAndSite((b, s) => {
  browser = b;
  server = s;
});

const tryItNow = (page: Page) => page.getByRole('button', { name: labels[0] });
const shown = (locator: Locator, state = true) => expect.poll(() => locator.isVisible()).toBe(state);
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

/** Answers the lead endpoint in the browser, so these tests do not depend on the lead server's storage. */
async function answerLeads(page: Page, status = 200) {
  const posted: unknown[] = [];
  await page.route('**/functions/v1/submit-email', async (route) => {
    posted.push(route.request().postDataJSON());
    await route.fulfill({ status, contentType: 'application/json', body: '{}' });
  });
  return posted;
}

async function openHome(viewport = DESKTOP) {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await page.goto(`${server.baseURL}/`);
  await waitForHydration(page);
  return { context, page, log };
}

/** The visitor's first input (a key anywhere): the home page's 'first-input' islands start; waits until Try It Now is live. */
async function startIslands(page: Page) {
  await page.keyboard.press('Shift');
  await waitForIsland(page, 'FloatingChat');
}

/** Lets React's scheduler (a MessageChannel task, which the fake clock does not hold) run the effects of what it just drew. */
const settleReact = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

/**
 * Opens the home page with a paused fake clock, so the exit-dialog timer starts at a
 * known instant; `advance` moves time on and lets transitions and toasts run.
 */
async function openHomeOnFakeClock(viewport = DESKTOP, context?: BrowserContext) {
  const ctx = context ?? (await newContext(browser, viewport));
  const page = await ctx.newPage();
  const log = recordConsole(page);
  await page.clock.install({ time: new Date('2025-06-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2025-06-02T09:00:01Z'));
  await page.goto(`${server.baseURL}/`);
  await waitForHydration(page);
  const advance = (ms: number) => page.clock.runFor(ms);
  return { context: ctx, page, log, advance };
}

describe("'Try It Now' button", () => {
  it('is always visible on desktop, at the top and further down', async () => {
    const { context, page, log } = await openHome(DESKTOP);
    await shown(tryItNow(page));
    const box = (await tryItNow(page).boundingBox())!;
    // Fixed at the bottom right.
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 60);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 60);
    await scrollTo(page, 150);
    await settle(page);
    expect(await tryItNow(page).isVisible()).toBe(true);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('on mobile appears only after scrolling more than 200 px, and hides again at the top', async () => {
    const { context, page } = await openHome(MOBILE);
    await shown(tryItNow(page), false);
    await scrollTo(page, 200);
    await settle(page);
    expect(await tryItNow(page).isVisible()).toBe(false);
    await scrollTo(page, 201);
    await shown(tryItNow(page));
    await scrollTo(page, 0);
    await shown(tryItNow(page), false);
    await context.close();
  });

  it('on mobile re-evaluates on history navigation, page show and tab visibility, not only on scroll', async () => {
    const { context, page } = await openHome(MOBILE);
    await startIslands(page); // before scroll events are swallowed: the first scroll would start the button
    // Swallow scroll events, so only the other triggers can reveal the change.
    await page.evaluate(() => window.addEventListener('scroll', (e) => e.stopImmediatePropagation(), { capture: true }));
    await scrollTo(page, 400);
    await settle(page);
    expect(await tryItNow(page).isVisible()).toBe(false);

    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await shown(tryItNow(page));

    await scrollTo(page, 0);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await shown(tryItNow(page), false);

    await scrollTo(page, 400);
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state })));
    await shown(tryItNow(page));
    await context.close();
  });

  it('rotates its label every 2 seconds through the configured list, from load, with no input from the visitor', async () => {
    // The configured list has one label today; serve site data with a two-label list to watch it rotate, and the page
    // as the build renders it for such a list (the button marked as rotating, so its island starts at load).
    const rotation = [labels[0], 'Chat with an agent'];
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.route(`${server.baseURL}/`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(data-island="FloatingChat"[^>]*>\s*<button)/, '$1 data-label-rotates="true"');
      await route.fulfill({ response, body });
    });
    let replaced = 0;
    await page.route('**/assets/site-data-*.js', async (route) => {
      const response = await route.fetch();
      const data = parseSiteDataModule(await response.text());
      data.config.header.tryItNow.labels = rotation;
      replaced += 1;
      await route.fulfill({ response, body: siteDataModule(data) });
    });
    await page.clock.install({ time: new Date('2025-06-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2025-06-02T09:00:01Z'));
    await page.goto(`${server.baseURL}/`);
    await waitForIsland(page, 'FloatingChat');
    expect(replaced, "the page's site data module was served").toBe(1);

    const label = () => page.getByRole('button', { name: new RegExp(`^(${rotation.join('|')})$`) }).textContent();
    expect(await label()).toBe(rotation[0]);
    await page.clock.runFor(1_999);
    expect(await label()).toBe(rotation[0]);
    await page.clock.runFor(1);
    await expect.poll(label).toBe(rotation[1]);
    await page.clock.runFor(2_000);
    await expect.poll(label).toBe(rotation[0]);
    await context.close();
  });

  it('keeps the configured one-item label steady', async () => {
    const { context, page, advance } = await openHomeOnFakeClock(DESKTOP);
    await startIslands(page);
    expect(await tryItNow(page).textContent()).toBe(labels[0]);
    await advance(6_000);
    expect(await tryItNow(page).textContent()).toBe(labels[0]);
    await context.close();
  });

  it('opens the chat drawer from the right, and axe finds nothing with it open', async () => {
    const { context, page, log } = await openHome(DESKTOP);
    await tryItNow(page).click();
    const drawer = page.getByRole('dialog', { name: drawerName });
    await shown(drawer);
    expect(await drawer.textContent()).toContain(site.header.tryItNow.availability);
    expect(await drawer.textContent()).toContain(site.contact.phoneDisplay);
    // Docked to the right edge once it has slid in.
    await expect
      .poll(async () => {
        const box = (await drawer.boundingBox())!;
        return Math.round(box.x + box.width);
      })
      .toBe(DESKTOP.width);
    expect(await page.locator('form[data-placement="home-widget"]').count()).toBe(1);
    expect(await tryItNow(page).getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('on mobile, focuses the email field 50 + 300 ms after the drawer opens, and offers Call and Text links', async () => {
    const { context, page, advance } = await openHomeOnFakeClock(MOBILE);
    await scrollTo(page, 400);
    await advance(500);
    await shown(tryItNow(page));
    // Pointing at the button fetches the drawer's code, so the click opens it at once.
    const drawerCode = page.waitForResponse((response) => /\/ChatDrawer-[\w-]+\.js$/.test(response.url()));
    await tryItNow(page).hover();
    await drawerCode;
    await tryItNow(page).click();
    const drawer = page.getByRole('dialog', { name: drawerName });
    const email = drawer.getByRole('textbox', { name: emailLabel });
    const emailFocused = () => email.evaluate((el) => el === document.activeElement);
    // The drawer opens when it is drawn: on a loaded machine its code can still be evaluating when the click lands,
    // and React then reveals it on a timer of its own (the fake clock's). So time runs in small steps until the drawer
    // is in the page (hidden or not: a CSS locator), and its 350 ms count from there.
    const drawn = page.locator('[role="dialog"] input[type="email"]');
    for (let step = 0; !(await drawn.count()); step++) {
      expect(step, 'the drawer is drawn within 2 s of (fake) time').toBeLessThan(100);
      await advance(20);
    }
    await settleReact(page);
    await advance(300);
    expect(await emailFocused()).toBe(false);
    await advance(50);
    await expect.poll(emailFocused).toBe(true);
    const tel = `tel:${site.contact.phoneE164}`;
    const sms = `sms:${site.contact.phoneE164}`;
    expect(await drawer.locator(`a[href="${tel}"]`).isVisible()).toBe(true);
    expect(await drawer.locator(`a[href="${sms}"]`).isVisible()).toBe(true);
    await context.close();
  });
});

describe('exit dialog', () => {
  const exitDialog = (page: Page) => page.getByRole('dialog', { name: exitTitle });

  it('opens 600,000 ms after load, not before, and only once', async () => {
    const { context, page, log, advance } = await openHomeOnFakeClock(DESKTOP);
    expect(await isHydrated(page, 'ExitDialog')).toBe(false); // no React at load for a timer
    await page.clock.fastForward(EXIT_DELAY_MS - 1);
    await advance(0);
    // Its island has started shortly before, so the dialog opens on time, not after React's start-up.
    await waitForIsland(page, 'ExitDialog');
    expect(await exitDialog(page).count()).toBe(0);
    await page.clock.fastForward(1);
    await advance(500);
    await shown(exitDialog(page));
    expect(await exitDialog(page).textContent()).toContain(fill(site.exitDialog.description));
    await page.clock.resume(); // axe waits on timers of its own
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: site.exitDialog.closeLabel }).click();
    await advance(500);
    await shown(exitDialog(page), false);
    expect(log.errors).toEqual([]);

    // A later visit in the same browser: it was shown before, so it stays away.
    const again = await openHomeOnFakeClock(DESKTOP, context);
    await again.page.clock.fastForward(EXIT_DELAY_MS * 2);
    await again.advance(500);
    expect(await exitDialog(again.page).count()).toBe(0);
    await context.close();
  });

  it('stays away while another dialog is open (the chat drawer)', async () => {
    const { context, page, advance } = await openHomeOnFakeClock(DESKTOP);
    await tryItNow(page).click();
    // The click started the button's island (held, then done again once live): its code runs in real time, the paused
    // clock then runs the drawer's transition.
    await waitForIsland(page, 'FloatingChat');
    await advance(500);
    await shown(page.getByRole('dialog', { name: drawerName }));
    await page.clock.fastForward(EXIT_DELAY_MS);
    await advance(500);
    expect(await exitDialog(page).count()).toBe(0);
    await context.close();
  });

  it('stays away once the visitor has submitted an email, in this visit or an earlier one', async () => {
    const { context, page, advance } = await openHomeOnFakeClock(DESKTOP);
    const posted = await answerLeads(page);
    await tryItNow(page).click();
    // The click started the button's island (held, then done again once live): its code runs in real time, the paused
    // clock then runs the drawer's transition.
    await waitForIsland(page, 'FloatingChat');
    await advance(500);
    const drawer = page.getByRole('dialog', { name: drawerName });
    await drawer.getByRole('textbox', { name: emailLabel }).fill('visitor@example.com');
    await drawer.getByRole('button', { name: site.chatForms.chat.submitLabel }).click();
    await expect
      .poll(async () => {
        await advance(100);
        return drawer.isVisible();
      })
      .toBe(false);
    expect(posted).toHaveLength(1);

    await page.clock.fastForward(EXIT_DELAY_MS);
    await advance(500);
    expect(await exitDialog(page).count()).toBe(0);

    const later = await openHomeOnFakeClock(DESKTOP, context);
    await later.page.clock.fastForward(EXIT_DELAY_MS);
    await later.advance(500);
    expect(await exitDialog(later.page).count()).toBe(0);
    await context.close();
  });

  it('closes after a successful submission (375 px)', async () => {
    const { context, page, advance } = await openHomeOnFakeClock(MOBILE);
    const posted = await answerLeads(page);
    await page.clock.fastForward(EXIT_DELAY_MS);
    // The paused clock jumped past the island's start and the dialog's time at once: its code runs now, in real time.
    await waitForIsland(page, 'ExitDialog');
    await advance(500);
    const dialog = exitDialog(page);
    await shown(dialog);
    await page.clock.resume(); // axe waits on timers of its own
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: site.chatForms.subscribe.inputLabel }).fill('visitor@example.com');
    // Watched from the press on: the toast's code loads with it, and the clock now runs, so it also leaves.
    const toastShown = page.getByText(site.chatForms.subscribe.successTitle).waitFor();
    await dialog.getByRole('button', { name: site.chatForms.subscribe.submitLabel }).click();
    await expect
      .poll(async () => {
        await advance(100);
        return dialog.isVisible();
      })
      .toBe(false);
    expect(posted).toMatchObject([{ email: 'visitor@example.com', placement: 'exit-dialog' }]);
    await toastShown;
    await context.close();
  });
});
