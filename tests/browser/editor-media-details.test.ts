/**
 * An image's details in the hosted editor's library view, in Chromium by keyboard (issue 51 items 1 and 2): an editor
 * opens an image's details, is told beside the field that alt text is needed, writes it key by key with a caption,
 * moves the focal point with the arrow keys (its marker and its words follow), saves, and the record on the change
 * set has them, a commit by its author. A translator for Spanish sees the English alt text and writes only the
 * Spanish one; on a phone (375 px) translates a caption an editor wrote, key by key, and it is saved into the image's
 * Spanish translation file as a translation of that English. Axe with the dialog open at 1280 and 375 px. Two people
 * with one image's details open at once: a colleague's save is merged into the open dialog, and a field both changed
 * is a choice beside that field, in the viewport and focused after the 409 at 1280 and at 375 px (pressed Save from
 * the field above and from the dialog's foot), made by keyboard (axe with it open; screenshots in /tmp/workflow-shots/).
 * And a colleague's new alt text reaches the preview of a page open on the change set without a keystroke.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, MOBILE, tabTo, waitForFocusInside } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

const SPANISH = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' } as const;

const hosted = useHostedEditor('editor-media-details-browser', { accounts: [SPANISH] });

/** The alt text field of an editor's dialog (its label goes on with a hint). */
const ENGLISH_ALT = /^Alt text \(English\)/;
/** Screenshots of the clash's choice, to look at. */
const SHOTS = '/tmp/workflow-shots';

const git = (...args: string[]) => {
  const { host } = hosted;
  return host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]);
};

async function newChangeSet(email: string, title: string) {
  const { signIn, call } = hosted.api();
  const session = await signIn(email);
  return (await call('POST', '/api/changes', { session, body: { title } })).json.id as string;
}

/** The other image of the small site's library: searching for one hides it. */
const OTHER_IMAGE = { 'story-hero': 'home-hero', 'home-hero': 'story-hero' } as const;

/**
 * An image's details opened from the library by keyboard, as every test here does: the image searched for by name
 * (the other one gone), its button (`action`, followed by the image's name) reached by Tab from the search box, Enter;
 * then the dialog, once its `field` shows and the focus is inside it (only then is a key's focus the person's own).
 */
async function openDetails(
  page: Page,
  image: keyof typeof OTHER_IMAGE,
  action: 'Edit details of' | 'Translate the alt text and caption of',
  field: string | RegExp,
) {
  const other = page.locator(`[data-media-item="${OTHER_IMAGE[image]}"]`);
  const search = page.getByRole('textbox', { name: 'Search by name or alt text' });
  await page.getByRole('heading', { name: 'Images', level: 1 }).waitFor();
  await other.waitFor();
  await search.pressSequentially(image);
  await other.waitFor({ state: 'detached' });
  await search.focus();
  await tabTo(page, `${action} ${image}`);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Details of ${image}` });
  await dialog.getByRole('textbox', { name: field }).waitFor();
  await waitForFocusInside(dialog);
  return dialog;
}

it('an editor writes alt text, a caption and a focal point by keyboard; a field left wrong is named beside it', async () => {
  const id = await newChangeSet(PEOPLE.editor.email, 'Story picture words');
  const { page, context } = await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}/edit/media`);
  const dialog = await openDetails(page, 'story-hero', 'Edit details of', ENGLISH_ALT);
  const alt = dialog.getByRole('textbox', { name: ENGLISH_ALT });
  // The dialog opens on the alt text, not on its close button.
  await expect.poll(() => alt.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

  // Emptied, it is refused beside the field, in words.
  await alt.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await dialog.getByText('Write what the image shows, or mark it decorative.').waitFor();
  expect(await alt.getAttribute('aria-invalid')).toBe('true');

  await alt.pressSequentially('The founders at a whiteboard');
  await page.keyboard.press('Tab'); // the decorative box
  await page.keyboard.press('Tab');
  await page.keyboard.type('Where it started');
  const marker = dialog.getByRole('button', { name: /^Focal point on the picture/ });
  await marker.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  await dialog.getByText('65% from the left, 40% from the top', { exact: true }).waitFor();
  expect(await marker.getAttribute('aria-label')).toBe('Focal point on the picture: 65% from the left, 40% from the top');
  await page.keyboard.press('Shift+ArrowDown');
  await dialog.getByText('65% from the left, 65% from the top', { exact: true }).waitFor();
  // Enter on the focal point places nothing (it is no pointer): the point stays.
  await page.keyboard.press('Enter');
  await dialog.getByText('65% from the left, 65% from the top', { exact: true }).waitFor();

  await page.screenshot({ path: '/tmp/media-details-1280.png' });
  await dialog.getByRole('button', { name: 'Save the details' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('status').filter({ hasText: 'The details of story-hero were saved.' }).waitFor();
  expect(git('log', '--format=%an', `changes/${id}`, '^main').trim()).toBe(PEOPLE.editor.name);
  const record = JSON.parse(git('show', `changes/${id}:pages-json/_media/story-hero.json`)) as Record<string, unknown>;
  expect(record).toMatchObject({ alt: 'The founders at a whiteboard', caption: 'Where it started', focus: { x: 0.65, y: 0.65 } });

  await page.setViewportSize(MOBILE);
  await marker.scrollIntoViewIfNeeded();
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.screenshot({ path: '/tmp/media-details-375.png', fullPage: true });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-media-item="story-hero"]').getByText('Caption: Where it started').waitFor();
  await context.close();
}, 300_000);

it('a translator for Spanish sees the English alt text and writes the Spanish one only', async () => {
  const id = await newChangeSet(SPANISH.email, 'Spanish picture words');
  const { page, context } = await hosted.signedIn(SPANISH.email, `/changes/${id}/edit/media`, { viewport: MOBILE });
  // A translator's library offers no editing of the details, only their translation.
  await page
    .locator('[data-media-item="home-hero"]')
    .getByRole('button', { name: 'Translate the alt text and caption of home-hero' })
    .waitFor();
  expect(await page.getByRole('button', { name: 'Edit details of home-hero' }).count()).toBe(0);
  const dialog = await openDetails(page, 'home-hero', 'Translate the alt text and caption of', 'Alt text (Spanish)');
  const spanish = dialog.getByRole('textbox', { name: 'Alt text (Spanish)' });
  await dialog.getByText(/^English: “A friendly AI agent at the centre/).waitFor();
  expect(await dialog.getByRole('textbox', { name: 'Alt text (German)' }).count()).toBe(0);
  expect(await dialog.getByRole('textbox', { name: ENGLISH_ALT }).count()).toBe(0);
  await spanish.waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('[data-text-translation="es:alt"] input')?.disabled);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.screenshot({ path: '/tmp/media-translate-375.png', fullPage: true });

  await spanish.focus();
  await page.keyboard.press('Control+A');
  await spanish.pressSequentially('Un agente amable en el centro');
  await dialog.getByRole('button', { name: 'Save the Spanish alt text' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('status').filter({ hasText: 'The Spanish alt text was saved.' }).waitFor();
  expect(git('log', '--format=%an', `changes/${id}`, '^main').trim()).toBe(SPANISH.name);
  const written = JSON.parse(git('show', `changes/${id}:pages-json/_translations/es/_media/home-hero.json`)) as {
    alt: { text: string };
  };
  expect(written.alt.text).toBe('Un agente amable en el centro');
  await context.close();
}, 300_000);

it('a translator for Spanish translates the caption an editor wrote, by keyboard on a phone; German is not offered', async () => {
  const caption = 'Every channel, one agent.';
  const { signIn, call } = hosted.api();
  const ana = await signIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'A caption to translate' } })).json.id as string;
  const alt = (JSON.parse(git('show', 'main:pages-json/_media/home-hero.json')) as { alt: string }).alt;
  // A details save names the version it was opened at, as the library gives it.
  const library = await call('GET', `/changes/${id}/edit/api/media`, { session: ana });
  const baseHash = (library.json.items as { id: string; hash: string }[]).find((item) => item.id === 'home-hero')!.hash;
  const written = await call('POST', `/changes/${id}/edit/api/media/details`, {
    session: ana,
    body: { id: 'home-hero', baseHash, alt, caption },
  });
  expect(written.status, written.text).toBe(200);

  const { page, context } = await hosted.signedIn(SPANISH.email, `/changes/${id}/edit/media`, { viewport: MOBILE });
  await page.getByRole('heading', { name: 'Images', level: 1 }).waitFor();
  await page.locator('[data-media-item="home-hero"]').getByText(`Caption: ${caption}`).waitFor();
  const dialog = await openDetails(page, 'home-hero', 'Translate the alt text and caption of', 'Caption (Spanish)');
  const spanish = dialog.getByRole('textbox', { name: 'Caption (Spanish)' });
  const field = dialog.locator('[data-text-translation="es:caption"]');
  await field.getByText(`English: \u201c${caption}\u201d`).waitFor();
  await field.getByText('Not translated yet.').waitFor();
  expect(await dialog.getByRole('textbox', { name: 'Caption (German)' }).count()).toBe(0);
  await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('[data-text-translation="es:caption"] input')?.disabled);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.screenshot({ path: '/tmp/media-caption-375.png', fullPage: true });

  await spanish.focus();
  await page.keyboard.type('Todos los canales, un agente.', { delay: 10 });
  expect(await spanish.inputValue()).toBe('Todos los canales, un agente.');
  await tabTo(page, 'Save the Spanish caption', 3);
  await page.keyboard.press('Enter');
  await dialog.getByRole('status').filter({ hasText: 'The Spanish caption was saved.' }).waitFor();
  expect(git('log', '--format=%an', '-1', `changes/${id}`).trim()).toBe(SPANISH.name);
  const file = JSON.parse(git('show', `changes/${id}:pages-json/_translations/es/_media/home-hero.json`)) as Record<
    string,
    { text: string; source: string }
  >;
  expect(file.caption).toMatchObject({ text: 'Todos los canales, un agente.', source: caption });
  await context.close();
}, 300_000);

/** Whether all of `locator` is inside the page's viewport now (not below the fold of the dialog). */
async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** A field's text replaced, key by key. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await field.pressSequentially(text);
}

it('two people edit one image at once: a colleague’s caption is merged into the open dialog; a field both changed is a choice by keyboard', async () => {
  const id = await newChangeSet(PEOPLE.editor.email, 'Two describe one picture');
  const [anas, ritas] = [
    await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}/edit/media`),
    await hosted.signedIn(PEOPLE.reviewer.email, `/changes/${id}/edit/media`),
  ];
  const ana = await openDetails(anas.page, 'story-hero', 'Edit details of', ENGLISH_ALT);
  let rita = await openDetails(ritas.page, 'story-hero', 'Edit details of', ENGLISH_ALT);
  const fields = (dialog: Locator) => ({
    alt: dialog.getByRole('textbox', { name: ENGLISH_ALT }),
    caption: dialog.getByRole('textbox', { name: 'Caption (optional)' }),
    credit: dialog.getByRole('textbox', { name: 'Credit (optional)' }),
  });
  const storyOnBranch = () => JSON.parse(git('show', `changes/${id}:pages-json/_media/story-hero.json`)) as Record<string, unknown>;

  // Rita saves a caption; Ana, her dialog open since before, saves alt text: both kept, and her form shows Rita's caption.
  await typeInto(ritas.page, fields(rita).caption, 'Where it started');
  await ritas.page.keyboard.press('Enter');
  await rita.getByRole('status').filter({ hasText: 'The details of story-hero were saved.' }).waitFor();
  await typeInto(anas.page, fields(ana).alt, 'Two people planning at a board');
  await anas.page.keyboard.press('Enter');
  await ana
    .getByRole('status')
    .filter({ hasText: 'The details of story-hero were saved, with Rita Review\u2019s change to the caption kept beside yours.' })
    .waitFor();
  expect(await fields(ana).caption.inputValue()).toBe('Where it started');
  expect(storyOnBranch()).toMatchObject({ alt: 'Two people planning at a board', caption: 'Where it started' });

  // Rita, back later (the library loaded again), changes the alt text and the credit; Ana, in the same dialog, the alt
  // text and the focal point.
  await ritas.page.reload();
  rita = await openDetails(ritas.page, 'story-hero', 'Edit details of', ENGLISH_ALT);
  await typeInto(ritas.page, fields(rita).alt, 'The founders at a whiteboard');
  await typeInto(ritas.page, fields(rita).credit, 'Photo: Rita');
  await ritas.page.keyboard.press('Enter');
  await rita.getByRole('status').filter({ hasText: 'The details of story-hero were saved.' }).waitFor();
  await typeInto(anas.page, fields(ana).alt, 'Ana and Rita at the board');
  const marker = ana.getByRole('button', { name: /^Focal point on the picture/ });
  await marker.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await anas.page.keyboard.press(key);
  await ana.getByText('65% from the left, 50% from the top', { exact: true }).waitFor();
  await fields(ana).alt.focus();
  await anas.page.keyboard.press('Enter');

  // The choice, per field both changed, beside that field, in view and focused: hers kept unless she takes Rita's;
  // Rita's credit (hers alone) is in the form.
  const choice = ana.getByRole('radiogroup', { name: 'Which alt text to keep' });
  const mine = choice.getByRole('radio', { name: 'Keep mine' });
  const theirs = choice.getByRole('radio', { name: 'Take Rita Review\u2019s' });
  await choice.waitFor();
  await ana
    .getByRole('alert')
    .filter({ hasText: 'Rita Review saved other values of some of these fields meanwhile. Choose which to keep beside each' })
    .waitFor();
  await expect.poll(() => inViewport(anas.page, choice)).toBe(true);
  await expect.poll(() => isFocused(mine)).toBe(true);
  expect(await mine.isChecked()).toBe(true);
  expect(await fields(ana).credit.inputValue()).toBe('Photo: Rita');
  expect(await axeViolations(anas.page, undefined, { iframes: false })).toEqual([]);
  await anas.page.screenshot({ path: `${SHOTS}/media-clash-1280.png` });
  // By keyboard: an arrow moves the choice, and the form shows the value taken.
  await anas.page.keyboard.press('ArrowDown');
  await expect.poll(() => theirs.isChecked()).toBe(true);
  expect(await fields(ana).alt.inputValue()).toBe('The founders at a whiteboard');
  await tabTo(anas.page, 'Save the details');
  await anas.page.keyboard.press('Enter');
  await ana.getByRole('status').filter({ hasText: 'The details of story-hero were saved.' }).waitFor();
  expect(await choice.count()).toBe(0);

  expect(storyOnBranch()).toMatchObject({
    alt: 'The founders at a whiteboard',
    caption: 'Where it started',
    credit: 'Photo: Rita',
    focus: { x: 0.65, y: 0.5 },
  });
  expect(git('log', '-1', '--format=%an', `changes/${id}`).trim()).toBe(PEOPLE.editor.name);

  // On a phone: Rita changes the caption; so does Ana, who saves with the button at the foot of the dialog. The
  // caption's choice, up by the caption, is brought into view and focused all the same.
  await ritas.page.reload();
  rita = await openDetails(ritas.page, 'story-hero', 'Edit details of', ENGLISH_ALT);
  await typeInto(ritas.page, fields(rita).caption, 'Where it all began');
  await ritas.page.keyboard.press('Enter');
  await rita.getByRole('status').filter({ hasText: 'The details of story-hero were saved.' }).waitFor();
  await anas.page.setViewportSize(MOBILE);
  await typeInto(anas.page, fields(ana).caption, 'The first plan');
  await tabTo(anas.page, 'Save the details');
  await anas.page.keyboard.press('Enter');
  const captionChoice = ana.getByRole('radiogroup', { name: 'Which caption to keep' });
  await captionChoice.waitFor();
  await expect.poll(() => inViewport(anas.page, captionChoice)).toBe(true);
  await expect.poll(() => isFocused(captionChoice.getByRole('radio', { name: 'Keep mine' }))).toBe(true);
  expect(await axeViolations(anas.page, undefined, { iframes: false })).toEqual([]);
  await anas.page.screenshot({ path: `${SHOTS}/media-clash-375.png` });
  await tabTo(anas.page, 'Save the details');
  await anas.page.keyboard.press('Enter');
  await ana.getByRole('status').filter({ hasText: 'The details of story-hero were saved.' }).waitFor();
  expect(storyOnBranch()).toMatchObject({ alt: 'The founders at a whiteboard', caption: 'The first plan', credit: 'Photo: Rita' });
  await anas.context.close();
  await ritas.context.close();
}, 300_000);

it('a colleague’s new alt text shows in the preview of a page open on the change set, with no keystroke', async () => {
  const id = await newChangeSet(PEOPLE.editor.email, 'Story picture words, live');
  const { page, context } = await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}/edit/page/story.json`);
  await page.getByRole('main', { name: /^Editing / }).waitFor();
  const shown = page.frameLocator('iframe[title^="Preview"]').locator('img[src*="story-hero-"]').first();
  await shown.waitFor();
  const { signIn, call } = hosted.api();
  const rita = await signIn(PEOPLE.reviewer.email);
  const library = await call('GET', `/changes/${id}/edit/api/media`, { session: rita });
  const opened = (library.json.items as { id: string; hash: string }[]).find((item) => item.id === 'story-hero')!;
  const alt = 'Two people planning at a board';
  const saved = await call('POST', `/changes/${id}/edit/api/media/details`, {
    session: rita,
    body: { id: 'story-hero', baseHash: opened.hash, alt },
  });
  expect(saved.status).toBe(200);
  // Told by the live stream that the change set moved, the open page renders its draft again with the new record.
  await expect.poll(() => shown.getAttribute('alt'), { timeout: 60_000 }).toBe(alt);
  await context.close();
}, 240_000);
