/**
 * Mistakes in words, on their field (issue 50, item 6), in Chromium against the dev server, typed key by key: a price's
 * amount refuses letters visibly (what it holds and what it left out, on the field), and a template page's outline and
 * a hero's form name nothing a marketer does not use (no slot names, area ids, file names, "at least 1" on a valid
 * hero's empty optional list); the documents list and its search name every document by its title and its address on
 * the site, never by its file.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { status, useEditorFixture } from './editor-harness';

const fixture = useEditorFixture();

/** A file's name as a developer writes it. */
const FILE_NAME = /pages-json\/|\.json\b/;

/** Every word the list shows or says: its text, and each element's accessible label, title and description. */
const wordsOf = (page: Page) =>
  page
    .locator('main')
    .evaluate((main) => [
      (main as HTMLElement).innerText,
      ...[...main.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ]);

describe('mistakes in words', () => {
  it('refuses letters in a price visibly, key by key, keeping what was typed', async () => {
    const page = await fixture.openEditor('/collection/plans');
    await page
      .getByRole('navigation', { name: 'Records of the plans collection' })
      .getByRole('button', { name: 'Growth', exact: true })
      .click();
    const amount = page
      .getByRole('region', { name: 'Selected record' })
      .getByRole('group', { name: 'Price' })
      .getByRole('textbox', { name: 'Amount' });
    await amount.click();
    await page.keyboard.press('ControlOrMeta+a');
    await amount.pressSequentially('159 dollars');
    expect(await amount.inputValue()).toBe('159');
    const note = page.getByText('Only digits: 159 (left out: “dollars”)');
    await note.waitFor();
    // Said on the field itself: the input names the note as its description.
    const describedBy = (await amount.getAttribute('aria-describedby')) ?? '';
    expect(await note.getAttribute('id')).not.toBeNull();
    expect(describedBy.split(' ')).toContain(await note.getAttribute('id'));
    // The next digit it takes retires the note; the draft is the number typed.
    await amount.press('5');
    await note.waitFor({ state: 'detached' });
    expect(await amount.inputValue()).toBe('1595');
    await expect.poll(() => status(page)).toBe('Valid');
    await page.close();
  });

  it('names a template page’s sections and a hero’s fields without slots, area ids or a count a valid hero does not need', async () => {
    const page = await fixture.openEditor('/page/use-cases/collections.json');
    const outline = page.getByRole('navigation', { name: 'Sections of the page' });
    const text = await outline.innerText();
    expect(text).not.toMatch(/slot:|Open area “|more-after-|pages-json|\.json/);
    const story = await fixture.openEditor('/page/story.json');
    const form = story.getByRole('region', { name: 'Selected section' });
    await form.locator('[data-form-title]').filter({ hasText: 'Hero' }).waitFor();
    expect(await form.innerText()).not.toMatch(/at least 1\b/);
    await page.close();
    await story.close();
  });

  it('names every document in the list and its search by its title and address on the site, never by its file', async () => {
    const page = await fixture.openEditor('');
    const list = page.getByRole('main');
    await list.getByRole('region', { name: /^Site configuration/ }).waitFor();
    for (const words of await wordsOf(page)) expect(words).not.toMatch(FILE_NAME);
    await list.getByRole('link', { name: 'Plans (shared list)' }).waitFor();
    await list.getByRole('link', { name: 'Site settings' }).waitFor();
    await list.getByRole('cell', { name: '/use-cases/collections', exact: true }).waitFor();
    // A search for a collection, typed as a marketer does: its hits name it the same way.
    await page.getByRole('textbox', { name: 'Search documents' }).pressSequentially('plans');
    await page.locator('[data-hit]').first().waitFor();
    for (const words of await wordsOf(page)) expect(words).not.toMatch(FILE_NAME);
    await page.close();
  });
});
