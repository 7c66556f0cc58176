/**
 * History from the hosted editor, in Chromium: the documents list and the page editor's toolbar link to a document's
 * history; opened from a change set it lists that change set's saves and offers it first, beside the person's other
 * open change sets and a new one; a version shows as the page it was; restoring into another open change set of
 * theirs and into a new one are new saves there. Axe on the history view.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test-support/browser';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { storySiteForThisFile } from '../../test-support/story-site-for-file';

const hosted = useHostedEditor('editor-history-browser', { content: storySiteForThisFile('editor-history-browser') });

const log = (id: string) =>
  hosted.host.git(hosted.host.root, [
    '--git-dir',
    join(hosted.host.dataDir, 'repo.git'),
    'log',
    '--format=%an|%s',
    `changes/${id}`,
    '^main',
  ]);

describe('history from the editor', () => {
  it('links every document to its history, shows a version as its page, and restores into an open change set of mine or a new one', async () => {
    const { signIn, call } = hosted.api();
    const ana = await signIn(PEOPLE.editor.email);
    const create = async (title: string) => (await call('POST', '/api/changes', { session: ana, body: { title } })).json.id as string;
    const working = await create('Spring story');
    const other = await create('Another of mine');
    const base = `/changes/${working}/edit/api`;
    const opened = await call('GET', `${base}/document?file=story.json`, { session: ana });
    const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
    doc.blocks[0].heading = 'People first, in spring';
    await call('POST', `${base}/save`, { session: ana, body: { file: 'story.json', doc, baseHash: opened.json.hash } });

    const { page, context } = await hosted.signedIn(PEOPLE.editor.email, `/changes/${working}/edit`);
    // The documents list: a History link on every document.
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    const rows = page.locator('tr[data-file]');
    await rows.first().waitFor();
    expect(await page.locator('tr[data-file] [data-history-link]').count()).toBe(await rows.count());
    const storyLink = page.locator('tr[data-file="story.json"]').getByRole('link', { name: /^History of / });
    const href = new URL((await storyLink.getAttribute('href'))!, 'http://editor');
    expect([href.pathname, href.searchParams.get('file'), href.searchParams.get('change')]).toEqual([
      '/history',
      'pages-json/story.json',
      working,
    ]);
    expect(href.searchParams.get('name')).toMatch(/^Our Story/);

    // The page editor's toolbar: its History link opens the history from this change set.
    await page.goto(`${hosted.host.editor.url}/changes/${working}/edit/page/story.json`);
    await page.getByRole('main', { name: /^Editing / }).waitFor();
    await page.getByRole('link', { name: /^History of Our Story/ }).click();
    await page.getByRole('heading', { name: /^History of “Our Story/ }).waitFor();
    const own = page.getByRole('row').filter({ hasText: 'People first, in spring' });
    await own.waitFor();
    const into = page.getByRole('combobox', { name: 'Restore a version into' });
    await expect.poll(() => into.inputValue()).toBe(working);
    const choices = await into.locator('option').allTextContents();
    expect(choices.toSorted()).toEqual(['A new change set', 'Another of mine', 'Spring story']);
    expect(choices.at(-1)).toBe('A new change set');
    expect(await axeViolations(page)).toEqual([]);

    // A version, as the page it was.
    await own.getByRole('button', { name: 'View' }).click();
    const frame = page.frameLocator('iframe[title^="pages-json/story.json as of"]');
    await frame.getByRole('heading', { name: 'People first, in spring' }).waitFor();
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);

    // Into another open change set of mine: a new save there, by me.
    await into.selectOption({ label: 'Another of mine' });
    await own.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored' }).filter({ hasText: 'Another of mine' }).waitFor();
    expect(log(other)).toMatch(/^Ana Lima\|Restore Story to the version of /);

    // Into a new change set: made, and the version saved in it.
    await into.selectOption({ label: 'A new change set' });
    await own.getByRole('button', { name: 'Restore' }).click();
    const restoredNew = page.getByRole('status').filter({ hasText: 'Restored' }).filter({ hasText: 'Restore story to the version of' });
    await restoredNew.waitFor();
    const list = (await call('GET', '/api/changes', { session: ana })).json as unknown as { id: string; title: string }[];
    const made = list.find((summary) => summary.title.startsWith('Restore story to the version of'))!;
    expect(log(made.id)).toMatch(/^Ana Lima\|Restore Story to the version of /);
    expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
    await context.close();
  }, 240_000);
});
