/**
 * Undoing a published change set through review, in a browser: a marketer (the editor role) opens a published change
 * set's page, presses "Undo this change set" and confirms it by keyboard (the confirmation takes the focus; axe finds
 * nothing with it open), lands on the new change set ("Undo: …", linked to the one it undoes, its text going back
 * to the old one) and submits it by keyboard; a reviewer approves and publishes it; the original's page then says it
 * was undone in the new one, and the published page, served by the site's own server from the release the editor
 * made, shows the old heading again. Meanwhile a colleague (the admin) keeps the original's page open in a browser of
 * her own: "An undo of it is on its way", then "Undone in …" and "Published, then undone" appear there without a
 * reload, brought by the live stream. Her page's clock is paused (moved on a few milliseconds at a time while waiting),
 * so the page's own 60 s poll never comes: what appears came live.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { axeViolations, newPage, startSite } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { STORY_HEADINGS, storyChangeSets } from '../../test-support/story-change-sets';

const OLD = STORY_HEADINGS[0]!;
const NEW = 'A heading the team takes back';
/** A publish validates the whole site and builds a release, on a loaded machine. */
const PUBLISHED_WITHIN = { timeout: 300_000 };

const editor = useHostedEditor('editor-undo-as-change-set-browser', { releases: true });
let site: Awaited<ReturnType<typeof startSite>> | undefined;

afterAll(async () => {
  await site?.close();
});

/** Presses the button by keyboard: focused, then Enter. */
async function pressByKeyboard(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/**
 * Waits for `locator` on a page whose clock is paused, moving it on 20 ms at a time (for the page's own timers: React
 * Query's, Mantine's): far from the 60 s of its poll however long the wait, so whatever shows came by the live stream.
 */
async function waitLive(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(20);
        return locator.count();
      },
      { ...PUBLISHED_WITHIN, interval: 250 },
    )
    .toBeGreaterThan(0);
}

/** A mark left in the page's window: still there later, the page was not loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { leftOpen: true }));
const stillMarked = (page: Page) => page.evaluate(() => 'leftOpen' in window);

it('a marketer asks for the undo by keyboard; a reviewer approves and publishes it; a colleague with the original open sees it undone, live; the old heading is served', async () => {
  // Published over HTTP as the app does it: the editor's heading, approved and published by the reviewer.
  const { signIn, call } = editor.api();
  const sessions = { editor: await signIn(PEOPLE.editor.email), reviewer: await signIn(PEOPLE.reviewer.email) };
  const stories = storyChangeSets(editor.host, call, (who) => sessions[who as keyof typeof sessions]);
  const id = await stories.changeSet('Bolder story', { 0: NEW });

  // Ada, an admin, has the original's page open, her page's clock paused once it shows (see waitLive).
  const ada = await newPage(editor.browser);
  ada.page.setDefaultTimeout(PUBLISHED_WITHIN.timeout);
  await ada.page.clock.install();
  await editor.signIn(ada.page, PEOPLE.admin.email, `/changes/${id}`);
  await ada.page.getByRole('heading', { name: 'Bolder story', exact: true }).waitFor();
  await ada.page.getByRole('button', { name: 'Undo this change set' }).waitFor();
  await ada.page.clock.pauseAt(Date.now() + 1000);
  await markPage(ada.page);
  const adasUndoneIn = ada.page.locator('[data-undone-in]');

  const ana = await editor.signedIn(PEOPLE.editor.email, `/changes/${id}`);
  await ana.page.getByRole('heading', { name: 'Bolder story' }).waitFor();
  // An editor is offered the undo through review, not the admin's immediate one.
  expect(await ana.page.getByRole('button', { name: 'Undo now' }).count()).toBe(0);
  await pressByKeyboard(ana.page, 'Undo this change set');
  await ana.page.getByRole('region', { name: 'Undo this change set?' }).waitFor();
  const confirm = ana.page.getByRole('button', { name: 'Yes, make the undo' });
  expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await axeViolations(ana.page, undefined, { iframes: false })).toEqual([]);
  await ana.page.keyboard.press('Enter');

  // The new change set's page: hers, linked to the one it undoes, its heading going back to the old one.
  await ana.page.getByRole('heading', { name: 'Undo: Bolder story' }).waitFor();
  await ana.page.locator('[data-undoes]').getByRole('link', { name: 'Bolder story' }).waitFor();
  await ana.page.getByText(`by ${PEOPLE.editor.name}`).first().waitFor();
  await ana.page.getByText(OLD).first().waitFor();
  // Ada's page of the original says, live, that an undo of it is on its way.
  await waitLive(
    ada.page,
    adasUndoneIn.filter({ hasText: 'An undo of it is on its way' }).getByRole('link', { name: 'Undo: Bolder story' }),
  );
  expect(await axeViolations(ana.page, undefined, { iframes: false })).toEqual([]);
  await pressByKeyboard(ana.page, 'Submit for review');
  await ana.page.locator('[data-status="submitted"]').waitFor();
  const undoPath = new URL(ana.page.url()).pathname;
  await ana.context.close();

  // The reviewer finds it as any change set waiting for review, approves and publishes it.
  const rita = await editor.signedIn(PEOPLE.reviewer.email, undoPath);
  await rita.page.getByRole('heading', { name: 'Undo: Bolder story' }).waitFor();
  await pressByKeyboard(rita.page, 'Approve');
  await rita.page.locator('[data-status="approved"]').waitFor();
  await pressByKeyboard(rita.page, 'Publish');
  await rita.page.getByRole('status').filter({ hasText: 'Published' }).first().waitFor(PUBLISHED_WITHIN);
  await rita.page
    .getByText(/The site on this server shows it/)
    .first()
    .waitFor(PUBLISHED_WITHIN);

  // Ada's page of the original, open all along, says where it was undone, live, without being loaded again.
  await waitLive(ada.page, adasUndoneIn.filter({ hasText: 'Undone in' }).getByRole('link', { name: 'Undo: Bolder story' }));
  await waitLive(ada.page, ada.page.getByText('Published, then undone'));
  expect(await stillMarked(ada.page)).toBe(true);
  await ada.context.close();

  // The original now says where it was undone, and is undone no more.
  await rita.page.locator('[data-undoes]').getByRole('link', { name: 'Bolder story' }).click();
  await rita.page.getByRole('heading', { name: 'Bolder story', exact: true }).waitFor();
  await rita.page.locator('[data-undone-in]').filter({ hasText: 'Undone in' }).getByRole('link', { name: 'Undo: Bolder story' }).waitFor();
  await rita.page.getByText('Published, then undone').waitFor();
  // Its own page, not the undo's: the undo's publish answer does not come along through the link.
  expect(await rita.page.getByText(/^Published as /).count()).toBe(0);
  expect(await rita.page.getByRole('button', { name: 'Undo this change set' }).count()).toBe(0);
  expect(await axeViolations(rita.page, undefined, { iframes: false })).toEqual([]);
  await rita.context.close();

  // The site's own server on the release the editor serves now.
  site = await startSite({ distDir: join(editor.host.releasesDir, 'current') });
  const visitor = await editor.browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`${site.baseURL}/story/`);
  await page.getByRole('heading', { name: OLD }).waitFor();
  expect(await page.getByText(NEW).count()).toBe(0);
  await visitor.close();
}, 600_000);
