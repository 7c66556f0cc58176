/**
 * A colleague's save of a translation, pushed live to the translation editor as to the page editor: Tomás translates
 * the Story page into Spanish, typing key by key, while Ana saves the same translation (over HTTP, as her editor does):
 *   - nothing unsaved: Ana's text shows at once, with a polite notice;
 *   - Tomás typed another text: his is kept, Ana's merged in, and his save keeps both (the base moved: nothing of hers undone);
 * *   - both typed one text: a choice for it (a dialog: nothing can be saved meanwhile); axe in each state.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

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
