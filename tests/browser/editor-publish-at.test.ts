/**
 * Publishing at a chosen time in a browser, for a reviewer in India (Asia/Kolkata, UTC+05:30): the date and time typed
 * key by key into "Publish at" (the reader's own zone) is sent as that instant, shown on the change set's page and in
 * the list at the time typed, and cancelled by keyboard; set again, the server's clock is moved past it (the test's
 * clock, no waiting) and the page shows it published. Axe on the page with a time set and on the list.
 */
import { expect, it, vi } from 'vitest';
import { axeViolations, DESKTOP, STATE_WAIT_MS } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { storySiteForThisFile } from '../../test-support/story-site-for-file';

const ZONE = 'Asia/Kolkata';
const ZONE_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY = 24 * 60 * 60_000;

const hosted = useHostedEditor('editor-publish-at-browser', {
  env: { EDITOR_PUBLISH_CHECK_SECONDS: '0.2' },
  content: storySiteForThisFile('editor-publish-at-browser'),
});

/** Tomorrow in India at 09:30 there: its digits as typed (month, day, year) and the instant it is. */
function tomorrowAtHalfPastNine() {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + DAY))
    .split('-');
  const instant = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), 9, 30) - ZONE_OFFSET_MS);
  const dayInWords = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
  return { digits: `${month}${day}${year}`, instant, dayInWords };
}

it('a reviewer sets a publish time by keyboard, sees it in their time zone, cancels it; set again, it publishes then', async () => {
  const { host, signIn } = hosted;
  const { signIn: apiSignIn, call } = hosted.api();
  const [ana, rita] = [await apiSignIn(PEOPLE.editor.email), await apiSignIn(PEOPLE.reviewer.email)];
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Launch-day heading' } })).json.id as string;
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = 'Out on launch day';
  await call('POST', `/changes/${id}/edit/api/save`, { session: ana, body: { file: 'story.json', doc, baseHash: opened.json.hash } });
  await call('POST', `/api/changes/${id}/submit`, { session: ana });
  expect((await call('POST', `/api/changes/${id}/approve`, { session: rita })).json.status).toBe('approved');

  const context = await hosted.browser.newContext({ viewport: DESKTOP, timezoneId: ZONE, locale: 'en-GB' });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const page = await context.newPage();
  await signIn(page, PEOPLE.reviewer.email, `/changes/${id}`);
  await page.getByRole('heading', { name: 'Launch-day heading' }).waitFor();
  const when = tomorrowAtHalfPastNine();

  /** Month, day and year, Tab, hours and minutes, AM: Chromium's date and time fields, key by key; Enter sends the form. */
  const setTime = async () => {
    await page.getByRole('textbox', { name: 'Publish at' }).focus();
    await page.keyboard.type(when.digits, { delay: 20 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('0930A', { delay: 20 });
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Publish time' }).waitFor();
  };
  await setTime();
  const shown = page.getByRole('status', { name: 'Publish time' });
  const text = (await shown.textContent()) ?? '';
  // "Thursday, 3 December 2026 at 09:30 GMT+5:30": the time typed, in the reader's zone, named.
  expect(text).toContain(when.dayInWords);
  expect(text).toMatch(/09:30 (GMT\+5:30|IST)/);
  expect(text).toContain(`set by ${PEOPLE.reviewer.name}`);
  // Sent as the instant it is in India: 04:00 UTC.
  const set = (await call('GET', `/api/changes/${id}`, { session: ana })).json.publishAt as { at: string };
  expect(set.at).toBe(when.instant.toISOString());
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

  // The list says it too, in the reader's zone.
  await page.goto(`${host.editor.url}/`);
  const row = page.getByRole('row').filter({ hasText: 'Launch-day heading' });
  await row.getByText(/^Publishes /).waitFor();
  expect(await row.getByText(/^Publishes /).textContent()).toContain(`${when.dayInWords}`);
  expect(await row.getByText(/^Publishes /).textContent()).toContain('09:30');
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

  // Cancelled by keyboard: the form is back, and nothing is set.
  await page.goto(`${host.editor.url}/changes/${id}`);
  const cancel = page.getByRole('button', { name: 'Cancel the publish time' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('form', { name: 'Publish at a chosen time' }).waitFor();
  expect(await page.getByRole('status', { name: 'Publish time' }).count()).toBe(0);
  expect((await call('GET', `/api/changes/${id}`, { session: ana })).json.publishAt).toBeUndefined();

  // Set again, then Ana takes it back from review: the time is dropped at once, and the page says who and why.
  await setTime();
  await call('POST', `/api/changes/${id}/withdraw`, { session: ana });
  await page.reload();
  const droppedNote = page.getByRole('status').filter({ hasText: 'Its publish time was dropped' });
  await droppedNote.waitFor();
  expect(await droppedNote.textContent()).toContain(`${PEOPLE.editor.name} took it back from review, so it does not publish by itself`);
  expect(await page.getByRole('status', { name: 'Publish time', exact: true }).count()).toBe(0);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.screenshot({ path: '/tmp/publish-time-dropped-1280.png', fullPage: true });
  await call('POST', `/api/changes/${id}/submit`, { session: ana });
  expect((await call('POST', `/api/changes/${id}/approve`, { session: rita })).json.status).toBe('approved');
  await page.reload();

  // Set again, and the server's clock moved past it: published by the editor's timer, as the reviewer.
  await setTime();
  // Her tab closed first, while it shows the time set and nothing moves on it. Left open, it finds its session
  // expired at its next request and goes to the sign-in page by itself; a close racing that navigation's commit is
  // acknowledged by Chromium and never done, and page.close() waits forever (microsoft/playwright#42366; it hung a
  // CI run here for the test's whole 600 s).
  await page.close();
  host.advance(2 * DAY);
  // Two days on, the sessions have expired too: everyone signs in again.
  const later = await apiSignIn(PEOPLE.editor.email);
  await vi.waitFor(async () => expect((await call('GET', `/api/changes/${id}`, { session: later })).json.status).toBe('published'), {
    timeout: 300_000,
    interval: 250,
  });
  // Two days on, she signs in again in a new tab.
  const again = await context.newPage();
  await signIn(again, PEOPLE.reviewer.email, `/changes/${id}`);
  await again.locator('[data-status="published"]').waitFor();
  await context.close();
}, 600_000);
