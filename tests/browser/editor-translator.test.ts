/**
 * A translator for Spanish only, in a browser (issue 50 item 7): their list offers no New page and shows only Spanish,
 * with how many documents are translated or have texts to translate or update, and each document's state; the English
 * form is read only, with a note saying why and a link to its Spanish; the German is not theirs to change; the Spanish
 * is typed key by key and saved, and the list then counts it translated. Axe on every view.
 */
import { expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

const SPANISH = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' };

const hosted = useHostedEditor('editor-translator-browser', { accounts: [SPANISH] });

it('a translator for Spanish sees only Spanish, the English read only, and saves the Spanish', async () => {
  // An editor changed the story's heading in a change set: its Spanish (and German) now has a text to update.
  const { host } = hosted;
  const { signIn: apiSignIn, call } = hosted.api();
  const ana = await apiSignIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Story heading' } })).json.id as string;
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading += ' today';
  const saved = await call('POST', `/changes/${id}/edit/api/save`, {
    session: ana,
    body: { file: 'story.json', doc, baseHash: opened.json.hash },
  });
  expect(saved.json.outcome).toBe('saved');

  const { page, context } = await hosted.signedIn(SPANISH.email, `/changes/${id}/edit/`);

  // The list: no New page, Spanish only, with counts and each document's state.
  await page.getByRole('heading', { name: 'Documents' }).waitFor();
  const summary = page.locator('[data-language-summary="es"]');
  await summary.waitFor();
  expect(await summary.innerText()).toMatch(/^Español: \d+ documents translated, 0 with texts to translate, 1 with texts to update$/);
  expect(await page.locator('[data-language-summary]').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'New page' }).count()).toBe(0);
  expect(await page.getByRole('columnheader', { name: 'Español' }).count()).toBeGreaterThan(0);
  expect(await page.getByRole('columnheader', { name: 'Deutsch' }).count()).toBe(0);
  const storyCell = page.locator('[data-file="story.json"] [data-language="es"]');
  expect(await storyCell.innerText()).toBe('1 to update');
  expect(await page.locator('[data-file="careers.json"] [data-language="es"]').innerText()).toBe('Translated');
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

  // The English: every field read only, a note saying why and where the Spanish is; no way to add a section.
  await page.getByRole('link', { name: 'Our Story: Restoring Humanity to Communication | Reachwell', exact: true }).click();
  await page.getByRole('main', { name: /^Editing the page “.*” \(\/story\)$/ }).waitFor();
  await page.getByRole('navigation', { name: 'Sections of the page' }).getByText('Hero').first().click();
  const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
  await heading.waitFor();
  expect(await heading.isDisabled()).toBe(true);
  const note = page.getByRole('alert').filter({ hasText: 'The English is read only for you' });
  await note.waitFor();
  expect(await note.innerText()).toMatch(/You translate into Español/);
  expect(await page.getByRole('button', { name: /^Add a section/ }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Deutsch' }).count()).toBe(0);
  expect(await page.getByText('pages-json/').count()).toBe(0);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

  // The Spanish, typed key by key and saved.
  await note.getByRole('link', { name: 'Translate into Español' }).click();
  await page.getByRole('main', { name: /^Translating “.*” into Español$/ }).waitFor();
  const card = page.locator('[data-key="blocks.Hero.heading"]');
  expect(await card.getAttribute('data-state')).toBe('outdated');
  const translation = card.getByRole('textbox', { name: 'Español translation' });
  await translation.fill('');
  await translation.pressSequentially('Devolver la humanidad a la comunicación hoy');
  expect(await page.getByText('pages-json/').count()).toBe(0);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved the Español of “.*”\.$/ })
    .waitFor();
  const log = host.git(host.remote, ['--git-dir', `${host.dataDir}/repo.git`, 'log', '-1', '--format=%an', `changes/${id}`]);
  expect(log.trim()).toBe(SPANISH.name);

  // The German is not theirs: said so, nothing to type in.
  await page.goto(`${host.editor.url}/changes/${id}/edit/translate/de/story.json`);
  await page.getByRole('alert').filter({ hasText: 'Deutsch is not one of your languages' }).waitFor();
  expect(await page.getByRole('textbox').count()).toBe(0);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

  // Back in the list, the story counts as translated in Spanish.
  await page.getByRole('alert').getByRole('link', { name: 'Translate into Español' }).waitFor();
  await page.getByRole('link', { name: 'Reachwell editor' }).click();
  await expect.poll(() => storyCell.innerText(), { timeout: 30_000 }).toBe('Translated');
  await context.close();
}, 240_000);
