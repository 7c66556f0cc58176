/**
 * A colleague's save, pushed live to the page editor (the live stream's `saved` event; no polling), with Ana and
 * Rita each in their own browser on the Terms page of one change set, typing key by key:
 *   - Ana has nothing unsaved: Rita's heading shows in Ana's form and preview at once, with a polite notice;
 *   - Ana has typed in another field: her text is kept, Rita's heading merged in, and Ana's save keeps both;
 *   - both typed the heading: Ana chooses (keep mine / take Rita's), never overwritten silently; axe with the choice.
 * Then a clash reaches Ana's open change set page by itself when a colleague's publish collides with it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations, DESKTOP, MOBILE } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { field, preview, save, selectSection, typeAtEnd } from './editor-harness';

const hosted = useHostedEditor('editor-live-saves-browser');

/** Generous: the editor's first page and a save take long on a loaded machine. */
const WAIT_MS = 120_000;
const TITLE = 'Title in search results and tabs';

/** EDITOR_HOST_SHOTS=<folder>: the view at a phone's width and a desktop's, to look at. */
async function shot(page: Page, name: string) {
  const folder = process.env.EDITOR_HOST_SHOTS;
  if (!folder) return;
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(folder, `${name}-${viewport.width}.png`) });
  }
}

/** A person in their own browser on the Terms page of change set `id`, its Prose section shown. */
async function onTerms(email: string, id: string) {
  const opened = await hosted.signedIn(email, `/changes/${id}/edit/page/terms.json`, { timeout: WAIT_MS });
  await opened.page.getByRole('main', { name: /^Editing / }).waitFor();
  await selectSection(opened.page, 'Prose');
  return opened;
}

/** Replaces a field's text by typing, key by key. */
async function retype(page: Page, name: string, text: string) {
  const input = field(page, name);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
  await expect.poll(() => input.inputValue()).toBe(text);
}

/** The page's title and heading as the change set has them now (what the saves wrote). */
async function terms(id: string) {
  const { signIn, call } = hosted.api();
  const session = await signIn(PEOPLE.admin.email);
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=terms.json`, { session });
  const doc = JSON.parse(opened.json.text as string) as { meta: { title: string }; blocks: { heading: string }[] };
  return { title: doc.meta.title, heading: doc.blocks[0].heading };
}

it('a colleague’s save reaches the open editor: shown at once, merged with unsaved text, or a choice on the field both changed', async () => {
  const { signIn, call } = hosted.api();
  const author = await signIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: author, body: { title: 'Terms wording' } })).json.id as string;
  const ana = await onTerms(PEOPLE.editor.email, id);
  const rita = await onTerms(PEOPLE.reviewer.email, id);
  // Both streams are open (each sees the other): from here a save is pushed.
  await ana.page.locator('[data-presence]').filter({ hasText: PEOPLE.reviewer.name }).waitFor();
  await rita.page.locator('[data-presence]').filter({ hasText: PEOPLE.editor.name }).waitFor();

  // 1. Ana has nothing unsaved: Rita's heading is in her form and preview at once, and she is told, politely.
  await retype(rita.page, 'Heading', 'Terms, in short');
  await save(rita.page);
  const notice = ana.page.locator('[role="status"][data-notice-region]');
  await notice.filter({ hasText: `${PEOPLE.reviewer.name} saved this page. It shows their version now.` }).waitFor();
  await expect.poll(() => field(ana.page, 'Heading').inputValue()).toBe('Terms, in short');
  await preview(ana.page).getByRole('heading', { name: 'Terms, in short' }).waitFor();
  await ana.page.locator('[data-status="saved"]').waitFor();
  expect(await axeViolations(ana.page, undefined, { iframes: false })).toEqual([]);
  await shot(ana.page, 'live-save-1-shown');
  await notice.getByRole('button', { name: 'Dismiss' }).click();

  // 2. Ana types in the page's title (unsaved) while Rita saves another heading: both are kept, and Ana's save keeps both.
  await selectSection(ana.page, 'Page settings');
  await typeAtEnd(field(ana.page, TITLE), ' (plain words)');
  await retype(rita.page, 'Heading', 'Terms, briefly');
  await save(rita.page);
  const merged = ana.page.locator('[data-merged]');
  await merged.filter({ hasText: `${PEOPLE.reviewer.name} saved this page: merged with your changes` }).waitFor();
  expect(await merged.innerText()).toContain('“Terms, briefly”');
  expect(await field(ana.page, TITLE).inputValue()).toBe('Terms of Service | Reachwell (plain words)');
  await preview(ana.page).getByRole('heading', { name: 'Terms, briefly' }).waitFor();
  expect(await axeViolations(ana.page, undefined, { iframes: false })).toEqual([]);
  await shot(ana.page, 'live-save-2-merged');
  await save(ana.page);
  expect(await terms(id)).toEqual({ title: 'Terms of Service | Reachwell (plain words)', heading: 'Terms, briefly' });
  await merged.waitFor({ state: 'detached' });
  // Rita had nothing unsaved: Ana's title is in her editor now.
  await rita.page
    .locator('[data-notice-region]')
    .filter({ hasText: `${PEOPLE.editor.name} saved this page` })
    .waitFor();

  // 3. Both type the heading; Rita saves first. Ana is asked, on that field, which to keep; nothing is overwritten meanwhile.
  await selectSection(ana.page, 'Prose');
  await retype(ana.page, 'Heading', 'Terms, Ana’s way');
  await retype(rita.page, 'Heading', 'Terms, Rita’s way');
  await save(rita.page);
  const dialog = ana.page.getByRole('dialog', { name: `${PEOPLE.reviewer.name} saved this page` });
  await dialog.waitFor();
  const heading = dialog.getByRole('radiogroup', { name: /Heading$/ });
  expect(await dialog.getByRole('radiogroup').count()).toBe(1);
  const mine = heading.getByRole('radio', { name: 'Keep mine: “Terms, Ana’s way”' });
  const theirs = heading.getByRole('radio', { name: `Take ${PEOPLE.reviewer.name}’s: “Terms, Rita’s way”` });
  expect(await mine.isChecked()).toBe(true);
  expect(await field(ana.page, 'Heading').inputValue()).toBe('Terms, Ana’s way');
  expect(await axeViolations(ana.page, undefined, { iframes: false })).toEqual([]);
  await shot(ana.page, 'live-save-3-choice');
  // By the keyboard: from mine to theirs and back (arrows move the choice within the group).
  await mine.focus();
  await ana.page.keyboard.press('ArrowDown');
  expect(await theirs.isChecked()).toBe(true);
  await ana.page.keyboard.press('ArrowUp');
  expect(await mine.isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Merge with these choices' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await field(ana.page, 'Heading').inputValue()).toBe('Terms, Ana’s way');
  await save(ana.page);
  // Her choice, made knowingly, is saved; her title from before stays.
  expect(await terms(id)).toEqual({ title: 'Terms of Service | Reachwell (plain words)', heading: 'Terms, Ana’s way' });
  await expect.poll(() => field(rita.page, 'Heading').inputValue()).toBe('Terms, Ana’s way');

  await rita.context.close();
  await ana.context.close();
}, 600_000);

it('a colleague’s publish that collides with a change set shows on its open page by itself', async () => {
  const { signIn, call } = hosted.api();
  const [ana, admin, rita] = await Promise.all([signIn(PEOPLE.editor.email), signIn(PEOPLE.admin.email), signIn(PEOPLE.reviewer.email)]);
  const saveHeading = async (session: typeof ana, id: string, heading: string) => {
    const opened = await call('GET', `/changes/${id}/edit/api/document?file=privacy-policy.json`, { session });
    const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
    doc.blocks[0].heading = heading;
    const saved = await call('POST', `/changes/${id}/edit/api/save`, {
      session,
      body: { file: 'privacy-policy.json', doc, baseHash: opened.json.hash },
    });
    expect(saved.json.outcome).toBe('saved');
  };
  const mine = (await call('POST', '/api/changes', { session: ana, body: { title: 'Privacy, by Ana' } })).json.id as string;
  await saveHeading(ana, mine, 'Privacy, plainly');
  const theirs = (await call('POST', '/api/changes', { session: admin, body: { title: 'Privacy, by the admin' } })).json.id as string;
  await saveHeading(admin, theirs, 'Privacy, simply');
  await call('POST', `/api/changes/${theirs}/submit`, { session: admin });

  const { page, context } = await hosted.signedIn(PEOPLE.editor.email, `/changes/${mine}`, { timeout: WAIT_MS });
  await page.getByRole('heading', { name: 'Privacy, by Ana' }).waitFor();
  expect(await page.getByRole('form', { name: 'Settle the clashes' }).count()).toBe(0);
  expect((await call('POST', `/api/changes/${theirs}/approve`, { session: rita })).status).toBe(200);
  expect((await call('POST', `/api/changes/${theirs}/publish`, { session: rita })).status).toBe(200);

  // Without a reload: the notice, and the clash itself with its choices.
  await page
    .getByRole('region', { name: 'Notices' })
    .locator('[data-notice="clash"]')
    .filter({ hasText: 'Privacy, by the admin' })
    .waitFor();
  await page.getByRole('form', { name: 'Settle the clashes' }).waitFor();
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await context.close();
}, 600_000);
