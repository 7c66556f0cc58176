/**
 * The email chat form in every placement that exists (footer, home chat drawer,
 * exit dialog), in Chromium against the real lead server and a real SQLite file:
 * success, server 500, network failure (once), double submit, 'Starting...'; plus the
 * chat drawer, the phone contact and the toast region.
 */
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelay } from '../../src/leads/query-client';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  recordConsole,
  settle,
  waitForHydration,
} from '../../test-support/browser';
import { startSiteWithLeadFile } from './stored-leads';

const ROOT = join(import.meta.dirname, '..', '..');
const site = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_site.json'), 'utf8'));
const fill = (text: string) => text.replace('{product}', site.brand.productName).replace('{agent}', site.brand.agentName);
const ENDPOINT = '/functions/v1/submit-email';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let browser: Browser;
let server: Awaited<ReturnType<typeof startSiteWithLeadFile>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSiteWithLeadFile()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const storedLead = (email: string) => server.storedLead(email);

interface Placement {
  name: string;
  placement: string;
  path: string;
  viewport: { width: number; height: number };
  texts: (typeof site.chatForms)['chat'];
  /** Whether a successful submission closes the container. */
  closes: boolean;
  /** Makes the form visible; returns the element that contains it. */
  open: (page: Page) => Promise<Locator>;
}

const footer = (viewport: typeof DESKTOP, name: string): Placement => ({
  name,
  placement: 'footer',
  path: '/story',
  viewport,
  texts: site.chatForms.subscribe,
  closes: false,
  open: async (page) => {
    const container = page.locator('footer');
    await container.scrollIntoViewIfNeeded();
    return container;
  },
});

const homeWidget = (viewport: typeof DESKTOP, name: string): Placement => ({
  name,
  placement: 'home-widget',
  path: '/',
  viewport,
  texts: site.chatForms.chat,
  closes: true,
  open: async (page) => {
    // On mobile the button shows once the page is scrolled past 200 px.
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await page.getByRole('button', { name: site.header.tryItNow.labels[0] }).click();
    const drawer = page.getByRole('dialog', { name: fill(site.header.tryItNow.panelHeading) });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    return drawer;
  },
});

const exitDialog: Placement = {
  name: 'exit dialog',
  placement: 'exit-dialog',
  path: '/',
  viewport: DESKTOP,
  texts: site.chatForms.subscribe,
  closes: true,
  open: async (page) => {
    await page.clock.fastForward(600_000);
    const dialog = page.getByRole('dialog', { name: fill(site.exitDialog.title) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    return dialog;
  },
};

const PLACEMENTS: Placement[] = [
  footer(DESKTOP, 'footer (desktop)'),
  footer(MOBILE, 'footer (mobile)'),
  homeWidget(DESKTOP, 'home chat drawer (desktop)'),
  homeWidget(MOBILE, 'home chat drawer (mobile)'),
  exitDialog,
];

/** Opens the page on a fake clock that runs in real time until a test jumps it forward. */
async function openPage(path: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser, viewport);
  const log = recordConsole(page);
  await page.clock.install();
  const leadRequests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === ENDPOINT) leadRequests.push(request);
  });
  await page.goto(server.baseURL + path);
  await waitForHydration(page);
  return { context, page, log, leadRequests };
}

const toast = (page: Page) => page.getByRole('alert');
const visible = (locator: Locator, state = true) => expect.poll(() => locator.isVisible()).toBe(state);

async function expectToast(page: Page, title: string, message: string) {
  await visible(toast(page).filter({ hasText: title }));
  await expect.poll(() => toast(page).count()).toBe(1);
  expect(await toast(page).innerText()).toContain(message);
}

function form(container: Locator, texts: Placement['texts']) {
  return {
    input: container.getByRole('textbox', { name: texts.inputLabel }),
    submit: container.locator('button[type="submit"]'),
  };
}

/**
 * Jumps the clock over each retry delay as the failed attempts come in: 1 + 3 retries, spec section 7.
 * The form shows how many attempts failed once the next retry is scheduled: only then is the jump due.
 */
async function driveRetries(page: Page, requests: Request[]) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect.poll(() => requests.length).toBe(attempt);
    await expect.poll(() => page.locator(`form[data-failures="${attempt}"]`).count()).toBe(1);
    await page.clock.fastForward(retryDelay(attempt - 1));
  }
  await expect.poll(() => requests.length).toBe(4);
}

describe.each(PLACEMENTS)('chat form in the $name', (placement) => {
  const { texts } = placement;

  it('success: sends one JSON request with an Idempotency-Key, page, placement and language; toast; email cleared; panel closed; lead stored', async () => {
    const { context, page, log, leadRequests } = await openPage(placement.path, placement.viewport);
    const container = await placement.open(page);
    const { input, submit } = form(container, texts);
    const email = `Success.${placement.placement}.${placement.viewport.width}@example.com`;
    expect(await submit.isDisabled()).toBe(true);
    await input.fill(email);
    expect(await input.getAttribute('type')).toBe('email');
    expect(await input.getAttribute('placeholder')).toBe(texts.placeholder);
    await submit.click();

    await expectToast(page, texts.successTitle, fill(texts.successMessage));
    expect(leadRequests).toHaveLength(1);
    const request = leadRequests[0];
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.headers()['idempotency-key']).toMatch(UUID);
    expect(request.postDataJSON()).toEqual({ email, page: placement.path, placement: placement.placement, locale: 'en' });

    // A closing panel unmounts its form; a form that stays on screen must be empty again.
    if (placement.closes) await visible(container, false);
    else expect(await input.inputValue()).toBe('');

    expect(storedLead(email)).toMatchObject({
      email,
      first_placement: placement.placement,
      first_page: placement.path,
      first_locale: 'en',
      submission_count: 1,
    });
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('server 500: retried 3 times with the same key, then the error toast; email kept; panel open', async () => {
    const { context, page, leadRequests } = await openPage(placement.path, placement.viewport);
    await page.route(`**${ENDPOINT}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal_error","message":"x"}}' }),
    );
    const container = await placement.open(page);
    const { input, submit } = form(container, texts);
    await input.fill('server.error@example.com');
    await submit.click();
    await driveRetries(page, leadRequests);

    await expectToast(page, texts.errorTitle, texts.errorMessage);
    expect(new Set(leadRequests.map((r) => r.headers()['idempotency-key'])).size).toBe(1);
    expect(await container.isVisible()).toBe(true);
    expect(await input.inputValue()).toBe('server.error@example.com');
    await expect.poll(() => submit.innerText()).toBe(texts.submitLabel);
    await context.close();
  });

  it("double click and Enter while sending send one request; 'Starting...' and disabled while in flight", async () => {
    const { context, page, leadRequests } = await openPage(placement.path, placement.viewport);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${ENDPOINT}`, async (route) => {
      await held;
      await route.continue();
    });
    const container = await placement.open(page);
    const { input, submit } = form(container, texts);
    const email = `double.${placement.placement}.${placement.viewport.width}@example.com`;
    await input.fill(email);
    await submit.dblclick();
    await expect.poll(() => submit.innerText()).toBe(texts.sendingLabel);
    expect(await submit.isDisabled()).toBe(true);
    await input.press('Enter');

    release();
    await expectToast(page, texts.successTitle, fill(texts.successMessage));
    expect(leadRequests).toHaveLength(1);
    expect(storedLead(email)).toMatchObject({ submission_count: 1 });
    await context.close();
  });
});

// A lost connection fails the same shared request as a server 500 (tested in every placement above), before any
// placement-specific code: once is enough.
describe('chat form when the network fails', () => {
  const placement = PLACEMENTS[0];
  const { texts } = placement;

  it(`in the ${placement.name}: the error toast after the retries; email kept; panel open`, async () => {
    const { context, page, leadRequests } = await openPage(placement.path, placement.viewport);
    await page.route(`**${ENDPOINT}`, (route) => route.abort('failed'));
    const container = await placement.open(page);
    const { input, submit } = form(container, texts);
    await input.fill('offline@example.com');
    await submit.click();
    await driveRetries(page, leadRequests);

    await expectToast(page, texts.errorTitle, texts.errorMessage);
    expect(await container.isVisible()).toBe(true);
    expect(await input.inputValue()).toBe('offline@example.com');
    expect(storedLead('offline@example.com')).toBeUndefined();
    await context.close();
  });
});

/**
 * Proves that nothing was sent before: submits a valid address and expects its request to be the
 * only one (requests leave in order, so an earlier one would have come first).
 */
async function expectOnlySentinelSent(page: Page, requests: Request[], input: Locator, submit: Locator) {
  await input.fill('sentinel@example.com');
  await submit.click();
  await visible(toast(page));
  expect(requests.map((request) => request.postDataJSON().email)).toEqual(['sentinel@example.com']);
}

describe('email rule in the browser', () => {
  it('keeps the submit button disabled while the email is empty, and Enter on it sends nothing', async () => {
    const { context, page, leadRequests } = await openPage('/story');
    const { input, submit } = form(page.locator('footer'), site.chatForms.subscribe);
    expect(await submit.isDisabled()).toBe(true);
    await input.press('Enter');
    await expectOnlySentinelSent(page, leadRequests, input, submit);
    await context.close();
  });

  it('refuses, before sending, what the server would refuse: a 65-character local part, no domain dot', async () => {
    const { context, page, leadRequests } = await openPage('/story');
    const { input, submit } = form(page.locator('footer'), site.chatForms.subscribe);
    await input.fill(`${'a'.repeat(65)}@example.com`);
    await submit.click();
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toMatch(/before the @ has at most 64/);
    await input.fill('ann@localhost');
    await submit.click();
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toMatch(/needs a dot/);
    await input.fill('not an email');
    await submit.click();
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    await expectOnlySentinelSent(page, leadRequests, input, submit);
    await context.close();
  });
});

describe('email errors in the page language', () => {
  const translated = (code: string) => {
    const entries = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_translations', code, '_site.json'), 'utf8')) as Record<
      string,
      { text: string }
    >;
    return (key: string) => entries[key].text;
  };

  it.each(['es', 'de'])('/%s/: the form says what is wrong in the page language, typed key by key', async (code) => {
    const text = translated(code);
    const { context, page, leadRequests } = await openPage(`/${code}/story`, MOBILE);
    const container = page.locator('footer');
    await container.scrollIntoViewIfNeeded();
    const input = container.getByRole('textbox', { name: text('chatForms.subscribe.inputLabel') });
    const submit = container.locator('button[type="submit"]');
    await input.pressSequentially('ann@localhost');
    await submit.click();
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(text('chatForms.emailErrors.domainIncomplete'));
    await input.fill(`${'a'.repeat(65)}@example.com`);
    await submit.click();
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(text('chatForms.emailErrors.localPartTooLong'));
    await input.fill('not an email');
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(text('chatForms.emailErrors.invalid'));
    expect(leadRequests).toEqual([]);
    await context.close();
  });
});

describe('chat drawer', () => {
  const heading = fill(site.header.tryItNow.panelHeading);

  it('is 450 px wide from the right on desktop, with heading, availability, phone and a round labelled close button', async () => {
    const { context, page, log } = await openPage('/');
    const drawer = await homeWidget(DESKTOP, '').open(page);
    // The email field has focus as soon as it opens on desktop.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    const content = page.locator('.mantine-Drawer-content');
    // Once it has slid in: 450 px wide, against the right edge.
    await expect
      .poll(async () => {
        const box = await content.boundingBox();
        return box && [Math.round(box.width), Math.round(box.x + box.width)];
      })
      .toEqual([450, DESKTOP.width]);
    expect(await drawer.getByRole('heading', { level: 2 }).innerText()).toBe(heading);
    expect(heading).toBe(`Chat with our ${site.brand.agentName}`);
    await visible(drawer.getByText(site.header.tryItNow.availability));
    await visible(drawer.getByRole('heading', { name: site.chatForms.phone.heading }));
    await visible(drawer.getByText(site.contact.phoneDisplay));
    await visible(drawer.getByRole('button', { name: site.chatForms.phone.copyLabel }));
    expect(await drawer.getByRole('link', { name: site.chatForms.phone.callLabel }).isVisible()).toBe(false);

    expect(await axeViolations(page, '.mantine-Drawer-content')).toEqual([]);

    const close = drawer.getByRole('button', { name: site.header.tryItNow.closeLabel });
    const radius = await close.evaluate((el) => getComputedStyle(el).borderRadius);
    expect(parseFloat(radius)).toBeGreaterThanOrEqual((await close.boundingBox())!.width / 2 - 1);
    await close.click();
    await visible(drawer, false);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('takes the full width on mobile, with Call and Text links instead of the copy button', async () => {
    const { context, page } = await openPage('/', MOBILE);
    const drawer = await homeWidget(MOBILE, '').open(page);
    await expect.poll(async () => (await page.locator('.mantine-Drawer-content').boundingBox())?.width).toBe(MOBILE.width);
    const call = drawer.getByRole('link', { name: site.chatForms.phone.callLabel });
    const text = drawer.getByRole('link', { name: site.chatForms.phone.textLabel });
    expect(await call.getAttribute('href')).toBe(`tel:${site.contact.phoneE164}`);
    expect(await text.getAttribute('href')).toBe(`sms:${site.contact.phoneE164}`);
    await visible(call);
    expect(await drawer.getByRole('button', { name: site.chatForms.phone.copyLabel }).isVisible()).toBe(false);
    // The drawer's own close (Escape) closes it too.
    await page.keyboard.press('Escape');
    await visible(drawer, false);
    await context.close();
  });
});

describe('footer phone contact', () => {
  it("toggles with 'Call or Text Instead' / 'Hide phone contact' and copies the number with a toast on desktop", async () => {
    const { context, page } = await openPage('/story');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    const foot = page.locator('footer');
    await visible(foot.getByRole('heading', { name: site.footer.formHeading }));
    const toggle = foot.getByRole('button', { name: site.footer.phoneShowLabel });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await foot.getByText(site.contact.phoneDisplay).isVisible()).toBe(false);
    await toggle.click();
    const hide = foot.getByRole('button', { name: site.footer.phoneHideLabel });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await visible(foot.getByText(site.contact.phoneDisplay));

    await foot.getByRole('button', { name: site.chatForms.phone.copyLabel }).click();
    await expectToast(page, site.toasts.copiedTitle, site.toasts.copiedMessage);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(site.contact.phoneDisplay);

    expect(await axeViolations(page, 'footer')).toEqual([]);

    await hide.click();
    await visible(foot.getByText(site.contact.phoneDisplay), false);
    await visible(foot.getByRole('button', { name: site.footer.phoneShowLabel }));
    await context.close();
  });

  it('offers tel: and sms: links on mobile', async () => {
    const { context, page } = await openPage('/story', MOBILE);
    const foot = page.locator('footer');
    await foot.getByRole('button', { name: site.footer.phoneShowLabel }).click();
    await visible(foot.getByRole('link', { name: site.chatForms.phone.callLabel }));
    expect(await foot.getByRole('link', { name: site.chatForms.phone.callLabel }).getAttribute('href')).toBe(
      `tel:${site.contact.phoneE164}`,
    );
    expect(await foot.getByRole('link', { name: site.chatForms.phone.textLabel }).getAttribute('href')).toBe(
      `sms:${site.contact.phoneE164}`,
    );
    expect(await foot.getByRole('button', { name: site.chatForms.phone.copyLabel }).isVisible()).toBe(false);
    await context.close();
  });
});

/** The toast is on screen and not closing: two frames after a clock jump, a closing toast would be fading out. */
async function expectToastStaying(page: Page) {
  await settle(page);
  expect(await toast(page).isVisible()).toBe(true);
  expect(await toast(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

describe('toasts', () => {
  /**
   * Copies the phone number, which shows the 'copied' toast. With `pauseClock` the fake clock stands still from
   * before the click, so the toast's 5000 ms count only the time a test moves it: on a loaded machine, seconds of
   * real time could pass between the toast appearing and the test's first jump.
   */
  async function copiedToast({ pauseClock = false } = {}) {
    const opened = await openPage('/story');
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    const foot = opened.page.locator('footer');
    await foot.getByRole('button', { name: site.footer.phoneShowLabel }).click();
    const copy = foot.getByRole('button', { name: site.chatForms.phone.copyLabel });
    if (pauseClock) {
      await opened.page.clock.pauseAt(await opened.page.evaluate(() => Date.now() + 1000));
      await copy.click();
      // Waking the toast island takes timers: move the clock a frame at a time until the toast shows.
      await expect.poll(async () => (await opened.page.clock.runFor(16), toast(opened.page).isVisible())).toBe(true);
      return { ...opened, copy };
    }
    await copy.click();
    await visible(toast(opened.page));
    return { ...opened, copy };
  }

  it('appear bottom right with a close button labelled from the configuration, and close with it', async () => {
    const { context, page } = await copiedToast();
    const box = (await toast(page).boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 60);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 60);
    await toast(page).getByRole('button', { name: site.toasts.closeLabel }).click();
    await visible(toast(page), false);
    await context.close();
  });

  it('show one at a time: a new toast replaces the one shown', async () => {
    const { context, page, copy } = await copiedToast();
    const { input, submit } = form(page.locator('footer'), site.chatForms.subscribe);
    await input.fill('one.at.a.time@example.com');
    await submit.click();
    await visible(toast(page).filter({ hasText: site.chatForms.subscribe.successTitle }));
    await expect.poll(() => toast(page).count()).toBe(1);
    await copy.click();
    await visible(toast(page).filter({ hasText: site.toasts.copiedTitle }));
    await expect.poll(() => toast(page).count()).toBe(1);
    await context.close();
  });

  it('close after 5000 ms', async () => {
    const { context, page } = await copiedToast({ pauseClock: true });
    await page.clock.runFor(4500); // runs every timer and frame due, the toast's entry transition included
    await expect.poll(() => toast(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.clock.runFor(600); // past 5000 ms the toast fades out, and its exit transition's timer is due later
    await expect.poll(() => toast(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await page.clock.runFor(1000);
    await visible(toast(page), false);
    await context.close();
  });

  it('pause while hovered', async () => {
    const { context, page } = await copiedToast();
    await toast(page).hover();
    await page.clock.fastForward(6000);
    await expectToastStaying(page);
    await page.mouse.move(10, 10);
    await settle(page); // the pointer has left: the timer starts again
    await page.clock.fastForward(5100);
    await visible(toast(page), false);
    await context.close();
  });

  it("pause while the region has focus; Alt+T focuses the region labelled 'Notifications'", async () => {
    const { context, page } = await copiedToast();
    await page.keyboard.press('Alt+t');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(site.toasts.regionLabel);
    expect(await page.getByRole('region', { name: site.toasts.regionLabel }).count()).toBe(1);
    await page.clock.fastForward(6000);
    await expectToastStaying(page);
    await page.locator('footer').getByRole('heading', { name: site.footer.formHeading }).click();
    await expect.poll(() => page.getByRole('region', { name: site.toasts.regionLabel }).getAttribute('data-paused')).toBeNull();
    await page.clock.fastForward(5100);
    await visible(toast(page), false);
    await context.close();
  });

  it('pause while the page is hidden', async () => {
    const { context, page } = await copiedToast();
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    // The region says when the toast timer is paused: move the fake clock only once React has caught up.
    const region = page.getByRole('region', { name: site.toasts.regionLabel });
    const paused = (state: boolean) => expect.poll(() => region.getAttribute('data-paused')).toBe(state ? 'true' : null);
    await setVisibility('hidden');
    await paused(true);
    await settle(page); // React has run the effects that follow the paused render
    await page.clock.fastForward(6000);
    await expectToastStaying(page);
    await setVisibility('visible');
    await paused(false);
    await settle(page);
    await page.clock.fastForward(5100);
    await visible(toast(page), false);
    await context.close();
  });
});
