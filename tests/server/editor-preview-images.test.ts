/**
 * Images in the hosted editor's pages of the site (issue 51): the draft preview, a change set's page after and its
 * preview link name their images under their own place, and the editor makes each from the change set's own media
 * (its worktree's `pages-json/_media/`); a review's "before" side from the published site's media, and a version in
 * history from that version's, so an image changed since shows as each side or version had it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { mediaRecordFile, mediaRecordSchema } from '../../src/engine/model/media';
import { variantKey } from '../../src/engine/model/picture';
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

/** Each address is under `base`, and the story hero's WebP variant answers a picture of the size its name says. */
async function expectImagesUnder(html: string, base: string, session?: EditorSession) {
  return (await storyHeroUnder(html, base, session)).address;
}

/** As expectImagesUnder, with the picture's bytes. */
async function storyHeroUnder(html: string, base: string, session?: EditorSession) {
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
  return { address: variant!, bytes: answer.bytes };
}

/** Whether a picture is the plain red one the developer's commit puts in place of the story's illustration. */
async function isPlainRed(bytes: Buffer) {
  const [red, green, blue] = (await sharp(bytes).stats()).channels;
  return red.mean > 230 && green.mean < 25 && blue.mean < 25;
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
    // A size no slot has, with the key it would have (a hash of the record, no secret): not made, so nobody can have
    // the editor draw a picture of any size they like (40000 pixels across would take the team's editor down).
    const hero = mediaRecordSchema.parse(JSON.parse(readFileSync(join(CONTENT_DIR, mediaRecordFile('story-hero')), 'utf8')));
    const oddSize = `${linkBase}/_img/story-hero-${variantKey(hero, 2000, 1250, 'webp')}-2000x1250.webp`;
    expect((await image(oddSize)).status).toBe(404);
    // The editor's images need a session.
    expect((await image(draftVariant)).status).toBe(401);
  });
});

describe('a review’s before side and history’s versions', () => {
  test('show each its own images: an image changed since shows as it was', async () => {
    const reviewer = await editorClient(host.editor.url).signIn(PEOPLE.reviewer.email);
    const oldSite = host.git(host.root, ['--git-dir', host.remote, 'rev-parse', 'main']).trim();
    // A change set made before the story's illustration changes keeps the old one.
    const created = await call('POST', '/api/changes', { session: editor, body: { title: 'Before the new illustration' } });
    const id = created.json.id as string;

    // A developer replaces the story's illustration (same size, plain red) and the editor takes it in.
    const clone = join(host.root, 'dev-new-illustration');
    host.git(host.root, ['clone', '--quiet', host.remote, clone]);
    const red = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    writeFileSync(join(clone, 'pages-json/_media/story-hero.png'), red);
    const recordFile = join(clone, 'pages-json/_media/story-hero.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { sha256: string };
    record.sha256 = createHash('sha256').update(red).digest('hex');
    writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
    host.git(clone, ['commit', '--quiet', '--all', '--message', 'A new story illustration']);
    host.git(clone, ['push', '--quiet', 'origin', 'main']);
    const newSite = host.git(clone, ['rev-parse', 'HEAD']).trim();
    const pulled = await call('POST', '/api/site/pull', { session: reviewer, body: {} });
    expect(pulled.status, JSON.stringify(pulled.json)).toBe(200);

    // The review: before is the published site (the new illustration), after the change set's own (the old one).
    const before = await call('GET', `/changes/${id}/compare?route=/story&side=before`, { session: editor });
    expect(before.status).toBe(200);
    const beforeHero = await storyHeroUnder(before.text, '/published', editor);
    expect(await isPlainRed(beforeHero.bytes), 'the before side shows the published illustration').toBe(true);
    const after = await call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: editor });
    const afterHero = await storyHeroUnder(after.text, `/changes/${id}/edit`, editor);
    expect(await isPlainRed(afterHero.bytes), 'the after side shows the change set’s illustration').toBe(false);

    // History: each version its own illustration, under its own place.
    const oldPage = await call('GET', `/history/version?sha=${oldSite}&route=/story`, { session: editor });
    expect(oldPage.status).toBe(200);
    const oldHero = await storyHeroUnder(oldPage.text, `/history/version/${oldSite}`, editor);
    expect(await isPlainRed(oldHero.bytes), 'the older version shows its own illustration').toBe(false);
    const newPage = await call('GET', `/history/version?sha=${newSite}&route=/story`, { session: editor });
    const newHero = await storyHeroUnder(newPage.text, `/history/version/${newSite}`, editor);
    expect(await isPlainRed(newHero.bytes), 'the newer version shows the new illustration').toBe(true);

    // A version names only its own images; one not in it, or no version at all, is not found, in words; and none
    // without a session.
    const otherVersions = await image(oldHero.address.replace(oldSite, newSite), editor);
    expect(otherVersions.status).toBe(404);
    expect(otherVersions.bytes.toString()).toContain('That version of the site has no such image.');
    expect((await image(`/published/_img/${oldHero.address.split('/_img/')[1]}`, editor)).status).toBe(404);
    expect((await image(`/history/version/nothing/_img/${oldHero.address.split('/_img/')[1]}`, editor)).status).toBe(404);
    expect((await image(newHero.address)).status).toBe(401);
    expect((await image(beforeHero.address)).status).toBe(401);

    // The site data a version's islands load: that version's, a language it lacks or no version at all not found.
    const siteData = await call('GET', `/history/site-data/${oldSite}/es.js`, { session: editor });
    expect([siteData.status, siteData.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await call('GET', `/history/site-data/${oldSite}/xx.js`, { session: editor })).status).toBe(404);
    expect((await call('GET', `/history/site-data/0000000/es.js`, { session: editor })).status).toBe(404);
  }, 300_000);
});
