/**
 * A publish the site on this server could not serve, as a reviewer sees it: "Published", then apart from it a red
 * "Not served" with why and what to do, still there after a reload; "Serve again", once the cause is put right, serves
 * it and says so. Axe on each state.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, launchBrowser, newPage } from '../../test-support/browser';
import { editorClient, PASSWORD, PEOPLE, prepareEditorHost, type PreparedHost } from '../../test-support/editor-host';
import { startEditor, type StartedEditor } from '../../src/editor/host/start';

let host: PreparedHost;
let editor: StartedEditor;
let browser: Browser;

beforeAll(async () => {
  host = await prepareEditorHost('editor-serve-again', { releases: true });
  // The releases folder cannot be made: a file is in its place, so every serve fails until it is removed.
  writeFileSync(host.releasesDir, 'not a folder');
  [editor, browser] = await Promise.all([startEditor(host.env, { logger: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await editor?.close();
});

describe('a publish not served', () => {
  it('is shown in red apart from the publish, after a reload too, and Serve again serves it once the cause is gone', async () => {
    const heading = 'Served on the second try';
    const { signIn, call } = editorClient(editor.url);
    const ana = await signIn(PEOPLE.editor.email);
    const rita = await signIn(PEOPLE.reviewer.email);
    const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Serve again' } })).json.id as string;
    const base = `/changes/${id}/edit/api`;
    const opened = await call('GET', `${base}/document?file=story.json`, { session: ana });
    const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
    doc.blocks[0].heading = heading;
    await call('POST', `${base}/save`, { session: ana, body: { file: 'story.json', doc, baseHash: opened.json.hash } });
    await call('POST', `/api/changes/${id}/submit`, { session: ana });
    expect((await call('POST', `/api/changes/${id}/approve`, { session: rita })).status).toBe(200);

    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`${editor.url}/changes/${id}`);
    await page.getByRole('textbox', { name: /^Email/ }).pressSequentially(PEOPLE.reviewer.email);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .pressSequentially(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor({ timeout: 120_000 });
    const notServed = page.getByRole('alert').filter({ hasText: 'Not served' });
    await notServed.waitFor();
    expect(await notServed.textContent()).toContain(host.releasesDir);
    expect(await page.locator('[data-served="failed"]').evaluate((alert) => getComputedStyle(alert).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

    // After a reload the page still says so: the editor keeps the last serve.
    await page.reload();
    await page.locator('[data-status="published"]').waitFor();
    await notServed.waitFor();
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

    rmSync(host.releasesDir);
    await notServed.getByRole('button', { name: 'Serve again' }).click();
    await page.getByRole('status').filter({ hasText: 'Served on this server' }).waitFor({ timeout: 150_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'Not served' }).count()).toBe(0);
    expect(readFileSync(join(host.releasesDir, 'current', 'story', 'index.html'), 'utf8')).toContain(heading);
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
    await context.close();
  }, 360_000);
});
