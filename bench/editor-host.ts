/**
 * `npm run bench:editor-host`: the hosted editor's figures, against the real server (src/editor/host/start.ts, in
 * this process) on a git repository holding the whole site, over HTTP as the browser app calls it:
 *   - sign-in to first edit: sign in, start a change set, the editor's page, its documents, the story, the first
 *     keystroke's draft answered with its preview (median of 5 people);
 *   - save to commit: a save through the editor's endpoint until its commit is on the change set's branch (median
 *     of 10);
 *   - publish to served: submit, approve, publish with the site served from a release folder (the real site; the
 *     1,000-page figure is bench:publish's);
 *   - the server's memory (its process's resident set, as `npm run editor` runs it in a process of its own) at rest
 *     after start, and with 20 people each editing a change set of their own (21 workspaces open).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorClient, PEOPLE, prepareEditorHost, type EditorSession } from '../test-support/editor-host';

const PEOPLE_AT_ONCE = 20;
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const host = await prepareEditorHost('bench-editor-host', { extraPeople: PEOPLE_AT_ONCE, releases: true });
const base = host.origin;
const spawned = performance.now();
const server = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], { env: host.env, stdio: 'ignore' });
const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });
for (let started = false; !started;) {
  started = await fetch(`${base}/sign-in`).then(
    (response) => response.ok,
    () => false,
  );
  if (!started) await new Promise((resolve) => setTimeout(resolve, 100));
}

const client = editorClient(base);
const { signIn } = client;

/** A call that must succeed: its JSON answer (an HTML page's is empty). */
async function call(method: string, path: string, session?: EditorSession, body?: unknown) {
  const answer = await client.call(method, path, { session, body });
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
}

const story = (doc: Record<string, unknown>) => doc.blocks as { heading: string }[];

/** Sign-in to the first keystroke's preview, as the app makes its requests. */
async function signInToFirstEdit(email: string, title: string) {
  const started = performance.now();
  const session = await signIn(email);
  const { id } = (await call('POST', '/api/changes', session, { title })) as { id: string };
  const edit = `/changes/${id}/edit`;
  await Promise.all([
    call('GET', edit, session),
    call('GET', `${edit}/api/documents`, session),
    call('GET', `${edit}/api/vocabulary`, session),
  ]);
  const opened = await call('GET', `${edit}/api/document?file=story.json`, session);
  const doc = JSON.parse(opened.text as string) as Record<string, unknown>;
  story(doc)[0].heading += '!';
  const draft = await call('POST', `${edit}/api/draft`, session, { file: 'story.json', doc });
  if (!draft.preview) throw new Error(`the first draft had no preview: ${JSON.stringify(draft).slice(0, 600)}`);
  return { ms: performance.now() - started, session, id, doc, hash: opened.hash as string };
}

/** The server process's resident set, in bytes. */
const memory = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024;

const atRest = memory();

const firstEdits = [];
for (let i = 1; i <= 5; i++) firstEdits.push(await signInToFirstEdit(`person${i}@reachwell.example`, `First edit ${i}`));

// Save to commit: each save answered, and its commit on the branch.
const saves: number[] = [];
const { session, id, doc } = firstEdits[0];
let hash = firstEdits[0].hash;
for (let i = 1; i <= 10; i++) {
  story(doc)[0].heading = `Heading, version ${i}`;
  const started = performance.now();
  const saved = await call('POST', `/changes/${id}/edit/api/save`, session, { file: 'story.json', doc, baseHash: hash });
  hash = saved.hash as string;
  const log = git(host.root, ['--git-dir', join(host.dataDir, 'repo.git'), 'log', '-1', '--format=%s', `changes/${id}`]);
  if (!log.startsWith('Story: Hero › Heading')) throw new Error(`save ${i} made no commit: ${log}`);
  saves.push(performance.now() - started);
}

// Publish to served, on the real site, once the first release the editor makes at start (a whole build) is served.
const author = firstEdits[0];
const reviewer = await signIn(PEOPLE.reviewer.email);
let firstRelease = (await call('GET', '/api/site', reviewer)).served as { ok: boolean; summary: string } | undefined;
while (!firstRelease) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  firstRelease = (await call('GET', '/api/site', reviewer)).served as typeof firstRelease;
}
const firstReleaseMs = performance.now() - spawned;
await call('POST', `/api/changes/${author.id}/submit`, author.session);
await call('POST', `/api/changes/${author.id}/approve`, reviewer);
const publishStarted = performance.now();
const published = await call('POST', `/api/changes/${author.id}/publish`, reviewer);
const publishMs = performance.now() - publishStarted;

// 20 people at once, each in a change set of their own.
const people = await Promise.all(Array.from({ length: PEOPLE_AT_ONCE }, (_, i) => signIn(`person${i + 1}@reachwell.example`)));
const crowdStarted = performance.now();
await Promise.all(
  people.map(async (person, i) => {
    const { id: own } = (await call('POST', '/api/changes', person, { title: `Crowd ${i + 1}` })) as { id: string };
    const opened = await call('GET', `/changes/${own}/edit/api/document?file=story.json`, person);
    const mine = JSON.parse(opened.text as string) as Record<string, unknown>;
    story(mine)[0].heading = `Heading of person ${i + 1}`;
    await call('POST', `/changes/${own}/edit/api/draft`, person, { file: 'story.json', doc: mine });
    await call('POST', `/changes/${own}/edit/api/save`, person, { file: 'story.json', doc: mine, baseHash: opened.hash });
  }),
);
const crowdMs = performance.now() - crowdStarted;
const withPeople = memory();
server.kill('SIGTERM');

const firstEditMs = firstEdits.map((edit) => edit.ms);
console.log(
  `sign-in to first edit (preview of the first keystroke): median ${ms(median(firstEditMs))} (${firstEditMs.map(ms).join(', ')})`,
);
console.log(`save to commit: median ${ms(median(saves))}, slowest ${ms(Math.max(...saves))} (10 saves)`);
console.log(
  `editor start to its first release served: ${ms(firstReleaseMs)} (${firstRelease.ok ? '' : 'NOT SERVED: '}${firstRelease.summary})`,
);
console.log(`publish to served (real site): ${ms(publishMs)}: ${String(published.summary)} ${JSON.stringify(published.serve)}`);
console.log(`${PEOPLE_AT_ONCE} people at once (change set, document, draft, save each): ${ms(crowdMs)}`);
console.log(`the editor server's memory at rest: RSS ${mb(atRest)}`);
console.log(`... with ${PEOPLE_AT_ONCE} people editing (${PEOPLE_AT_ONCE + 1} change sets open, a workspace each): RSS ${mb(withPeople)}`);
