/**
 * Undoing a publish at once in a browser: an admin opens a published change set's page, presses "Undo now" and
 * confirms it by keyboard (the confirmation takes the focus; axe finds nothing with it open), sees it undone, and
 * the published page, served by the site's own server from the release the editor made, shows the old text again.
 */
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, DESKTOP, launchBrowser, newPage, startSite } from '../../test-support/browser';
import { editorClient, PASSWORD, PEOPLE, startEditorHost, type EditorHost } from '../../test-support/editor-host';
import { storySiteForThisFile } from '../../test-support/story-site-for-file';

const OLD = 'Restoring humanity to communication';
const NEW = 'A heading the reviewer takes back';

const content = storySiteForThisFile('editor-undo-publish-browser');
let host: EditorHost;
let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>> | undefined;

beforeAll(async () => {
  [host, browser] = await Promise.all([startEditorHost('editor-undo-publish-browser', { releases: true, content }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await site?.close();
  await browser?.close();
  await host?.stop();
});

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`${host.editor.url}${next}`);
  await page.getByRole('textbox', { name: /^Email/ }).pressSequentially(email);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .pressSequentially(PASSWORD);
  await page.keyboard.press('Enter');
}

it('an admin undoes a publish at once by keyboard; the published page shows the old text again', async () => {
  // Published over HTTP as the app does it: the editor's heading, approved and published by the reviewer.
  const { signIn: apiSignIn, call } = editorClient(host.editor.url);
  const [ana, rita] = [await apiSignIn(PEOPLE.editor.email), await apiSignIn(PEOPLE.reviewer.email)];
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Bolder story' } })).json.id as string;
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = NEW;
  await call('POST', `/changes/${id}/edit/api/save`, { session: ana, body: { file: 'story.json', doc, baseHash: opened.json.hash } });
  await call('POST', `/api/changes/${id}/submit`, { session: ana });
  await call('POST', `/api/changes/${id}/approve`, { session: rita });
  const published = await call('POST', `/api/changes/${id}/publish`, { session: rita });
  expect(published.json, published.text).toMatchObject({ outcome: 'published', served: true });

  const admin = await newPage(browser, DESKTOP);
  const page = admin.page;
  await signIn(page, PEOPLE.admin.email, `/changes/${id}`);
  await page.getByRole('heading', { name: 'Bolder story' }).waitFor();
  const undo = page.getByRole('button', { name: 'Undo now' });
  await undo.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: 'Yes, undo it now' });
  await page.getByRole('region', { name: 'Undo now, without review?' }).waitFor();
  // The confirmation has the focus: Enter undoes, Tab reaches "Keep it published".
  expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Publish undone' }).first().waitFor({ timeout: 300_000 });
  // Served, as the undo's own answer says: the page may show it undone before (the record moves first and the live
  // stream refreshes the page), while the release is still being made.
  await page
    .getByText(/The site on this server shows it/)
    .first()
    .waitFor({ timeout: 300_000 });
  await page
    .locator('[data-undone]')
    .filter({ hasText: `Publish undone by ${PEOPLE.admin.name}` })
    .waitFor();
  await page.getByText('Published, then undone').waitFor();
  expect(await page.getByRole('button', { name: 'Undo now' }).count()).toBe(0);
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await admin.context.close();

  // The site's own server on the release the editor serves now.
  site = await startSite({ distDir: join(host.releasesDir, 'current') });
  const visitor = await newPage(browser, DESKTOP);
  await visitor.page.goto(`${site.baseURL}/story/`);
  await visitor.page.getByRole('heading', { name: OLD }).waitFor();
  expect(await visitor.page.getByText(NEW).count()).toBe(0);
  await visitor.context.close();
}, 600_000);
