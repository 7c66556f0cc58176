/**
 * `npm run bench:media`: issue 51's figures for a new picture in the hosted editor, against the real server (run as
 * `npm run editor` runs it, in a process of its own) on a git repository holding the whole site, over HTTP as the
 * browser app calls it, and the public server (`npm start`'s, serving the editor's release link):
 *   - upload to preview: the picture's bytes sent to the change set's upload endpoint, placed in the story page's
 *     Hero by a draft, until the preview's HTML names it and its image file (made on first request from the change
 *     set's media) answers (median of 5, a new picture each);
 *   - publish to served for a page with a new image: the page saved with the new picture, submitted, approved and
 *     published, until the public server's page has its <picture> and the file it names answers (median of 3).
 * Figures only: it asserts nothing but that each step succeeded.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { editorClient, PEOPLE, prepareEditorHost, type EditorSession } from '../test-support/editor-host';
import { startServer } from './lead-server';

const UPLOADS = 5;
const PUBLISHES = 3;
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pause = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

const host = await prepareEditorHost('bench-media', { releases: true });
const base = host.origin;
const editor = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], { env: host.env, stdio: 'ignore' });
process.once('exit', () => editor.kill('SIGKILL')); // a bench that failed leaves no editor running
for (let started = false; !started;) {
  started = await fetch(`${base}/sign-in`).then(
    (response) => response.ok,
    () => false,
  );
  if (!started) await pause(100);
}

const client = editorClient(base);

/** A call that must succeed: its JSON answer. */
async function call(method: string, path: string, session: EditorSession, body?: unknown) {
  const answer = await client.call(method, path, { session, body });
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/** A picture of its own for each run (the library stores a picture once): a 1600x1067 JPEG of a gradient. */
const picture = (run: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067"><defs><linearGradient id="g" x2="1" y2="1">` +
        `<stop offset="0" stop-color="hsl(${run * 47} 70% 60%)"/><stop offset="1" stop-color="hsl(${run * 47 + 120} 60% 40%)"/>` +
        `</linearGradient></defs><rect width="1600" height="1067" fill="url(#g)"/><circle cx="${400 + run * 100}" cy="500" r="220" fill="#fff8"/></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

const imgOf = (html: string, id: string) => new RegExp(`<img\\b[^>]*\\bsrc="([^"]*/_img/${id}-[^"]+)"`).exec(html)?.[1];

/** Uploads a new picture, places it in the story's Hero by a draft, and fetches the image the preview names. */
async function uploadToPreview(session: EditorSession, change: string, run: number) {
  const edit = `/changes/${change}/edit`;
  const bytes = await picture(run);
  const opened = await call('GET', `${edit}/api/document?file=story.json`, session);
  const doc = JSON.parse(opened.text as string) as { blocks: Record<string, unknown>[] };
  const started = performance.now();
  const query = new URLSearchParams({ name: `bench-picture-${run}.jpg`, alt: `A test picture, number ${run}` });
  const uploaded = await fetch(`${base}${edit}/api/media?${query}`, {
    method: 'POST',
    headers: { origin: base, cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/octet-stream' },
    body: Uint8Array.from(bytes), // a copy on its own ArrayBuffer: what fetch's types take
  });
  if (uploaded.status !== 200 && uploaded.status !== 201) throw new Error(`upload ${run}: ${uploaded.status} ${await uploaded.text()}`);
  const { item } = (await uploaded.json()) as { item: { id: string } };
  doc.blocks[0].image = item.id;
  const draft = await call('POST', `${edit}/api/draft`, session, { file: 'story.json', doc });
  const body = (draft.preview as { body?: string } | undefined)?.body ?? '';
  const src = imgOf(body, item.id);
  if (!src) throw new Error(`the preview of run ${run} does not show ${item.id}: ${JSON.stringify(draft).slice(0, 600)}`);
  const image = await fetch(new URL(src, `${base}${edit}/`), { headers: { cookie: session.cookie } });
  if (!image.ok) throw new Error(`the preview's image ${src}: ${image.status}`);
  await image.arrayBuffer();
  return { ms: performance.now() - started, id: item.id, doc, hash: opened.hash as string, bytes: bytes.length };
}

const author = await client.signIn(PEOPLE.editor.email);
const reviewer = await client.signIn(PEOPLE.reviewer.email);

// The first release the editor makes at start (a whole build) is served before anything is timed.
let firstRelease = (await call('GET', '/api/site', reviewer)).served as { ok: boolean; summary: string } | undefined;
while (!firstRelease) {
  await pause(200);
  firstRelease = (await call('GET', '/api/site', reviewer)).served as typeof firstRelease;
}
const site = await startServer(join(host.releasesDir, 'current'), { LEADS_DB: join(host.root, 'site-leads.db') });
process.once('exit', () => site.server.kill('SIGKILL'));

// Each run in a change set of its own, started after the publish before it (two change sets placing a picture in the
// same field would clash): the upload's figure in each, and the first runs published.
const uploads: { ms: number; bytes: number }[] = [];
const publishes: { ms: number; summary: string }[] = [];
for (let run = 1; run <= Math.max(UPLOADS, PUBLISHES); run++) {
  const { id: change } = (await call('POST', '/api/changes', author, { title: `New story picture ${run}` })) as { id: string };
  const upload = await uploadToPreview(author, change, run);
  uploads.push(upload);
  // Each run's figure as it comes: on a loaded machine a run takes minutes.
  console.log(`run ${run}: upload to preview ${ms(upload.ms)}`);
  if (run > PUBLISHES) continue;
  await call('POST', `/changes/${change}/edit/api/save`, author, { file: 'story.json', doc: upload.doc, baseHash: upload.hash });
  const started = performance.now();
  await call('POST', `/api/changes/${change}/submit`, author);
  await call('POST', `/api/changes/${change}/approve`, reviewer);
  const published = await call('POST', `/api/changes/${change}/publish`, reviewer);
  let src: string | undefined;
  while (!src) {
    src = imgOf(await (await fetch(`${site.base}/story`)).text(), upload.id);
    if (!src) await pause(20);
  }
  const image = await fetch(new URL(src, site.base));
  if (!image.ok) throw new Error(`the served page's image ${src}: ${image.status}`);
  await image.arrayBuffer();
  publishes.push({ ms: performance.now() - started, summary: JSON.stringify(published.serve ?? published.summary ?? '') });
  console.log(`run ${run}: publish to served ${ms(publishes.at(-1)!.ms)}`);
}
site.server.kill('SIGTERM');
editor.kill('SIGTERM');

const kb = Math.round(median(uploads.map((upload) => upload.bytes)) / 1024);
console.log(
  `upload to preview (a ${kb} kB JPEG, 1600x1067, placed in the story's Hero; the preview's image fetched): ` +
    `median ${ms(median(uploads.map((upload) => upload.ms)))} (${uploads.map((upload) => ms(upload.ms)).join(', ')})`,
);
console.log(
  `publish to served for a page with a new image (submit, approve, publish, until the served /story has its <picture> and its file answers): ` +
    `median ${ms(median(publishes.map((run) => run.ms)))} (${publishes.map((run) => ms(run.ms)).join(', ')})`,
);
for (const [i, run] of publishes.entries()) console.log(`  publish ${i + 1}: ${run.summary}`);
