/**
 * The translation editor in `npm run dev` (/__edit/translate/<language>/<file>), in Chromium: a change of the
 * translation file on disk while a translator has texts unsaved (another editor, git) is told at once, as the page
 * editor tells of its file; one that does not read as JSON says the texts stay here and cannot be saved over it until
 * it is fixed, offers no load of it (refused until fixed), and keeping them keeps what was typed, key by key.
 */
import { expect, it } from 'vitest';
import { MOBILE } from '../../test-support/browser';
import { useEditorFixture } from './editor-harness';

const fixture = useEditorFixture();
const TRANSLATION = '_translations/es/story.json';

for (const [width, viewport] of [
  ['at 1280 px', { width: 1280, height: 800 }],
  ['on a phone', MOBILE],
] as const)
  it(`tells of a translation file changed on disk that no longer reads as JSON, and keeps the texts typed (${width})`, async () => {
    const page = await fixture.openEditor('/translate/es/story.json', viewport);
    const heading = page.locator('[data-key="blocks.Hero.heading"]').getByRole('textbox', { name: 'Español translation' });
    const typed = `${await heading.inputValue()} hoy`;
    await heading.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' hoy');

    fixture.write(TRANSLATION, fixture.read(TRANSLATION).replace('{', '{ not json'));
    const dialog = page.getByRole('dialog', { name: `pages-json/${TRANSLATION} changed on disk` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      `pages-json/${TRANSLATION} on disk is no longer valid JSON. Your texts cannot be merged with it, nor saved over it, until the file is fixed: they stay here while this page is open.`,
    );
    // Loading it would only be refused, and the texts lost with the page: not offered.
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(['Keep my texts here']);
    await dialog.getByRole('button', { name: 'Keep my texts here' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await heading.inputValue()).toBe(typed);
  });
