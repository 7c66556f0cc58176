/**
 * Preview links (issue 50, item 10), over HTTP against the hosted editor: a new link opens the page the change set
 * changes, not the home page; each page carries a banner naming the change set and saying it is not the live site;
 * the site's own files (its favicon, stylesheet, fonts) load under the link; once the change set is published the link
 * says so, with the link to the page on the live site. Axe, in Chromium, on a preview page with its banner and on the
 * page saying the preview ended.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, launchBrowser, newPage } from '../../test-support/browser';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, smallSite, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
const sessions: Partial<Record<keyof typeof PEOPLE, EditorSession>> = {};
const as = (who: keyof typeof PEOPLE) => sessions[who]!;

beforeAll(async () => {
  // The small site with the real story and careers pages the links open: each save, publish and preview renders it.
  host = await startEditorHost('editor-preview-links', {
    releases: true,
    content: smallSite({ also: ['careers.json'] }),
    passwordCost: CHEAP_PASSWORDS,
  });
  const client = editorClient(host.editor.url);
  call = client.call;
  for (const who of ['editor', 'reviewer'] as const) sessions[who] = await client.signIn(PEOPLE[who].email);
});

afterAll(() => host?.stop());

async function changeSetWithHeading(title: string, file: string, heading: string): Promise<string> {
  const created = await call('POST', '/api/changes', { session: as('editor'), body: { title } });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const editBase = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${editBase}/document?file=${encodeURIComponent(file)}`, { session: as('editor') });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  const saved = await call('POST', `${editBase}/save`, { session: as('editor'), body: { file, doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome, saved.text).toBe('saved');
  return id;
}

const linkOf = async (id: string) => (await call('POST', `/api/changes/${id}/preview-link`, { session: as('editor') })).json.url as string;

describe('a preview link', () => {
  test('opens the page the change set changes, under a banner naming it, with the site’s own files', async () => {
    const id = await changeSetWithHeading('Careers heading', 'careers.json', 'Work with us, from anywhere');
    const url = await linkOf(id);
    expect(url).toMatch(/^\/preview\/[^/]+\/careers$/);
    const page = await call('GET', url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Work with us, from anywhere');
    expect(page.text).toContain('data-preview-banner');
    expect(page.text).toContain('Preview of ‘Careers heading’, not the live site');
    // The banner's words are the editor's, not a component's: nothing of the site's own header was replaced.
    expect(page.text.indexOf('data-preview-banner')).toBeLessThan(page.text.indexOf('<header'));

    // The site's own files, under the link as the page asks for them: the favicon, the stylesheet, and a font.
    const base = url.replace(/\/careers$/, '');
    const favicon = await call('GET', `${base}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(favicon.text).toBe(readFileSync(join(import.meta.dirname, '..', '..', 'public', 'favicon.svg'), 'utf8'));
    expect(page.text).toContain(`href="${base}/favicon.svg"`);
    const stylesheet = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(page.text)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await call('GET', stylesheet!);
    expect(css.status).toBe(200);
    const font = /url\(["']?(\/[^)"']+\.woff2)/.exec(css.text)?.[1];
    expect(font, 'a font in the site’s stylesheet').toBeDefined();
    expect((await call('GET', `${base}${font}`)).status).toBe(200);
    // Only the site's files: nothing beside them in the editor's folders, nothing above them.
    for (const path of ['/..%2F..%2Fpackage.json', '/../code-fingerprint', '/%2E%2E/server/render-draft.js']) {
      const answer = await call('GET', `${base}${path}`);
      expect(answer.text, path).not.toMatch(/"name": "reachwell-site"|export /);
    }
    // A page that is not there is said so in a page, not in JSON.
    const missing = await call('GET', `${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.text).toContain('There is no such page in this preview');
  });

  test('once its change set is published, says so, with the link to the page on the live site', async () => {
    const id = await changeSetWithHeading('Story heading live', 'story.json', 'People first, published');
    const url = await linkOf(id);
    expect(url).toMatch(/\/story$/);
    expect((await call('GET', url)).status).toBe(200);
    expect((await call('POST', `/api/changes/${id}/submit`, { session: as('editor') })).status).toBe(200);
    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).status).toBe(200);
    const published = await call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
    expect(published.json.outcome, published.text).toBe('published');

    const ended = await call('GET', url);
    expect(ended.status).toBe(410);
    expect(ended.headers.get('content-type')).toMatch(/^text\/html/);
    expect(ended.text).toContain('‘Story heading live’ is on the live site now');
    expect(ended.text).toContain('href="https://www.reachwell.example/story"');
    expect(ended.text).not.toContain('People first, published');
    // A link made after the publish ends the same way.
    expect((await call('GET', await linkOf(id))).status).toBe(410);
  });

  test('finds nothing for axe: a preview page with its banner, and the page saying a preview ended', async () => {
    const id = await changeSetWithHeading('Careers for axe', 'careers.json', 'Work with us, checked');
    const url = await linkOf(id);
    const browser = await launchBrowser();
    try {
      const { page } = await newPage(browser);
      await page.goto(`${host.editor.url}${url}`);
      await page.getByRole('complementary', { name: 'Preview' }).getByText('Preview of ‘Careers for axe’, not the live site').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // The favicon the page asks for arrives (the site's own file, under the link).
      expect(
        await page.evaluate(async () => (await fetch((document.querySelector('link[rel="icon"]') as HTMLLinkElement).href)).status),
      ).toBe(200);
      await page.goto(`${host.editor.url}${url.replace(/[^/]+\/careers$/, 'not-a-token/careers')}`);
      await page.getByRole('heading', { level: 1, name: 'This preview link does not open' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
