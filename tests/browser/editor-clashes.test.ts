/**
 * A clash as a marketer and the team's only reviewer meet it, each in their own browser: Bo types a new Terms heading
 * in the editor and saves it; Ana's change set of the same heading is published by Rita meanwhile. Bo's editor
 * toolbar says so by itself, in words, with who published the other version; Rita's review page says the two change
 * sets collide before she presses Publish; Bo settles it on his change set's page (a text of his own, typed key by
 * key), and Rita approves and publishes it. Axe on every view that shows the clash.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

const hosted = useHostedEditor('editor-clashes-browser', { extraPeople: 1 });
/** EDITOR_HOST_SHOTS=<folder>: a screenshot of each view that shows the clash, to look at. */
const shot = (page: Page, name: string) =>
  process.env.EDITOR_HOST_SHOTS
    ? page.screenshot({ path: join(process.env.EDITOR_HOST_SHOTS, `${name}.png`), fullPage: !name.includes('toolbar') })
    : undefined;
const BO = 'person1@reachwell.example';

/** Ana's change set of the Terms heading, made and submitted through the API (what her browser would do). */
async function anasChangeSet(): Promise<string> {
  const { signIn: apiSignIn, call } = hosted.api();
  const ana = await apiSignIn(PEOPLE.editor.email);
  const made = await call('POST', '/api/changes', { session: ana, body: { title: 'Terms, by Ana' } });
  const id = made.json.id as string;
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=terms.json`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = 'Terms, plainly';
  await call('POST', `/changes/${id}/edit/api/save`, { session: ana, body: { file: 'terms.json', doc, baseHash: opened.json.hash } });
  await call('POST', `/api/changes/${id}/submit`, { session: ana });
  return id;
}

it('Bo sees the clash in his editor and on his change set’s page, settles it, and the only reviewer publishes both', async () => {
  const anas = await anasChangeSet();

  // Bo starts a change set and types his heading key by key.
  const bo = await hosted.signedIn(BO, '/');
  await bo.page.getByRole('heading', { name: 'Change sets' }).waitFor();
  await bo.page.getByRole('textbox', { name: 'New change set' }).pressSequentially('Terms, by Bo');
  await bo.page.getByRole('button', { name: 'Start editing' }).click();
  await bo.page.getByRole('heading', { name: 'Documents' }).waitFor();
  const id = new URL(bo.page.url()).pathname.split('/')[2];
  await bo.page.goto(`${hosted.host.editor.url}/changes/${id}/edit/page/terms.json`);
  await bo.page.getByRole('main', { name: /^Editing / }).waitFor();
  await bo.page.getByRole('navigation', { name: 'Sections of the page' }).getByText('Prose').first().click();
  const field = bo.page.getByRole('textbox', { name: 'Heading', exact: true });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially('Terms, simply');
  await expect.poll(() => field.inputValue()).toBe('Terms, simply');
  await bo.page.getByRole('button', { name: 'Save…' }).click();
  await bo.page
    .getByRole('dialog', { name: /^Save the / })
    .getByRole('button', { name: 'Save these changes' })
    .click();
  await bo.page.locator('[data-status="saved"]').waitFor();
  // Nothing collides yet.
  expect(await bo.page.locator('[data-clash-notice]').count()).toBe(0);

  // Rita approves and publishes Ana's change set in her own browser.
  const rita = await hosted.signedIn(PEOPLE.reviewer.email, `/changes/${anas}`);
  await rita.page.getByRole('button', { name: 'Approve' }).click();
  await rita.page.locator('[data-status="approved"]').waitFor();
  await rita.page.getByRole('button', { name: 'Publish', exact: true }).click();
  await rita.page.getByRole('status').filter({ hasText: 'Published' }).waitFor({ timeout: 90_000 });

  // Bo's toolbar says so by itself, without a reload: where, both values, who published the other.
  const notice = bo.page.locator('[data-clash-notice]');
  await notice.waitFor({ timeout: 120_000 });
  await expect
    .poll(() => notice.innerText())
    .toMatch(
      /“Terms, by Ana” \(published by Rita Review\) collide[\s\S]*Terms of Service › Prose › Heading: published “Terms, plainly” \(published by Rita Review, .+, in “Terms, by Ana”\), this change set “Terms, simply”/,
    );
  expect(await axeViolations(bo.page, undefined, { iframes: false })).toEqual([]);
  await shot(bo.page, 'clash-1-toolbar');

  // Rita's review of Bo's change set says the two collide, before anyone presses Publish (after a reload too).
  await rita.page.goto(`${hosted.host.editor.url}/changes/${id}`);
  const ritasAlert = rita.page.getByRole('alert').filter({ hasText: 'collide' });
  await ritasAlert.waitFor();
  expect(await ritasAlert.innerText()).toMatch(/This change set and “Terms, by Ana” \(published by Rita Review\) collide/);
  expect(await axeViolations(rita.page, undefined, { iframes: false })).toEqual([]);
  await shot(rita.page, 'clash-2-review');

  // Bo follows the notice to his change set's page and settles it with a text of his own.
  await notice.getByRole('link', { name: /Bring it up to date/ }).click();
  const choices = bo.page.getByRole('form', { name: 'Settle the clashes' });
  await choices.waitFor();
  await bo.page.reload();
  await choices.waitFor();
  expect(await choices.innerText()).toMatch(/Published: “Terms, plainly” \(published by Rita Review/);
  expect(await axeViolations(bo.page, undefined, { iframes: false })).toEqual([]);
  await choices.getByRole('radio', { name: 'A text of my own' }).check();
  const own = choices.getByRole('textbox', { name: /^Your text for Terms of Service › Prose › Heading/ });
  await own.click();
  await own.press('ControlOrMeta+a');
  await own.pressSequentially('Terms, in plain words');
  expect(await axeViolations(bo.page, undefined, { iframes: false })).toEqual([]);
  await shot(bo.page, 'clash-3-choices');
  await choices.getByRole('button', { name: 'Bring up to date with these choices' }).click();
  await choices.waitFor({ state: 'detached' });
  await bo.page.getByText(/^Bring “Terms, by Bo” up to date with the published site — Person 1/).waitFor();
  await bo.page.getByRole('button', { name: 'Submit for review' }).click();
  await bo.page.locator('[data-status="submitted"]').waitFor();

  // Rita, the team's only reviewer, approves and publishes it.
  await rita.page.reload();
  await rita.page.getByRole('button', { name: 'Approve' }).click();
  await rita.page.locator('[data-status="approved"]').waitFor();
  await rita.page.getByRole('button', { name: 'Publish', exact: true }).click();
  await rita.page.getByRole('status').filter({ hasText: 'Published' }).waitFor({ timeout: 90_000 });
  expect(hosted.host.git(hosted.host.remote, ['show', 'main:pages-json/terms.json'])).toContain('"heading": "Terms, in plain words"');
  await bo.context.close();
  await rita.context.close();
}, 300_000);
