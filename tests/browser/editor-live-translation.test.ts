/**
 * A colleague's save of a translation, pushed live to the translation editor as to the page editor: Tomás translates
 * the Story page into Spanish, typing key by key, while Ana saves the same translation (over HTTP, as her editor does):
 *   - nothing unsaved: Ana's text shows at once, with a polite notice;
 *   - Tomás typed another text: his is kept, Ana's merged in, and his save keeps both (the base moved: nothing of hers undone);
 *   - both typed one text: a choice for it (a dialog: nothing can be saved meanwhile); axe in each state.
 * And Ana's save of the English page reaches Tomás's open translation without a reload, as a reload would show it:
 *   - a heading she changed shows her English, marked out of date; the text he is typing in keeps every keystroke
 *     and says the English changed under it; he goes on typing in it;
 *   - a text she added is a new row to translate, one she removed is gone, and one he had written in stays, marked,
 *     until he drops it (it cannot be saved); his save keeps what he typed. Axe in each state;
 *   - Ada, who edits and translates, saves the English in another tab of her own: her open translation shows it too.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations, DESKTOP, MOBILE } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { field, save, selectSection } from './editor-harness';

const hosted = useHostedEditor('editor-live-translation-browser');

/** Generous: the editor's first page and a save take long on a loaded machine. */
const WAIT_MS = 120_000;

/** The Spanish of story.json as the change set has it now, key -> text. */
async function spanish(id: string): Promise<Record<string, string>> {
  const { signIn, call } = hosted.api();
  const session = await signIn(PEOPLE.admin.email);
  const opened = await call('GET', `/changes/${id}/edit/api/translation?file=story.json&locale=es`, { session });
  return Object.fromEntries((opened.json.texts as { key: string; text: string }[]).map((text) => [text.key, text.text]));
}

/** Ana saves one Spanish text of story.json over HTTP, as her translation editor does. */
async function anaSaves(id: string, key: string, text: string) {
  const { signIn, call } = hosted.api();
  const session = await signIn(PEOPLE.editor.email);
  const opened = await call('GET', `/changes/${id}/edit/api/translation?file=story.json&locale=es`, { session });
  const saved = await call('POST', `/changes/${id}/edit/api/translation-save`, {
    session,
    body: { file: 'story.json', locale: 'es', texts: { [key]: text }, baseHash: opened.json.hash },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

const translation = (page: Page, key: string) => page.locator(`[data-key="${key}"]`).getByRole('textbox', { name: 'Español translation' });

it('a colleague’s save of a translation reaches the open translation editor: shown, merged, or a choice', async () => {
  const { signIn, call } = hosted.api();
  const author = await signIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: author, body: { title: 'Story in Spanish' } })).json.id as string;
  const { page, context } = await hosted.signedIn(PEOPLE.translator.email, `/changes/${id}/edit/translate/es/story.json`, {
    timeout: WAIT_MS,
  });
  await page.getByRole('main', { name: /^Translating “.*” into Español$/ }).waitFor();
  // Its stream is open: from here a save is pushed.
  await expect.poll(() => hosted.host.editor.liveStreams(), { timeout: WAIT_MS }).toBe(1);

  // 1. Nothing unsaved: Ana's text shows at once, and Tomás is told, politely.
  await anaSaves(id, 'blocks.Hero.badge', 'Nuestra historia, hoy');
  const notice = page.locator('[role="status"][data-notice-region]');
  await notice.filter({ hasText: `${PEOPLE.editor.name} saved this translation. It shows their version now.` }).waitFor();
  await expect.poll(() => translation(page, 'blocks.Hero.badge').inputValue(), { timeout: WAIT_MS }).toBe('Nuestra historia, hoy');
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await notice.getByRole('button', { name: 'Dismiss' }).click();

  // 2. Tomás types in the subheading (unsaved) while Ana saves the badge again: both kept, and his save keeps both.
  const subheading = translation(page, 'blocks.Hero.subheading');
  await subheading.click();
  // To the end of the whole text (End alone goes to the end of its wrapped line).
  await page.keyboard.press('ControlOrMeta+End');
  await subheading.pressSequentially(' Hoy.');
  await anaSaves(id, 'blocks.Hero.badge', 'Historia');
  const merged = page.locator('[data-merged]');
  await merged.filter({ hasText: `${PEOPLE.editor.name} saved this translation: merged with your changes` }).waitFor();
  expect(await merged.innerText()).toContain('“Historia”');
  expect(await subheading.inputValue()).toMatch(/ Hoy\.$/);
  expect(await translation(page, 'blocks.Hero.badge').inputValue()).toBe('Historia');
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  const typed = await subheading.inputValue();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await merged.waitFor({ state: 'detached' });
  await expect
    .poll(() => spanish(id), { timeout: WAIT_MS })
    .toMatchObject({ 'blocks.Hero.badge': 'Historia', 'blocks.Hero.subheading': typed });

  // 3. Both write the heading; Ana saves first. Tomás chooses; he takes Ana's, by the keyboard.
  const heading = translation(page, 'blocks.Hero.heading');
  await heading.click();
  await page.keyboard.press('ControlOrMeta+a');
  await heading.pressSequentially('Humanizar, a mi manera');
  await anaSaves(id, 'blocks.Hero.heading', 'Humanizar, a su manera');
  const dialog = page.getByRole('dialog', { name: `${PEOPLE.editor.name} saved this translation` });
  await dialog.waitFor();
  expect(await dialog.getByRole('radiogroup').count()).toBe(1);
  const mine = dialog.getByRole('radio', { name: 'Keep mine: “Humanizar, a mi manera”' });
  const theirs = dialog.getByRole('radio', { name: `Take ${PEOPLE.editor.name}’s: “Humanizar, a su manera”` });
  expect(await mine.isChecked()).toBe(true);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await mine.focus();
  await page.keyboard.press('ArrowDown');
  expect(await theirs.isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Merge with these choices' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await heading.inputValue()).toBe('Humanizar, a su manera');
  expect((await spanish(id))['blocks.Hero.heading']).toBe('Humanizar, a su manera');
  await context.close();
}, 600_000);

/** EDITOR_HOST_SHOTS=<folder>: the translator's view at a phone's width and a desktop's, `key`'s text in view, to look at. */
async function shot(page: Page, name: string, key: string) {
  const folder = process.env.EDITOR_HOST_SHOTS;
  if (!folder) return;
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.locator(`[data-key="${key}"]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(folder, `${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** Someone's other tab (Ana's unless named): story.json changed by `change` and saved over HTTP, as a page editor does. */
async function savesEnglish(id: string, change: (doc: StoryDoc) => void, email: string = PEOPLE.editor.email) {
  const { signIn, call } = hosted.api();
  const session = await signIn(email);
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session });
  const doc = JSON.parse(opened.json.text as string) as StoryDoc;
  change(doc);
  const saved = await call('POST', `/changes/${id}/edit/api/save`, {
    session,
    body: { file: 'story.json', doc, baseHash: opened.json.hash },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

interface StoryDoc {
  blocks: [unknown, { sections: { paragraphs: string[] }[] }, { cards: unknown[] }, ...unknown[]];
}

it('a colleague’s save of the English reaches the open translation editor: new English, out of date, rows, typing kept', async () => {
  const { signIn, call } = hosted.api();
  const author = await signIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: author, body: { title: 'Story, reworded' } })).json.id as string;
  const tomas = await hosted.signedIn(PEOPLE.translator.email, `/changes/${id}/edit/translate/es/story.json`, { timeout: WAIT_MS });
  const ana = await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}/edit/page/story.json`, { timeout: WAIT_MS });
  const { page } = tomas;
  await page.getByRole('main', { name: /^Translating “.*” into Español$/ }).waitFor();
  await ana.page.getByRole('main', { name: /^Editing / }).waitFor();
  await selectSection(ana.page, 'Hero');
  // Both streams are open (each sees the other): from here every move of the change set reaches Tomás.
  await page.locator('[data-presence]').filter({ hasText: PEOPLE.editor.name }).waitFor();
  await ana.page.locator('[data-presence]').filter({ hasText: PEOPLE.translator.name }).waitFor();
  const card = (key: string) => page.locator(`[data-key="${key}"]`);
  const heading = card('blocks.Hero.heading');
  expect(await heading.getAttribute('data-state')).toBe('translated');

  // 1. Tomás types in the subheading, key by key; Ana changes the heading and the subheading's English and saves.
  const subheading = translation(page, 'blocks.Hero.subheading');
  await subheading.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Hoy');
  const typed = await subheading.inputValue();
  expect(typed).toMatch(/ Hoy$/);
  for (const [name, text] of [
    ['Heading', 'Bringing humanity back to communication'],
    ['Text under the headline', 'We build AI agents that send fewer, better messages.'],
  ]) {
    const input = field(ana.page, name);
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(text);
  }
  await save(ana.page);
  const notice = page.locator('[role="status"][data-notice-region]');
  await notice.filter({ hasText: 'The English of this page changed' }).waitFor();
  // The heading: Ana's English, and its translation out of date, with the English it was made from.
  await heading.filter({ hasText: 'English now: Bringing humanity back to communication' }).waitFor();
  expect(await heading.getAttribute('data-state')).toBe('outdated');
  expect(await heading.innerText()).toContain('Restoring humanity to communication');
  // The subheading: every keystroke kept, the English now beside it, and the English he wrote from.
  expect(await subheading.inputValue()).toBe(typed);
  const sub = card('blocks.Hero.subheading');
  expect(await sub.innerText()).toContain('English now: We build AI agents that send fewer, better messages.');
  expect(await sub.locator('[data-written-for]').innerText()).toContain('Our mission is to end spam.');
  expect(await sub.getAttribute('data-state')).toBe('outdated');
  // Still in the field he was typing in: he goes on.
  await page.keyboard.type('.');
  expect(await subheading.inputValue()).toBe(`${typed}.`);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await shot(page, 'live-english-1-changed', 'blocks.Hero.heading');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await sub.getByRole('button', { name: 'Still right for the English now: confirm' }).click();
  await sub.locator('[data-written-for]').waitFor({ state: 'detached' });
  await ana.context.close();

  // 2. Tomás writes in a paragraph; Ana (her other tab) removes it and the last card, and adds a paragraph.
  const paragraph = translation(page, 'blocks.why.sections.0.paragraphs.2');
  await paragraph.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Un párrafo nuevo');
  await savesEnglish(id, (doc) => {
    doc.blocks[1].sections[0].paragraphs.pop();
    doc.blocks[1].sections[1].paragraphs.push('Every message we help send is one a customer is glad to get.');
    doc.blocks[2].cards.pop();
  });
  const added = card('blocks.why.sections.1.paragraphs.2');
  await added.waitFor();
  expect(await added.getAttribute('data-state')).toBe('missing');
  expect(await added.innerText()).toContain('Every message we help send is one a customer is glad to get.');
  await card('blocks.beliefs.cards.2.title').waitFor({ state: 'detached' });
  const removed = card('blocks.why.sections.0.paragraphs.2');
  expect(await removed.getAttribute('data-state')).toBe('removed');
  expect(await removed.locator('[data-removed]').count()).toBe(1);
  // Where it was, after the paragraph before it, and still his to type in.
  expect(await removed.evaluate((row) => row.previousElementSibling?.getAttribute('data-key'))).toBe('blocks.why.sections.0.paragraphs.1');
  await page.keyboard.type(', guardado');
  expect(await paragraph.inputValue()).toBe('Un párrafo nuevo, guardado');
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await shot(page, 'live-english-2-rows', 'blocks.why.sections.0.paragraphs.2');
  await removed.getByRole('button', { name: 'Drop this text' }).click();
  await removed.waitFor({ state: 'detached' });

  // 3. His save keeps what he typed, as a translation of the English now.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(() => spanish(id), { timeout: WAIT_MS })
    .toMatchObject({ 'blocks.Hero.subheading': `${typed}.`, 'blocks.Hero.heading': 'Devolver la humanidad a la comunicación' });
  await tomas.context.close();

  // 4. One's own save in another tab (no `saved` event for one's own: the change set's move) reaches it too.
  const ada = await hosted.signedIn(PEOPLE.admin.email, `/changes/${id}/edit/translate/es/story.json`, { timeout: WAIT_MS });
  const facts = ada.page.locator('[data-key="blocks.facts.heading"]');
  await facts.waitFor();
  await expect.poll(() => hosted.host.editor.liveStreams(), { timeout: WAIT_MS }).toBe(1);
  await savesEnglish(id, (doc) => Object.assign(doc.blocks[3] as object, { heading: 'Reachwell in figures' }), PEOPLE.admin.email);
  await facts.filter({ hasText: 'English now: Reachwell in figures' }).waitFor();
  expect(await facts.getAttribute('data-state')).toBe('outdated');
  await ada.context.close();
}, 600_000);
