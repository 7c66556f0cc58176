/**
 * The editor's preview frame in `npm run dev` runs a page's start-up as the public page does (src/page-start.ts), after
 * every rendering it swaps in as well as at load (tests/browser/preview-page-start.ts has the steps).
 */
import { it } from 'vitest';
import { useEditorFixture } from './editor-harness';
import { bannerOff, expectPreviewStartsPage } from './preview-page-start';

const fixture = useEditorFixture();

it('moves the header with the banner a draft turned on, and wakes the chat a second label makes rotate', async () => {
  // The home page without its banner, as saved: the frame loads without it, and the page's scripts find nothing to do.
  const { text, site } = bannerOff(fixture.read('_site.json'));
  fixture.write('_site.json', text);
  const page = await fixture.openEditor('/site');
  await expectPreviewStartsPage(page, site);
  await page.close();
});
