/**
 * The hosted editor's draft preview runs a page's start-up as the public page does (src/page-start.ts), after every
 * rendering it swaps in as well as at load: its frame loads the site's built entry and the preview frame's script from
 * the editor's bundles (tests/browser/preview-page-start.ts has the steps; the review, history and preview-link pages
 * are whole pages, started once by the entry).
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { copyOfContent } from '../../test-support/dev-server';
import { PEOPLE } from '../../test-support/editor-host';
import { useHostedEditor } from '../../test-support/hosted-editor-browser';
import { bannerOff, expectPreviewStartsPage } from './preview-page-start';

// The site's repository starts with the home page's banner off: the preview frame loads without it.
const content = copyOfContent();
const { text, site } = bannerOff(readFileSync(join(content, '_site.json'), 'utf8'));
writeFileSync(join(content, '_site.json'), text);
const hosted = useHostedEditor('editor-host-preview-page-start', { content });

it("moves the header with the banner a change set's draft turned on, and wakes the chat a second label makes rotate", async () => {
  const { signIn, call } = hosted.api();
  const session = await signIn(PEOPLE.editor.email);
  const id = (await call('POST', '/api/changes', { session, body: { title: 'Banner back' } })).json.id as string;
  const { page, context } = await hosted.signedIn(PEOPLE.editor.email, `/changes/${id}/edit/site`);
  await page.getByRole('main', { name: /^Editing / }).waitFor();
  await expectPreviewStartsPage(page, site);
  await context.close();
});
