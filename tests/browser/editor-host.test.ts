/**
 * The hosted editor's whole path in a browser, as a marketer and a reviewer take it, at a desktop's 1280 px and a
 * phone's 375 px: sign in, start a change set, change the story's heading by typing in the editor, save (a commit by
 * them), submit; a colleague signs in in their own browser, reads the change in words beside the page before and
 * after, approves and publishes; the site served from this machine has it. Axe on every view on the way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, MOBILE, newPage } from '../../test-support/browser';
import { PEOPLE, smallSite } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

// The small site with the real story page in the real languages: the path is the editor's, not the site's, and each
// publish with releases builds the whole site (the real one's 160 pages in 5 languages, twice in this file).
const hosted = useHostedEditor('editor-host-browser', { releases: true, content: smallSite({ languages: true }) });
/** EDITOR_HOST_SHOTS=<folder>: a screenshot of each view, to look at. */
const shot = (page: Page, name: string) =>
  process.env.EDITOR_HOST_SHOTS
    ? page.screenshot({ path: join(process.env.EDITOR_HOST_SHOTS, `${name}.png`), fullPage: !name.includes('editor') })
    : undefined;

/** Signs in through the sign-in page (already open when `alreadyThere`), which must be on /sign-in and pass axe. */
async function signIn(page: Page, email: string, next = '/', alreadyThere = false) {
  if (alreadyThere) await page.getByRole('heading', { name: /^Sign in/ }).waitFor();
  else await hosted.openSignIn(page, next);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  expect(await axeViolations(page)).toEqual([]);
  await hosted.typeCredentials(page, email);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const)('at a %s’s width', (name, viewport) => {
  it('a marketer changes a heading in a change set, a colleague reviews and publishes it, the site serves it', async () => {
    const heading = `People first, on a ${name}`;
    const { page, context } = await newPage(hosted.browser, viewport);
    await signIn(page, PEOPLE.editor.email);
    await page.getByRole('heading', { name: 'Change sets' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `${name}-1-change-sets`);

    await page.getByRole('textbox', { name: 'New change set' }).pressSequentially(`Story heading (${name})`);
    await page.getByRole('button', { name: 'Start editing' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    const editorUrl = new URL(page.url()).pathname;
    expect(editorUrl).toMatch(/^\/changes\/story-heading-[a-z]+-[0-9a-f]{6}\/edit\/?$/);
    const id = editorUrl.split('/')[2];
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${hosted.host.editor.url}/changes/${id}/edit/page/story.json`);
    await page.getByRole('main', { name: /^Editing / }).waitFor();
    await page.getByRole('navigation', { name: 'Sections of the page' }).getByText('Hero').first().click();
    const field = page.getByRole('textbox', { name: 'Heading', exact: true });
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.pressSequentially(heading);
    await expect.poll(() => field.inputValue()).toBe(heading);
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
    await shot(page, `${name}-2-editor`);
    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Save the / });
    await dialog.getByRole('button', { name: 'Save these changes' }).click();
    await page.locator('[data-status="saved"]').waitFor();
    const log = hosted.host.git(hosted.host.root, [
      '--git-dir',
      join(hosted.host.dataDir, 'repo.git'),
      'log',
      '--format=%an|%s',
      `changes/${id}`,
      '^main',
    ]);
    expect(log).toBe('Ana Lima|Story: Hero › Heading\n');

    await page.goto(`${hosted.host.editor.url}/changes/${id}`);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.locator('[data-status="submitted"]').waitFor();
    await shot(page, `${name}-3-submitted`);
    await context.close();

    const reviewer = await newPage(hosted.browser, viewport);
    await signIn(reviewer.page, PEOPLE.reviewer.email, `/changes/${id}`);
    const review = reviewer.page;
    await review.getByRole('heading', { name: `Story heading (${name})` }).waitFor();
    // The change word by word, in the changed document's part (the previous width's run published its own heading
    // first): without the words it removes (and the "added:" said to a screen reader), the new heading whole.
    const diff = review
      .getByRole('article', { name: /^Our Story/ })
      .locator('[data-word-diff]')
      .filter({ hasText: 'Hero › Heading' });
    await diff.waitFor();
    const afterText = await diff.evaluate((node) => {
      const text = node.lastElementChild!.cloneNode(true) as HTMLElement;
      for (const gone of text.querySelectorAll('del, .mantine-VisuallyHidden-root')) gone.remove();
      return text.textContent;
    });
    expect(afterText).toBe(heading);
    expect(await diff.locator('ins').count()).toBeGreaterThan(0);
    const after = review.frameLocator(`iframe[title$="with this change set"]`);
    await after.getByRole('heading', { name: heading }).waitFor();
    expect(await axeViolations(review, undefined, { iframes: false })).toEqual([]);
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.locator('[data-status="approved"]').waitFor();
    await review.getByRole('button', { name: 'Publish', exact: true }).click();
    await review.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    expect(readFileSync(join(hosted.host.releasesDir, 'current', 'story', 'index.html'), 'utf8')).toContain(heading);
    expect(hosted.host.git(hosted.host.remote, ['show', 'main:pages-json/story.json'])).toContain(heading);
    expect(await axeViolations(review, undefined, { iframes: false })).toEqual([]);
    await shot(review, `${name}-4-published`);
    await reviewer.context.close();
  });
});

describe('a translator', () => {
  it('finds the structure read only in the editor (Save off, saying where to write) and translates', async () => {
    const { page, context } = await newPage(hosted.browser, DESKTOP);
    // A sign-in link whose `next` leads to another site (a backslash after the slash) lands on the editor's own page.
    await page.goto(`${hosted.host.editor.url}/sign-in?next=${encodeURIComponent('/\\evil.example/')}`);
    await signIn(page, PEOPLE.translator.email, undefined, true);
    await page.getByRole('heading', { name: 'Change sets' }).waitFor();
    expect(new URL(page.url()).origin).toBe(hosted.host.editor.url);
    await page.getByRole('textbox', { name: 'New change set' }).pressSequentially('Spanish story');
    await page.getByRole('button', { name: 'Start editing' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    const id = new URL(page.url()).pathname.split('/')[2];
    await page.goto(`${hosted.host.editor.url}/changes/${id}/edit/page/story.json`);
    await page.getByRole('main', { name: /^Editing / }).waitFor();
    const field = page.getByRole('textbox', { name: 'Heading', exact: true });
    await page.getByRole('navigation', { name: 'Sections of the page' }).getByText('Hero').first().click();
    // The English is read only for them: every field off, a note saying why and where their translation is.
    expect(await field.isDisabled()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'The English is read only for you' }).waitFor();
    const save = page.getByRole('button', { name: 'Save…' });
    expect(await save.isDisabled()).toBe(true);
    await save.hover({ force: true });
    await page.getByRole('tooltip', { name: /^You translate/ }).waitFor();
    // Where the hint sends them: the page's Spanish, beside its English.
    expect(await page.getByRole('link', { name: /^(Español|Spanish)$/ }).count()).toBeGreaterThan(0);
    await page.goto(`${hosted.host.editor.url}/changes/${id}/edit/translate/es/story.json`);
    await page.getByRole('main', { name: /^Translating / }).waitFor();
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
    await context.close();
  });
});
