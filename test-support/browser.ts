/**
 * Browser-test harness: Debian's Chromium headless shell driven by playwright-core, against
 * the built site served by the real server on 127.0.0.1.
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Locator, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServer } from '../server/app';

/** The full browser, for Lighthouse (bench/lighthouse.ts) and the library benchmark. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The tests' browser: Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs
 * headless), the same Blink, V8 and network stack without the full browser's user interface. The browser tests
 * used 38 % less CPU with it (719 s against 1153 s for the browser project, idle), and on 2 loaded cores CPU is
 * their limit. CHROMIUM_PATH, when set, is used for both.
 */
const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DIST_DIR = process.env.DIST_DIR ?? join(import.meta.dirname, '..', 'dist');

/**
 * How long a page waits for a state (playwright's default for every wait, click and navigation): 30 s, playwright's
 * own, was a timing assertion on a loaded machine (a dev editor's Spanish preview took longer at load 36, CI with
 * six other jobs). Still well inside the browser project's test deadline, so a state that never comes fails the
 * test naming the wait.
 */
export const STATE_WAIT_MS = 90_000;

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS });
}

/** Starts the real site server on a free loopback port. */
export async function startSite(options: Partial<Parameters<typeof createServer>[0]> = {}) {
  const app = await createServer({ distDir: DIST_DIR, ...options });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseURL: address, close: () => app.close() };
}

export interface ConsoleLog {
  errors: string[];
  warnings: string[];
  all: string[];
}

/** Records console output and page errors, so tests can assert there were none (hydration warnings included). */
export function recordConsole(page: Page): ConsoleLog {
  const log: ConsoleLog = { errors: [], warnings: [], all: [] };
  page.on('console', (msg: ConsoleMessage) => {
    const text = msg.text();
    log.all.push(text);
    if (msg.type() === 'error') log.errors.push(text);
    if (msg.type() === 'warning') log.warnings.push(text);
  });
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  return log;
}

/** Runs before the page's own scripts; a document may not have its root element yet (then: once parsing has begun). */
const RENDER_ALL_SECTIONS = `{
  const renderAll = () => document.documentElement?.setAttribute('data-render-all', '');
  if (document.documentElement) renderAll();
  else document.addEventListener('readystatechange', renderAll, { once: true });
}`;

/**
 * A browser context at that viewport. Sections below the first screen render only near it
 * (content-visibility), so a jump to the bottom lands on estimated heights that settle a frame or two
 * later; Playwright scrolls to a target and clicks within the same frame (a visitor cannot), and on a
 * loaded machine that click can land on the row the settling moved there. So pages render every
 * section at once, unless a test asks for `lazySections` (the scrolling tests do). `reducedMotion` is a visitor who
 * asked the system to reduce motion: menus and dialogs appear without a transition.
 */
/** `touch`: a phone's touch screen (a coarse pointer, taps), not a mouse. */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  { lazySections = false, reducedMotion = false, touch = false } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  context.setDefaultTimeout(STATE_WAIT_MS);
  if (!lazySections) await context.addInitScript({ content: RENDER_ALL_SECTIONS });
  return context;
}

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  options: { lazySections?: boolean; reducedMotion?: boolean; touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport, options);
  const page = await context.newPage();
  return { context, page };
}

/** Holds these islands' chunks (by file name) until `release()`, so a test acts while they are still server HTML. */
export async function holdChunks(page: Page, names: string[]): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/(${names.join('|')})-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the page's runtime has started and its 'load' islands are interactive; islands
 * that wait for the visitor (src/hydration/README.md) may still be server HTML.
 */
export async function waitForHydration(page: Page) {
  // Set by src/hydration/runtime.ts once every 'load' island has hydrated.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** Waits until every island of that name on the page (e.g. 'FAQ', 'FooterContact', 'DesktopNav') has hydrated. */
export async function waitForIsland(page: Page, name: string) {
  await page.waitForFunction((island) => {
    const containers = [...document.querySelectorAll(`[data-island="${island}"]`)];
    return containers.length > 0 && containers.every((container) => container.hasAttribute('data-hydrated'));
  }, name);
}

/**
 * Waits until the page has rendered two more frames: whatever an event just did (a state update, the
 * first frame of a transition) is on screen. For checking that something did not change.
 */
export async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Waits until an overlay (drawer, dialog) has taken focus, as a visitor sees it do before closing it.
 * Mantine moves focus into an overlay on a timer it does not cancel on close; an Escape handled before
 * that timer (a CI run, under load) closed the overlay, the timer then focused its content, and focus
 * was not given back to the opener.
 */
export async function waitForFocusInside(overlay: Locator) {
  await expect.poll(() => overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/**
 * Presses Tab, as a person reaching a control by keyboard does, until the focused element is named `name` (its
 * aria-label, else its text); throws naming what it went through when it never is.
 */
export async function tabTo(page: Page, name: string, maxPresses = 60) {
  const seen: string[] = [];
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim().slice(0, 60) ?? '';
    });
    if (focused === name) return;
    seen.push(focused);
  }
  throw new Error(`Tab never reached "${name}"; it went through: ${seen.join(' | ')}`);
}

/**
 * axe-core, a dev dependency of its own (4.14 found the same on every route as the 4.13 that @axe-core/playwright
 * pins, in about a quarter less time), minified (AxeBuilder's default is the 1.3 MB unminified source), and set up
 * only in a frame that does not have it yet: AxeBuilder evaluates its source twice per check (once to probe, once
 * to inject into each frame), and a page checked in several states would set it up again each time. Parsing and
 * starting axe was about a third of each check's time in routes.test.ts.
 */
const AXE_ONCE = `if (!window.axe) {\n${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/**
 * axe's findings on the page (or inside `include`), as "rule: targets" lines. Sections below the first
 * screen render only near it (content-visibility), and axe cannot measure colours in unrendered
 * boxes, so every section is rendered first.
 */
export async function axeViolations(page: Page, include?: string, { iframes = true } = {}): Promise<string[]> {
  await page.evaluate(() => document.documentElement.setAttribute('data-render-all', ''));
  // axe.run in the page (legacy mode) rather than axe.runPartial per frame plus axe.finishRun in a blank page, and
  // only the violations collected (every rule still runs): the same findings in a third of the time (/use-cases:
  // 13.1 s against 4.1 s). Legacy mode skips cross-origin frames; the site has none, the editor's preview is same-origin.
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE }).setLegacyMode(true).options({ resultTypes: ['violations'], iframes });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Starts one browser and the site server (or another starter's) before a test file's tests, hands them over, and stops both after. */
export function useBrowserAndSite<S extends { close: () => Promise<void> } = Awaited<ReturnType<typeof startSite>>>(
  receive: (browser: Browser, site: S) => void,
  start: () => Promise<S> = startSite as unknown as () => Promise<S>,
) {
  let browser: Browser | undefined;
  let site: S | undefined;
  beforeAll(async () => {
    [browser, site] = await Promise.all([launchBrowser(), start()]);
    receive(browser, site);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
}
