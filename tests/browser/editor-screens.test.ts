/**
 * The visual editor on every screen (issue 50, item 4), in Chromium against the dev server: at a phone's, a tablet's,
 * a small laptop's and a desktop's width the editor is one screen high (its preview's frame once grew without end below
 * about 1,000 px: the frame as tall as its box, the box as tall as the frame), nothing is past the screen's edge, and
 * where the form and the preview do not fit side by side a labelled switch, reachable by keyboard, shows one or the
 * other. Screenshots of each width go to .screenshots/editor-<width>-<pane>.png, for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { field, preview, useEditorFixture } from './editor-harness';

const fixture = useEditorFixture();

const SCREENS = [
  { name: 'phone', width: 375, height: 740, narrow: true },
  { name: 'tablet', width: 768, height: 1024, narrow: true },
  { name: 'small laptop', width: 1024, height: 768, narrow: false },
  { name: 'desktop', width: 1440, height: 900, narrow: false },
];

const SCREENSHOTS = join(import.meta.dirname, '..', '..', '.screenshots');

/** The page's size once the layout has settled: a dozen animation frames after the preview showed its page. */
async function settledSize(page: Page) {
  return page.evaluate(async () => {
    for (let i = 0; i < 12; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const frame = document.querySelector('iframe[title^="Preview"]');
    return {
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
      frameHeight: frame ? frame.getBoundingClientRect().height : 0,
    };
  });
}

const visible = (page: Page, selector: string) => page.locator(selector).first().isVisible();

/** Everything focusable or readable in the editor's own page lies within the screen's width. */
const pastTheEdge = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button, a, input, textarea, [role="radio"], h1, h2, label')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .map((element) => element.textContent?.trim().slice(0, 40) || element.tagName),
  );

describe('the editor on every screen', () => {
  it.each(SCREENS)(
    'at $width px ($name): one screen high, nothing past its edge, the preview a tap away',
    async (screen) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const viewport = { width: screen.width, height: screen.height };
      const page = await fixture.openEditor('/page/story.json', viewport);
      const switcher = page.getByRole('radiogroup', { name: 'Show the form or the preview' });
      const heading = field(page, 'Heading');

      if (screen.narrow) {
        // The form first, the preview behind the switch; typing in the form, then showing the preview by keyboard.
        expect(await switcher.isVisible()).toBe(true);
        expect(await visible(page, 'iframe[title^="Preview"]')).toBe(false);
        await heading.click();
        await page.keyboard.press('ControlOrMeta+a');
        await heading.pressSequentially('Every screen');
        let size = await settledSize(page);
        expect(size.height).toBeLessThanOrEqual(screen.height);
        expect(size.width).toBeLessThanOrEqual(screen.width);
        expect(await pastTheEdge(page)).toEqual([]);
        expect(await axeViolations(page, undefined, { iframes: false }), 'the form').toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `editor-${screen.width}-form.png`) });

        await switcher.getByRole('radio', { name: 'Form' }).focus();
        await page.keyboard.press('ArrowRight');
        expect(await switcher.getByRole('radio', { name: 'Preview' }).isChecked()).toBe(true);
        await preview(page).getByRole('heading', { level: 1, name: 'Every screen' }).waitFor();
        expect(await visible(page, '[data-form-title]')).toBe(false);
        size = await settledSize(page);
        expect(size.height).toBeLessThanOrEqual(screen.height);
        expect(size.width).toBeLessThanOrEqual(screen.width);
        // The preview fills what the header, toolbar and switch leave of the screen.
        expect(size.frameHeight).toBeGreaterThan(screen.height / 3);
        expect(await pastTheEdge(page)).toEqual([]);
        expect(await axeViolations(page), 'the preview').toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `editor-${screen.width}-preview.png`) });

        // A section tapped in the preview brings its form back.
        await preview(page).getByRole('heading', { name: 'Reachwell today' }).click();
        await page.locator('[data-form-title]').filter({ hasText: 'Stat band' }).waitFor();
        expect(await switcher.getByRole('radio', { name: 'Form' }).isChecked()).toBe(true);
      } else {
        // Side by side: no switch, the form and the preview both on screen.
        expect(await switcher.isVisible()).toBe(false);
        await heading.click();
        await page.keyboard.press('ControlOrMeta+a');
        await heading.pressSequentially('Every screen');
        await preview(page).getByRole('heading', { level: 1, name: 'Every screen' }).waitFor();
        expect(await visible(page, '[data-form-title]')).toBe(true);
        const size = await settledSize(page);
        expect(size.height).toBeLessThanOrEqual(screen.height);
        expect(size.width).toBeLessThanOrEqual(screen.width);
        expect(size.frameHeight).toBeGreaterThan(screen.height / 3);
        expect(await pastTheEdge(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `editor-${screen.width}.png`) });
      }
      await page.close();
    },
    120_000,
  );

  it.each([
    ['a collection', '/collection/plans'],
    ['the site configuration', '/site'],
  ])(
    'keeps %s one screen high on a phone, form and preview alike',
    async (_, path) => {
      const page = await fixture.openEditor(path, { width: 375, height: 740 });
      const switcher = page.getByRole('radiogroup', { name: 'Show the form or the preview' });
      for (const pane of ['Form', 'Preview']) {
        await switcher.getByRole('radio', { name: pane }).focus();
        await page.keyboard.press('Space');
        expect(await switcher.getByRole('radio', { name: pane }).isChecked()).toBe(true);
        const size = await settledSize(page);
        expect(size.height, pane).toBeLessThanOrEqual(740);
        expect(size.width, pane).toBeLessThanOrEqual(375);
        expect(await pastTheEdge(page), pane).toEqual([]);
      }
      await page.close();
    },
    120_000,
  );
});
