/**
 * The editor's endpoints answer a mistake with words and the right status, never with a path of the machine:
 * a document that does not exist (a translation's file, a misspelt name, a link that leads nowhere) is 404, a
 * name too long for the disk is 422, a block type that only an object's prototype has is 404, and a failure of
 * the server itself is 500 with its stack in the terminal, not in the answer. Each against the endpoints module
 * (src/editor/server/endpoints.ts) on a node:http server, over a copy of the real content.
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv, CONTENT_DIR, ROOT_DIR } from '../../src/engine/load/content-env';
import { buildSiteData } from '../../src/engine/load/site-data-of';
import { loadContent } from '../../src/engine/load/load-content';
import type { ContentState } from '../../src/engine/load/content-state';
import { createEditorEndpoints, type DraftRenderer } from '../../src/editor/server/endpoints';
import { fileDocumentStore } from '../../src/editor/server/file-document-store';
import { renderDraftPage, renderExample } from '../../src/editor/server/render-draft';

let content: string;
let state: ContentState;
const logged: string[] = [];
const servers: Server[] = [];

/** The endpoints on a loopback port, with `renderer` (the real one unless a test breaks it). */
async function serve(renderer: () => Promise<DraftRenderer> = async () => ({ renderDraftPage, renderExample })): Promise<string> {
  const handle = createEditorEndpoints({
    content: () => state,
    contentDir: content,
    documents: fileDocumentStore(content),
    renderer,
    htmlDocument: async (page) => `<!doctype html><html><head>${page.head}</head><body>${page.body}</body></html>`,
    editorPage: async () => '<!doctype html><title>editor</title>',
    log: (message) => logged.push(message),
  });
  const server = createServer((req, res) => {
    void handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

let base: string;
beforeAll(async () => {
  content = join(mkdtempSync(join(tmpdir(), 'editor-errors-')), 'pages-json');
  cpSync(CONTENT_DIR, content, { recursive: true });
  symlinkSync(join(content, 'no-such-target.json'), join(content, 'dangling.json'));
  const result = loadContent(content);
  state = {
    version: 1,
    errors: [],
    problems: result.problems,
    good: { version: 1, result, siteData: buildSiteData(result.site!, result.pages, buildEnv()), inLanguage: () => undefined },
  };
  base = await serve();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function get(path: string) {
  const response = await fetch(`${base}${path}`, { headers: { 'x-reachwell-editor': '1' } });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

async function post(path: string, body: unknown, at = base) {
  const response = await fetch(`${at}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-reachwell-editor': '1', origin: at },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** No absolute path of the machine: not the content folder's, not the project's, not any other. */
function expectNoPaths(text: string) {
  expect(text).not.toContain(content);
  expect(text).not.toContain(ROOT_DIR);
  expect(text).not.toMatch(/ENOENT|ENAMETOOLONG|\/tmp\/|\/work\//);
}

const messageOf = (text: string) => (JSON.parse(text) as { message: string }).message;

describe('an editor endpoint asked for something that is not there', () => {
  it.each([
    ['a language folder the editor does not edit (es/story.json)', 'es/story.json'],
    ['a file that does not exist', 'nonexist.json'],
  ])('answers 404 "no such document" for %s', async (_, file) => {
    const answer = await get(`/__edit/api/document?file=${file}`);
    expect(answer.status).toBe(404);
    expect(messageOf(answer.text)).toBe(`no such document: ${file}`);
    expectNoPaths(answer.text);
  });

  it('answers 404 for a link in the content folder that leads to no file, and lists the other documents', async () => {
    const answer = await get('/__edit/api/document?file=dangling.json');
    expect(answer.status).toBe(404);
    expect(messageOf(answer.text)).toBe('no such document: dangling.json (a link to a file that does not exist)');
    expectNoPaths(answer.text);
    const list = await get('/__edit/api/documents');
    expect(list.status).toBe(200);
    const files = (JSON.parse(list.text) as { file: string }[]).map((document) => document.file);
    expect(files).toContain('story.json');
    expect(files).not.toContain('dangling.json');
  });

  it('is an error of the site for validation, naming the link, rather than a crash of every tool that reads the content', () => {
    const problem = state.problems.find((candidate) => candidate.file.endsWith('pages-json/dangling.json'));
    expect(problem).toMatchObject({ message: 'a link to a file that does not exist', severity: 'error' });
  });

  it('answers the preview of a document that does not exist with a 404 page in words', async () => {
    const answer = await get('/__edit/preview?file=nonexist.json');
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.text).toContain('no such document: nonexist.json');
    expectNoPaths(answer.text);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'NoSuchBlock'])(
    'answers 404 for the block type %j (names an object inherits are no block types)',
    async (type) => {
      const answer = await get(`/__edit/block-preview?type=${type}`);
      expect(answer.status).toBe(404);
      expect(answer.text).toContain(`no block type &quot;${type}&quot;`);
      expectNoPaths(answer.text);
    },
  );

  it('still previews a real block type', async () => {
    const answer = await get('/__edit/block-preview?type=FAQ');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<main id="main" inert>');
  });
});

describe('a preview asked for a page that does not exist', () => {
  it('answers 404 naming the route, for the preview frame and for a draft', async () => {
    const frame = await get('/__edit/preview?file=_collections/plans.json&route=/no-such-page');
    expect(frame.status).toBe(404);
    expect(frame.text).toContain('no page has the route /no-such-page');
    const doc: unknown = JSON.parse(
      await (await fetch(`${base}/__edit/api/document?file=_collections/plans.json`, { headers: { 'x-reachwell-editor': '1' } })).text(),
    ).doc;
    const draft = await post('/__edit/api/draft', { file: '_collections/plans.json', doc, route: '/no-such-page' });
    expect(draft.status).toBe(404);
    const shown = await post('/__edit/api/draft', { file: '_collections/plans.json', doc, route: '/compare/reachwell-vs-email-api' });
    expect(JSON.parse(shown.text)).toMatchObject({
      preview: { route: '/compare/reachwell-vs-email-api', title: expect.stringContaining('Email-Delivery API') },
    });
  });
});

describe('an editor endpoint asked for a name too long for the disk', () => {
  const long = 'a'.repeat(300);

  it('answers 422 with words for a document named with 300 characters', async () => {
    const answer = await get(`/__edit/api/document?file=${long}.json`);
    expect(answer.status).toBe(422);
    expect(messageOf(answer.text)).toMatch(/^the name "a{20}…" is too long: at most 100 characters/);
    expectNoPaths(answer.text);
  });

  it('refuses a new page with a 300-character slug, in words, writing nothing', async () => {
    const answer = await post('/__edit/api/new-page', { folder: '', slug: long, title: 'Long' });
    expect(answer.status).toBe(422);
    expect(messageOf(answer.text)).toMatch(/^the slug is 300 characters long: at most 80/);
    expectNoPaths(answer.text);
  });
});

describe('a failure of the editor server itself', () => {
  it('answers 500 without the content folder or the project in its words, and logs the stack', async () => {
    const broken = await serve(async () => {
      throw new Error(`ENOENT: no such file or directory, open '${join(content, 'x.json')}' and '${join(ROOT_DIR, 'src', 'y.ts')}'`);
    });
    logged.length = 0;
    const response = await fetch(`${broken}/__edit/block-preview?type=FAQ`);
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).toContain('pages-json/x.json');
    expect(text).toContain('the details are in the terminal');
    expect(text).not.toContain(content);
    expect(text).not.toContain(ROOT_DIR);
    expect(logged.join('\n')).toContain(join(content, 'x.json'));
  });
});
