/**
 * Images in the hosted editor's previews (issue 51, item 3): the draft preview, a change set's page after and its
 * preview link name their images under their own place, and the editor makes each from the change set's own media
 * (its worktree's `pages-json/_media/`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { editorClient, PEOPLE, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let editor: EditorSession;

beforeAll(async () => {
  host = await startEditorHost('editor-preview-images');
  const client = editorClient(host.editor.url);
  call = client.call;
  editor = await client.signIn(PEOPLE.editor.email);
});

afterAll(() => host?.stop());

/** Every image address in `html` (src, srcset candidates, preloads). */
const imageAddresses = (html: string) => [...html.matchAll(/[^"'\s,]*\/_img\/[a-z0-9.-]+/g)].map((match) => match[0]);

async function image(path: string, session?: EditorSession) {
  const response = await fetch(`${host.editor.url}${path}`, { headers: session ? { cookie: session.cookie } : {} });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Each address is under `base`, and the first raster one answers a picture of the size its name says. */
async function expectImagesUnder(html: string, base: string, session?: EditorSession) {
  const addresses = imageAddresses(html);
  expect(addresses.length, 'the story page shows its hero image').toBeGreaterThan(0);
  for (const address of addresses) expect(address.startsWith(`${base}/_img/`), address).toBe(true);
  const variant = addresses.find((address) => /story-hero-[0-9a-f]{16}-\d+x\d+\.webp$/.test(address));
  expect(variant, 'a WebP variant of the story hero').toBeDefined();
  const answer = await image(variant!, session);
  expect(answer.status, `${variant} ${answer.bytes.toString().slice(0, 200)}`).toBe(200);
  expect(answer.type).toBe('image/webp');
  const [, width, height] = /-(\d+)x(\d+)\.webp$/.exec(variant!)!;
  const metadata = await sharp(answer.bytes).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', Number(width), Number(height)]);
  return variant!;
}

describe('the previews of a change set', () => {
  test('show its own images: draft preview, its page after, its preview link', async () => {
    const created = await call('POST', '/api/changes', { session: editor, body: { title: 'Story hero focus' } });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const editBase = `/changes/${id}/edit`;

    const draft = await call('GET', `${editBase}/preview?file=story.json`, { session: editor });
    expect(draft.status).toBe(200);
    const draftVariant = await expectImagesUnder(draft.text, editBase, editor);

    const after = await call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: editor });
    expect(after.status).toBe(200);
    expect(await expectImagesUnder(after.text, editBase, editor)).toBe(draftVariant);

    const link = (await call('POST', `/api/changes/${id}/preview-link`, { session: editor })).json.url as string;
    const linkBase = /^\/preview\/[^/]+/.exec(link)![0];
    const page = await call('GET', `${linkBase}/story`);
    expect(page.status).toBe(200);
    // A preview link needs no account: its images neither.
    await expectImagesUnder(page.text, linkBase);

    // An SVG is served as it is, unable to run anything; a name the change set's record does not make is not found.
    const home = await call('GET', `${editBase}/preview?file=index.json`, { session: editor });
    const svg = imageAddresses(home.text).find((address) => address.endsWith('.svg'));
    expect(svg, 'the home page shows an SVG').toBeDefined();
    const svgAnswer = await fetch(`${host.editor.url}${svg}`, { headers: { cookie: editor.cookie } });
    expect(svgAnswer.status).toBe(200);
    expect(svgAnswer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svgAnswer.headers.get('content-security-policy')).toContain('sandbox');
    const wrongKey = draftVariant.replace(/-[0-9a-f]{16}-/, '-0000000000000000-');
    expect((await image(wrongKey, editor)).status).toBe(404);
    expect((await image(`${linkBase}/_img/no-such-0000000000000000-10x10.webp`)).status).toBe(404);
    // The editor's images need a session.
    expect((await image(draftVariant)).status).toBe(401);
  });
});
