/**
 * The media library in the hosted editor, in Chromium (issue 51 item 3): an editor opens a page's Hero, chooses to add
 * an image, picks a PNG with the file chooser, writes its alt text, and the image is in the field and in the preview;
 * the upload is a commit of the file by its author on the change set. The library view lists the new image under
 * "not used anywhere" and refuses to delete an image a page shows, naming the page. Axe on the picker and the library.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

const hosted = useHostedEditor('editor-media-browser');

it('uploads a PNG in a Hero with its alt text, shows it in the preview, and commits it; the library finds it unused', async () => {
  const { signIn: apiSignIn, call } = hosted.api();
  const ana = await apiSignIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Careers picture' } })).json.id as string;
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 240, g: 120, b: 30 } } })
    .png()
    .toBuffer();

  const { page, context } = await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}/edit/page/careers.json`);
  // Listened for from the start (as in editor-media-dev.test.ts: a listener added just before the click raced
  // playwright's file chooser interception).
  const chooser = page.waitForEvent('filechooser', { timeout: 0 });
  chooser.catch(() => {});
  await page.getByRole('main', { name: /^Editing / }).waitFor();
  await page.getByRole('navigation', { name: 'Sections of the page' }).locator('[data-outline-label="Hero"]').first().click();
  const field = page.getByRole('group', { name: 'Image' });
  await field.getByRole('button', { name: 'Choose an image' }).click();

  const picker = page.getByRole('dialog', { name: 'An image for “Image”' });
  await picker.getByRole('button', { name: /^Use story-hero/ }).waitFor();
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await picker.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: 'Orange team.png', mimeType: 'image/png', buffer: png });
  // Without alt text (and not decorative) it is not sent.
  await picker.getByRole('button', { name: 'Add the image' }).click();
  await picker.getByText('Write what the image shows, or mark it decorative.').waitFor();
  await picker.getByRole('textbox', { name: /^Alt text \(English\)/ }).pressSequentially('The team around an orange table');
  await picker.getByRole('button', { name: 'Add the image' }).click();
  await picker.waitFor({ state: 'detached' });

  await field.getByText('orange-team', { exact: true }).waitFor();
  await field.getByText('The team around an orange table').waitFor();
  const previewImage = page.frameLocator('iframe[title^="Preview"]').locator('img[src*="/_img/orange-team-"]');
  await previewImage.first().waitFor();
  expect(await previewImage.first().getAttribute('alt')).toBe('The team around an orange table');
  const { host } = hosted;
  const git = (...args: string[]) => host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]);
  expect(git('log', '--format=%an', `changes/${id}`, '^main').trim()).toBe(PEOPLE.editor.name);
  expect(git('show', '--name-only', '--format=', `changes/${id}`).trim().split('\n').sort()).toEqual([
    'pages-json/_media/orange-team.json',
    'pages-json/_media/orange-team.png',
  ]);

  // The library: the new image is used nowhere yet (the page is not saved); the home hero is in use and stays.
  await page.getByRole('link', { name: 'Images' }).click();
  // The page's draft (the image chosen) is not saved: the editor asks before leaving it.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Leave/ })
    .click();
  await page.getByRole('heading', { name: 'Images', level: 1 }).waitFor();
  await page.locator('[data-media-item="home-hero"]').waitFor();
  await page.getByRole('checkbox', { name: 'Only images not used anywhere' }).check();
  await page.locator('[data-media-item="home-hero"]').waitFor({ state: 'detached' });
  await page.locator('[data-media-item="orange-team"]').waitFor();
  await page.getByRole('checkbox', { name: 'Only images not used anywhere' }).uncheck();
  await page.getByRole('textbox', { name: 'Search by name or alt text' }).pressSequentially('home hero');
  await page.getByRole('button', { name: 'Delete home-hero' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /^Not deleted: 1 page shows this image: \/ \(/ })
    .waitFor();
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  expect(git('log', '--format=%s', `changes/${id}`, '^main').trim().split('\n')).toHaveLength(1);
  await context.close();
}, 300_000);
