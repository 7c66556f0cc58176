/**
 * The editor's preview (src/editor/server/render-draft.tsx) is the page as the build renders it: for every real
 * page (the editor edits the default language), its body with the section marks taken out is renderPage's, byte for
 * byte, rendered afresh and again from what the first rendering kept (a keystroke renders only the block it changed).
 * One difference is meant: a preview is not a visit, so the not-found page in it does not log the path it was opened at.
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import { PREVIEW_BLOCK_MARK } from '../../src/editor/protocol';
import { renderDraftPage } from '../../src/editor/server/render-draft';
import { renderPage, type PageToRender } from '../../src/render/render-page';
import { context } from '../../test-support/render-block';

const pages: PageToRender[] = loadContent(CONTENT_DIR).pages.map(({ file, route, doc }) => ({ file, route, doc }));
const withoutMarks = (body: string) => body.replace(new RegExp(`<!--${PREVIEW_BLOCK_MARK}\\d+-->`, 'g'), '');

describe("the editor's preview of a page", () => {
  it.each(pages.map((page) => [page.file, page] as const))('%s is the page the build renders', (_, page) => {
    const built = renderPage(page, context).body.replace('&quot;logMissingPath&quot;:true', '&quot;logMissingPath&quot;:false');
    expect(withoutMarks(renderDraftPage(page, context).body)).toBe(built);
    expect(withoutMarks(renderDraftPage(page, context).body)).toBe(built);
  });
});
