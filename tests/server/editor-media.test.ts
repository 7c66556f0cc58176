/**
 * The media library's endpoints in the hosted editor (issue 51 item 3): an upload is checked by its bytes (a file that
 * is no image, a JPEG named .png, an SVG with a script, one too large are each refused in words, nothing written),
 * becomes a commit by its author on the change set, and a picture already there answers its existing id; the library
 * lists each image with where it is used; an image in use is not deleted (the pages are named), an unused one is;
 * replacing a file keeps its id. Without a session, with a role that may not edit, without the CSRF token or from
 * another origin, every change is refused.
 */
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { editorClient, type EditorHost, type EditorSession, PEOPLE, smallSite, startEditorHost } from '../../test-support/editor-host';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let editor: EditorSession;
let translator: EditorSession;
let id: string;

const git = (...args: string[]) => host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]);
/** The change set's own commits: author and subject. */
const branchLog = () => git('log', '--format=%an|%s', `changes/${id}`, '^main');

interface UploadOptions {
  session?: EditorSession;
  origin?: string;
  csrf?: boolean;
  path?: string;
  type?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
}

async function upload(bytes: Uint8Array, query: Record<string, string>, options: UploadOptions = {}) {
  const { origin = host.editor.url, csrf = true, path = 'media', type = 'application/octet-stream' } = options;
  const session = 'session' in options ? options.session : editor;
  const headers: Record<string, string> = { origin, 'content-type': type, ...options.headers };
  if (session) headers.cookie = session.cookie;
  if (session && csrf) headers['x-csrf-token'] = session.csrf;
  const response = await fetch(`${host.editor.url}/changes/${id}/edit/api/${path}?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers,
    body: options.body ?? bytes,
    ...(options.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, json, text };
}

/**
 * An upload of `pieces` megabytes (a JPEG's start, then zeros) sent one piece at a time while no answer has come:
 * the answer, and how many pieces went before it.
 */
function sendInPieces(lengthHeader: Record<string, string>, pieces: number): Promise<{ status: number; message: string; sent: number }> {
  const url = new URL(`${host.editor.url}/changes/${id}/edit/api/media?name=huge.jpg&alt=Huge`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        origin: host.editor.url,
        cookie: editor.cookie,
        'x-csrf-token': editor.csrf,
        'content-type': 'application/octet-stream',
        ...lengthHeader,
      },
    });
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, message: (JSON.parse(text) as { message: string }).message, sent }));
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(1_000_000);
    piece.set([0xff, 0xd8, 0xff]);
    const next = () => {
      if (answered || request.destroyed) return;
      if (sent === pieces) return void request.end();
      sent++;
      if (request.write(piece)) setImmediate(next);
      else request.once('drain', next);
    };
    next();
  });
}

const picture = (format: 'png' | 'jpeg', colour: { r: number; g: number; b: number }) => {
  const blank = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } });
  return (format === 'png' ? blank.png() : blank.jpeg()).toBuffer();
};

beforeAll(async () => {
  host = await startEditorHost('editor-media', { content: smallSite() });
  const client = editorClient(host.editor.url);
  call = client.call;
  editor = await client.signIn(PEOPLE.editor.email);
  translator = await client.signIn(PEOPLE.translator.email);
  const created = await call('POST', '/api/changes', { session: editor, body: { title: 'Pictures' } });
  expect(created.status).toBe(201);
  id = created.json.id as string;
});

afterAll(() => host?.stop());

describe('uploading an image', () => {
  test('is refused without a session, with a role that may not edit, without the token, from another origin', async () => {
    const png = await picture('png', { r: 200, g: 40, b: 40 });
    const query = { name: 'red.png', alt: 'A red square' };
    expect((await upload(png, query, { session: undefined })).status).toBe(401);
    const translatorAnswer = await upload(png, query, { session: translator });
    expect(translatorAnswer.status).toBe(403);
    expect(translatorAnswer.json.message).toMatch(/translator.*may not change pages/);
    expect((await upload(png, query, { csrf: false })).status).toBe(403);
    expect((await upload(png, query, { origin: 'https://evil.example' })).status).toBe(403);
    // A plain form from another page cannot send the bytes as they are.
    expect((await upload(png, query, { type: 'multipart/form-data; boundary=x' })).status).toBe(415);
    expect(branchLog()).toBe('');
  });

  test('refuses, in words, a file that is no image, a JPEG named .png, an SVG with a script and one too large', async () => {
    const notImage = await upload(Buffer.from('<html>hello</html>'), { name: 'photo.png', alt: 'A photo' });
    expect(notImage.status).toBe(422);
    expect(notImage.json.message).toBe('Not added: this file is not an image the site can show: use JPEG, PNG, WebP, AVIF, GIF or SVG');

    const jpeg = await picture('jpeg', { r: 10, g: 90, b: 200 });
    const misnamed = await upload(jpeg, { name: 'photo.png', alt: 'A photo' });
    expect(misnamed.status).toBe(422);
    expect(misnamed.json.message).toMatch(/^Not added: this file is named \.png but it is a JPEG image: rename it to \.jpg/);

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const scripted = await upload(Buffer.from(svg), { name: 'mark.svg', alt: 'A mark' });
    expect(scripted.status).toBe(422);
    expect(scripted.json.message).toMatch(/^Not added: .*script/i);

    const noAlt = await upload(jpeg, { name: 'photo.jpg' });
    expect(noAlt.status).toBe(422);
    expect(noAlt.json.message).toMatch(/alt text/);
    // Too long: refused in words (it travels in the address; far longer would be refused by the server before it).
    const long = await upload(jpeg, { name: 'photo.jpg', alt: 'A photo '.repeat(130) });
    expect(long.status).toBe(422);
    expect(long.json.message).toBe('Not added: alt text is at most 1000 characters; this has 1040');

    // Declared too large: refused before any of it is read.
    const declared = await sendInPieces({ 'content-length': '21000000' }, 21);
    expect(declared.status).toBe(413);
    expect(declared.message).toMatch(/^Not added: this file is 21\.0 MB or more, and an image can be at most 20 MB\./);
    expect(declared.sent, 'answered before the whole file was sent').toBeLessThan(21);
    // Sent without a length, in pieces: refused once it passes the limit, before the rest is sent.
    const streamed = await sendInPieces({ 'transfer-encoding': 'chunked' }, 40);
    expect(streamed.status).toBe(413);
    expect(streamed.message).toMatch(/^Not added: this file is 2\d\.\d MB or more/);
    expect(streamed.sent).toBeLessThan(40);
    expect(branchLog()).toBe('');
  });

  test('adds a PNG as a commit by its author, lists it unused, and answers the same picture with its existing id', async () => {
    const png = await picture('png', { r: 30, g: 160, b: 90 });
    const added = await upload(png, { name: 'Green Square.png', alt: 'A green square' });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({
      outcome: 'added',
      item: { id: 'green-square', file: 'green-square.png', alt: 'A green square', uses: [] },
    });
    expect(branchLog()).toMatch(/^Ana Lima\|/);
    expect(git('show', '--name-only', '--format=', `changes/${id}`).trim().split('\n').sort()).toEqual([
      'pages-json/_media/green-square.json',
      'pages-json/_media/green-square.png',
    ]);

    const library = await call('GET', `/changes/${id}/edit/api/media`, { session: editor });
    expect(library.status).toBe(200);
    const items = library.json.items as { id: string; uses: { route: string }[]; thumbnail: string }[];
    const green = items.find((item) => item.id === 'green-square')!;
    expect(green.uses).toEqual([]);
    expect(items.find((item) => item.id === 'story-hero')!.uses.map((use) => use.route)).toContain('/story');
    const thumbnail = await fetch(`${host.editor.url}${green.thumbnail}`, { headers: { cookie: editor.cookie } });
    expect(thumbnail.status, green.thumbnail).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);

    const commits = branchLog();
    const again = await upload(png, { name: 'copy.png', alt: 'Another name' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ outcome: 'existing', item: { id: 'green-square' } });
    expect(branchLog()).toBe(commits);
  });

  test('an image in use is not deleted, naming its pages; an unused one is, and a file is replaced keeping its id', async () => {
    const inUse = await call('POST', `/changes/${id}/edit/api/media/delete`, { session: editor, body: { id: 'story-hero' } });
    expect(inUse.status).toBe(409);
    expect(inUse.json.message).toBe(
      'Not deleted: 1 page shows this image: /story (meta › image; blocks › 1 › image). Take it off that page first.',
    );
    expect((await call('POST', `/changes/${id}/edit/api/media/delete`, { session: translator, body: { id: 'green-square' } })).status).toBe(
      403,
    );

    const blue = await picture('png', { r: 20, g: 40, b: 220 });
    const replaced = await upload(blue, { id: 'green-square', name: 'blue.png' }, { path: 'media/replace' });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toMatchObject({ item: { id: 'green-square', alt: 'A green square' } });

    const removed = await call('POST', `/changes/${id}/edit/api/media/delete`, { session: editor, body: { id: 'green-square' } });
    expect(removed.status, removed.text).toBe(200);
    expect(git('show', '--name-status', '--format=', `changes/${id}`).trim().split('\n').sort()).toEqual([
      'D\tpages-json/_media/green-square.json',
      'D\tpages-json/_media/green-square.png',
    ]);
  });
});
