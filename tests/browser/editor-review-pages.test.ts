/**
 * Reviewing a change to the plans in a browser (issue 50 item 3): a reviewer opens a change set that changes a plan's
 * price and description and gives a page a 151-character title; the review lists every page that shows the plans, in
 * every language; a page opens before and after at a desktop's width, both frames scrolled to the changed section
 * and scrolling together, then at a phone's, chosen by keyboard (Tab to the width switch, an arrow key), the same;
 * the description's change is a word diff, whole; the long title is a warning at the top. In an editor 1,440 px wide
 * and on a phone (375 px); axe on each, with screenshots (in the system's temp folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { axeViolations, MOBILE } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { PLAN_PAGES } from '../../test-support/plan-pages';
import { WIDE } from './editor-harness';

const hosted = useHostedEditor('editor-review-pages-browser');
let id: string;

/** A page whose plans are below its first screen. */
const COMPARED = '/compare/reachwell-vs-communications-api';
const TAIL = ' Calls in thirty languages, with a transcript, a summary and a follow-up message for every conversation: now with WhatsApp.';
const LONG_TITLE = `${'Reachwell email API savings compared, '.repeat(4).slice(0, 139)} | Reachwell`;

beforeAll(async () => {
  const { signIn, call } = hosted.api();
  const ana = await signIn(PEOPLE.editor.email);
  id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Growth plan price' } })).json.id as string;
  const save = async (
    file: string,
    edit: (doc: { items: { price: { amount: number }; description: string }[]; meta: { title: string } }) => void,
  ) => {
    const opened = await call('GET', `/changes/${id}/edit/api/document?file=${encodeURIComponent(file)}`, { session: ana });
    const doc = JSON.parse(opened.json.text as string);
    edit(doc);
    const saved = await call('POST', `/changes/${id}/edit/api/save`, { session: ana, body: { file, doc, baseHash: opened.json.hash } });
    expect(saved.json.outcome, saved.text).toBe('saved');
  };
  await save('_collections/plans.json', (doc) => {
    doc.items[1].price.amount = 159;
    doc.items[1].description += TAIL;
  });
  await save('compare/reachwell-vs-email-api.json', (doc) => {
    doc.meta.title = LONG_TITLE;
  });
  expect((await call('POST', `/api/changes/${id}/submit`, { session: ana })).json.status).toBe('submitted');
}, 240_000);

const frameOf = async (page: Page, side: 'before' | 'after'): Promise<Frame> =>
  (await page.locator(`[data-comparison] iframe[data-side="${side}"]`).elementHandle())!.contentFrame() as Promise<Frame>;

/** The marked section of a frame: its text, and whether its top is in the frame's window. */
const marked = (frame: Frame) =>
  frame.evaluate(() => {
    const section = document.querySelector<HTMLElement>('[data-review-changed]');
    const top = section?.getBoundingClientRect().top;
    return { text: section?.textContent ?? '', inView: top !== undefined && top >= -1 && top < innerHeight / 2, scrollY };
  });

/**
 * The compared page at `width`: both frames that wide, at the changed section (the old price before, the new after),
 * and in step: the after side scrolled further moves the before side with it.
 */
async function expectAtChange(page: Page, width: number) {
  await page.locator(`[data-comparison="${COMPARED}"][data-width="${width}"] [data-first-change="shown"]`).waitFor({ timeout: 60_000 });
  const widths = await page.locator('[data-comparison] iframe').evaluateAll((frames) => frames.map((frame) => frame.clientWidth));
  expect(widths).toEqual([width, width]);
  const [before, after] = [await frameOf(page, 'before'), await frameOf(page, 'after')];
  const [was, is] = [await marked(before), await marked(after)];
  expect(was.text).toContain('149');
  expect(is.text).toContain('159');
  expect(was.inView && is.inView && is.scrollY > 0).toBe(true);
  await after.evaluate(() => window.scrollBy({ top: 400, behavior: 'instant' }));
  await before.waitForFunction((from) => Math.abs(scrollY - from) > 300, was.scrollY);
}

/** Chooses the phone's width by keyboard: Tab from the compared page's button to the width switch, then an arrow. */
async function phoneByKeyboard(page: Page) {
  const desktop = page.getByRole('radio', { name: 'Desktop (1,280 px)' });
  await page.locator(`[data-page="${COMPARED}"]`).focus();
  for (let tabs = 0; tabs < 80 && !(await desktop.evaluate((radio) => radio === document.activeElement)); tabs++)
    await page.keyboard.press('Tab');
  expect(await desktop.evaluate((radio) => radio === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: 'Phone (375 px)' }).isChecked()).toBe(true);
}

it('a reviewer sees every page the plans change, at desktop and phone width, at the change, with the word diff and the warning', async () => {
  const reviewer = await hosted.signedIn(PEOPLE.reviewer.email, `/changes/${id}`, { viewport: WIDE });
  const page = reviewer.page;
  await page.getByRole('heading', { name: 'Growth plan price' }).waitFor();

  // The warning, at the top, in words.
  const warnings = page.locator('[data-review-warnings]');
  // The first review of a change set loads its start and its latest save whole (seconds, more on a loaded machine).
  await warnings.filter({ hasText: 'The page /compare/reachwell-vs-email-api: title is 151 characters' }).waitFor({ timeout: 120_000 });
  expect(await warnings.textContent()).not.toMatch(/pages-json|\.json|npm run/);
  expect(await page.getByRole('region', { name: 'What changes' }).textContent()).not.toMatch(/pages-json|\.json/);

  // The description's change, whole, word by word; the price too.
  const diff = page.locator('[data-word-diff]').filter({ hasText: 'Description' });
  expect(await diff.locator('ins').textContent()).toBe(`added: ${TAIL.trim()}`);
  const price = page.locator('[data-word-diff]').filter({ has: page.locator('del', { hasText: '149' }) });
  expect(await price.locator('ins').textContent()).toBe('added: 159');

  // Every page that shows the plans, in every language.
  await page.getByRole('heading', { name: /^Pages it changes/ }).waitFor();
  const more = page.getByRole('button', { name: /more: show all$/ });
  if (await more.count()) await more.click();
  const listed = await page.locator('[data-page]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-page')));
  for (const route of PLAN_PAGES) expect(listed).toContain(route);
  for (const prefix of ['/es', '/de']) expect(listed.some((path) => path?.startsWith(prefix))).toBe(true);

  // A comparison page at a desktop's width, then at a phone's chosen by keyboard: each at the change, in step.
  await page.locator(`[data-page="${COMPARED}"]`).click();
  await expectAtChange(page, 1280);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.getByRole('heading', { name: /^Pages it changes/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(tmpdir(), 'review-pages-1440.png'), fullPage: true });
  await phoneByKeyboard(page);
  await expectAtChange(page, 375);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.screenshot({ path: join(tmpdir(), 'review-pages-1440-phone.png'), fullPage: true });
  await reviewer.context.close();

  // The whole review on a phone: the phone's width by keyboard, the frames scaled to fit one above the other,
  // nothing wider than the screen; axe finds nothing.
  const small = await hosted.signedIn(PEOPLE.reviewer.email, `/changes/${id}`, { viewport: MOBILE });
  await small.page.locator(`[data-page="${COMPARED}"]`).click();
  await phoneByKeyboard(small.page);
  await expectAtChange(small.page, 375);
  const [top, below] = await small.page
    .locator('[data-comparison] figure')
    .evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect()));
  expect(below.top).toBeGreaterThanOrEqual(top.bottom);
  expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  expect(await axeViolations(small.page, undefined, { iframes: false })).toEqual([]);
  await small.page.screenshot({ path: join(tmpdir(), 'review-pages-375.png'), fullPage: true });
  await small.context.close();
}, 300_000);
