/**
 * The visual editor as a marketer and a translator use it on their first day (issue 43): the toolbar never scrolls
 * away, the preview follows the selection at the widths visitors use, no state reads "Valid" while something is
 * wrong or left to translate, a removal can be undone, Ctrl+S saves, a new page starts with nothing hidden, and a
 * page is translated beside its English. At 1440x900 and at a phone's 375 px, against a real dev server.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, MOBILE, recordConsole } from '../../test-support/browser';
import {
  contrastRatio,
  field,
  preview,
  save,
  saveButton,
  selectSection,
  status,
  typeAtEnd,
  useEditorFixture,
  WIDE,
  showPane,
} from './editor-harness';

const fixture = useEditorFixture();

/** The preview's outline of the selected section: its box in the frame's viewport, when drawn. */
const selectedOutline = (page: Page) =>
  preview(page)
    .locator('[data-editor-outline="selected"]')
    .evaluate((element) =>
      (element as HTMLElement).hidden
        ? undefined
        : { top: element.getBoundingClientRect().top, height: element.getBoundingClientRect().height },
    );

describe('the editor stays in place', () => {
  it('keeps the toolbar (Save, Undo) on screen whatever is selected, and the preview scrolls its own frame to the section, outlined', async () => {
    const page = await fixture.openEditor('/page/index.json');
    for (const label of ['Call to action', 'Pricing', 'FAQ']) {
      await selectSection(page, label);
      await expect.poll(async () => (await selectedOutline(page))?.height ?? 0).toBeGreaterThan(50);
      const outline = (await selectedOutline(page))!;
      expect(outline.top, label).toBeGreaterThanOrEqual(0);
      expect(outline.top, label).toBeLessThan(WIDE.height);
      expect(await page.evaluate(() => document.scrollingElement!.scrollTop), label).toBe(0);
      const save = (await saveButton(page).boundingBox())!;
      expect(save.y, label).toBeGreaterThanOrEqual(0);
    }
    await page.close();
  });

  it('starts the form of another section at its top, marks Page settings as selected, and logs no hydration mismatch', async () => {
    const page = await fixture.openEditor('/page/index.json');
    const log = recordConsole(page);
    await selectSection(page, 'Pricing');
    const form = page.getByRole('region', { name: 'Selected section' });
    await form.evaluate((element) => element.scrollTo({ top: 400 }));
    await selectSection(page, 'FAQ');
    await expect.poll(() => form.evaluate((element) => element.scrollTop)).toBe(0);
    await page.getByRole('navigation', { name: 'Sections of the page' }).getByText('Page settings').click();
    expect(await page.locator('[data-selected] [data-outline-label="Page settings"]').count()).toBe(1);
    await preview(page).locator('#main').waitFor();
    expect(log.errors.filter((line) => /hydrat/i.test(line))).toEqual([]);
    await page.close();
  });

  it('shows the page at a phone, a tablet and a desktop width', async () => {
    const page = await fixture.openEditor('/page/story.json');
    const frame = page.locator('iframe[title^="Preview"]');
    for (const [name, width] of [
      ['Phone (375)', 375],
      ['Tablet (768)', 768],
      ['Desktop (1280)', 1280],
    ] as const) {
      await page.getByRole('radiogroup', { name: 'Preview width' }).getByText(name).click();
      await expect.poll(() => frame.evaluate((element: HTMLIFrameElement) => element.contentWindow!.innerWidth)).toBe(width);
    }
    await page.close();
  });
});

describe('nothing wrong reads as valid', () => {
  it('draws every status pill with AA contrast', async () => {
    const page = await fixture.openEditor('');
    const pills = page.locator('[data-tone]');
    await pills.first().waitFor();
    const colours = await pills.evaluateAll((elements) =>
      elements.map((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor, element.textContent]),
    );
    expect(colours.length).toBeGreaterThan(10);
    for (const [color, background, text] of colours) expect(contrastRatio(color!, background!), `${text}`).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });

  it('refuses a collection edit that breaks another page: errors, not Valid, and Save disabled', async () => {
    const page = await fixture.openEditor('/collection/plans');
    await expect.poll(() => status(page)).toBe('Valid');
    // Pages quote the Growth plan's price ({plans.growth.price}): without the record, they would break.
    await page.getByRole('button', { name: /^Remove record Growth/ }).click();
    await expect.poll(() => status(page)).toMatch(/error/);
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.getByText('Errors this draft causes in other files').waitFor();
    await page.close();
  });

  it('says, before and after saving an English change, what is left to translate in each language', async () => {
    const page = await fixture.openEditor('/page/story.json');
    await typeAtEnd(field(page, 'Heading'), ' today');
    await page.locator('[data-pending-after-save]').waitFor();
    expect(await page.locator('[data-pending-after-save]').innerText()).toMatch(/Español: 1 to update/);
    await save(page);
    const saved = page.getByRole('status').filter({ hasText: 'Now to translate' });
    await saved.waitFor();
    expect(await saved.innerText()).toMatch(/Deutsch: 1 to update/);
    await saved.getByRole('link', { name: 'Translate into Español' }).waitFor();
    await page.close();
  });
});

describe('what the marketer does, undone and saved as expected', () => {
  it('offers Undo at once when a section is removed', async () => {
    const page = await fixture.openEditor('/page/story.json');
    await page.getByRole('button', { name: /^Remove section Stat band/ }).click();
    const notice = page.locator('[data-removed-notice]');
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('[data-outline-label="Stat band"]').waitFor();
    expect(await page.locator('[data-status]').innerText()).toBe('All changes saved');
    await page.close();
  });

  it('saves with Ctrl+S, through the diff, and the saved message goes with the next edit', async () => {
    const page = await fixture.openEditor('/page/story.json');
    await typeAtEnd(field(page, 'Heading'), '!');
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: /^Save the / });
    await dialog.getByRole('table', { name: 'Changes to the file' }).waitFor();
    // The change in words beside the diff, for whoever does not read JSON.
    expect(await dialog.locator('[data-changes]').innerText()).toBe(
      'Hero › Heading: “Restoring humanity to communication” → “Restoring humanity to communication!”',
    );
    await dialog.getByRole('button', { name: 'Save these changes' }).click();
    const saved = page.getByRole('status').filter({ hasText: /^Saved the page “.*” \(\/story\)/ });
    await saved.waitFor();
    expect(fixture.read('story.json')).toContain('"heading": "Restoring humanity to communication!"');
    await typeAtEnd(field(page, 'Heading'), '!');
    await saved.waitFor({ state: 'detached' });
    await page.close();
  });

  it('saves with Ctrl+S pressed the moment Save becomes enabled, before the page has run its effects', async () => {
    const page = await fixture.openEditor('/page/story.json');
    // Ctrl+S sent in the microtask after the DOM enables Save: before React runs its passive effects. A listener
    // made again in an effect still saw "nothing to save" then, and the press only showed the hint (failed in CI).
    await saveButton(page).evaluate((button: HTMLButtonElement) => {
      new MutationObserver((_, observer) => {
        if (button.disabled) return;
        observer.disconnect();
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true }));
      }).observe(button, { attributes: true, attributeFilter: ['disabled'] });
    });
    await typeAtEnd(field(page, 'Heading'), '?');
    await page
      .getByRole('dialog', { name: /^Save the / })
      .getByRole('table', { name: 'Changes to the file' })
      .waitFor();
    await page.close();
  });

  it('goes to the field of a problem clicked: its section selected, the field focused, at a phone width too', async () => {
    for (const viewport of [WIDE, MOBILE]) {
      const page = await fixture.openEditor('/page/story.json', viewport);
      const heading = field(page, 'Heading');
      await heading.click();
      await heading.press('ControlOrMeta+a');
      await heading.press('Delete');
      await selectSection(page, 'Stat band');
      const problem = page.locator('[data-problems]').getByRole('button', { name: 'Hero › Heading' });
      await problem.click();
      await expect.poll(() => heading.evaluate((input) => input === document.activeElement)).toBe(true);
      // A second click goes there again once the focus has moved on.
      await page.locator('[data-problems]').getByRole('button', { name: 'Hero › Heading' }).focus();
      await problem.click();
      await expect.poll(() => heading.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.close();
    }
  });

  it('opens the site in a new tab, never in place of the editor', async () => {
    const page = await fixture.openEditor('/page/story.json');
    expect(await page.getByRole('link', { name: /^Open the site/ }).getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it('previews the call to action in the palette with the site theme (not white on white)', async () => {
    const page = await fixture.openEditor('/page/story.json');
    await page.getByRole('button', { name: 'Add a section' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Call to action', { exact: true }).first().click();
    const heading = dialog.frameLocator('iframe').getByRole('heading', { level: 2 }).first();
    await heading.waitFor();
    const colours = await heading.evaluate((element) => {
      const band = element.closest('section')!;
      return {
        text: getComputedStyle(element).color,
        image: getComputedStyle(band).backgroundImage,
        font: getComputedStyle(element).fontFamily,
      };
    });
    expect(colours.image).toContain('gradient');
    expect(colours.font).toMatch(/Inter/);
    await page.close();
  });
});

describe('a new page', () => {
  it.each([
    ['at 1440 px', WIDE],
    ['at 375 px', MOBILE],
  ])('%s: the address follows the title typed key by key, and the new use case previews at once', async (_, viewport) => {
    const page = await fixture.openEditor('', viewport);
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    // It opens on its first field (for the keyboard too), so the focus it moves a moment after opening stays where a
    // quick click put it: on a field elsewhere, the click's open list closed with the blur.
    const kind = dialog.getByRole('combobox', { name: 'Kind of page' });
    await expect.poll(() => kind.evaluate((element) => element === document.activeElement)).toBe(true);
    await kind.click();
    await page.getByRole('option', { name: /use-case page/ }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).pressSequentially('Appointment Reminders');
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Address' }).inputValue()).toBe('appointment-reminders');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('main', { name: /^Editing the page “.*” \(\/use-cases\/appointment-reminders\)$/ }).waitFor();
    // Nothing hidden: no TODO stand-in for a yes/no, so the preview renders the page at once.
    await showPane(page, 'Preview');
    await preview(page).getByRole('heading', { level: 1 }).waitFor();
    const created = page.getByRole('status').filter({ hasText: 'New page created' });
    expect(await created.innerText()).not.toContain('"blocks"');
    expect(await created.innerText()).toMatch(/is set to/);
    await page.close();
  });
});

describe('translation in the editor', () => {
  it('translates a page beside its English: typed key by key, previewed in Spanish, saved as a translation of the English now', async () => {
    const page = await fixture.openEditor('/page/story.json');
    await typeAtEnd(field(page, 'Heading'), ' today');
    await save(page);
    await page.getByRole('status').getByRole('link', { name: 'Translate into Español' }).click();
    await page.getByRole('main', { name: /^Translating “.*” into Español/ }).waitFor();
    const card = page.locator('[data-key="blocks.Hero.heading"]');
    expect(await card.getAttribute('data-state')).toBe('outdated');
    expect(await card.innerText()).toMatch(/English when translated:\s*Restoring humanity to communication/);
    expect(await card.innerText()).toMatch(/English now:\s*Restoring humanity to communication today/);
    const translation = card.getByRole('textbox', { name: 'Español translation' });
    await translation.fill('');
    await translation.pressSequentially('Devolver la humanidad a la comunicación hoy');
    await preview(page).getByRole('heading', { level: 1, name: 'Devolver la humanidad a la comunicación hoy' }).waitFor();
    expect(await preview(page).locator('html').getAttribute('lang')).toBe('es');
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
    await page.keyboard.press('Control+s');
    await page.locator('[data-status="saved"]').waitFor();
    const entry = JSON.parse(fixture.read('_translations/es/story.json'))['blocks.Hero.heading'];
    expect(entry).toMatchObject({
      source: 'Restoring humanity to communication today',
      text: 'Devolver la humanidad a la comunicación hoy',
    });
    expect(entry.fingerprint).toMatch(/^[0-9a-f]{8}\.[0-9a-f]{8}$/);
    await page.close();
  });

  it('confirms, at a phone width, that a translation still fits a changed English, without changing it', async () => {
    fixture.write(
      'story.json',
      fixture.read('story.json').replace('"Restoring humanity to communication"', '"Restoring humanity to communication."'),
    );
    const page = await fixture.openEditor('/translate/de/story.json', MOBILE);
    const card = page.locator('[data-key="blocks.Hero.heading"]');
    await card.getByRole('button', { name: /confirm/ }).click();
    expect(await card.getAttribute('data-state')).toBe('translated');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-status="saved"]').waitFor();
    const entry = JSON.parse(fixture.read('_translations/de/story.json'))['blocks.Hero.heading'];
    expect(entry.source).toBe('Restoring humanity to communication.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });
});
