/**
 * Asking for changes in a browser: a reviewer, in their own browser, opens a change set waiting for review, asks for
 * changes with a comment typed key by key; its author, in theirs, sees it back as "Changes requested" with the
 * comment, and may submit it again. Axe on both views.
 */
import { expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';

const hosted = useHostedEditor('editor-review-states-browser');

it('a reviewer asks for changes with a comment; its author sees it back, to edit and submit again', async () => {
  // The author's change set, saved and submitted over HTTP as the app does.
  const { signIn: apiSignIn, call } = hosted.api();
  const ana = await apiSignIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'Careers wording' } })).json.id as string;
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=careers.json`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as { meta: { description: string } };
  doc.meta.description += ' Join us.';
  await call('POST', `/changes/${id}/edit/api/save`, { session: ana, body: { file: 'careers.json', doc, baseHash: opened.json.hash } });
  expect((await call('POST', `/api/changes/${id}/submit`, { session: ana })).json.status).toBe('submitted');

  const reviewer = await hosted.signedIn(PEOPLE.reviewer.email, `/changes/${id}`);
  const review = reviewer.page;
  await review.getByRole('heading', { name: 'Careers wording' }).waitFor();
  await review.getByRole('button', { name: 'Ask for changes' }).click();
  const form = review.getByRole('form', { name: 'Ask for changes' });
  const send = form.getByRole('button', { name: 'Send back to the author' });
  expect(await send.isDisabled()).toBe(true);
  await form.getByRole('textbox', { name: /^What should change\?/ }).pressSequentially('Say “Join the team” instead.');
  expect(await axeViolations(review, undefined, { iframes: false })).toEqual([]);
  await send.click();
  await review.locator('[data-status="changes-requested"]').waitFor();
  expect(await review.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  await reviewer.context.close();

  const author = await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}`);
  const page = author.page;
  await page.getByRole('status').filter({ hasText: 'Changes requested' }).waitFor();
  await page
    .locator('[data-comment]')
    .filter({ hasText: 'Say “Join the team” instead.' })
    .filter({ hasText: PEOPLE.reviewer.name })
    .waitFor();
  expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.locator('[data-status="submitted"]').waitFor();
  await author.context.close();
});
