/**
 * The hosted editor's resources over a long life (bench:editor-host calls it; alone:
 * `npx tsx -e "import('./bench/editor-host-resources.ts').then((m) => m.benchResources())"`): the server as
 * `npm run editor` runs it, in a process of its own, on the real site:
 *   - its memory (resident set) at rest after start, with 20 people each editing a change set of their own, after
 *     200 change sets were opened (each change set's page read, as a reviewer going through them does), and once
 *     they were left alone for the idle time (EDITOR_WORKSPACE_IDLE_MINUTES, 0.5 here so the bench does not wait 10);
 *   - with 300 change sets in its history (the 20 people's, 30 published, 250 more): listing them (median of 5) and
 *     starting the server again on its data folder (until it answers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { editorClient, prepareEditorHost, PEOPLE, type EditorSession } from '../test-support/editor-host';

const PEOPLE_AT_ONCE = 20;
const PUBLISHED = 30;
const HISTORY = 300;
const OPENED = 200;
const IDLE_MINUTES = 0.5;

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rssOf = (server: ChildProcess) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024;

export async function benchResources(): Promise<void> {
  const host = await prepareEditorHost('bench-editor-resources', { extraPeople: PEOPLE_AT_ONCE });
  const env = { ...host.env, EDITOR_WORKSPACE_IDLE_MINUTES: String(IDLE_MINUTES) };
  /** Starts the server and waits until it answers: the process and how long that took. */
  const start = async () => {
    const started = performance.now();
    const server = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], { env, stdio: 'ignore' });
    for (let up = false; !up;) {
      if (server.exitCode !== null) throw new Error(`the editor exited with ${server.exitCode}`);
      up = await fetch(`${host.origin}/sign-in`).then(
        (response) => response.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { server, ms: performance.now() - started };
  };
  const stop = (server: ChildProcess) =>
    new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });

  const client = editorClient(host.origin);
  const call = async (method: string, path: string, session: EditorSession, body?: unknown) => {
    const answer = await client.call(method, path, { session, body });
    if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.json;
  };
  const story = (doc: Record<string, unknown>) => doc.blocks as { heading: string }[];
  const newChangeSet = async (session: EditorSession, title: string) =>
    (await call('POST', '/api/changes', session, { title })).id as string;
  const saveHeading = async (session: EditorSession, id: string, heading: string) => {
    const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, session);
    const doc = JSON.parse(opened.text as string) as Record<string, unknown>;
    story(doc)[0].heading = heading;
    await call('POST', `/changes/${id}/edit/api/draft`, session, { file: 'story.json', doc });
    await call('POST', `/changes/${id}/edit/api/save`, session, { file: 'story.json', doc, baseHash: opened.hash });
  };
  const listMs = async (session: EditorSession) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await call('GET', '/api/changes', session);
      times.push(performance.now() - started);
    }
    return median(times);
  };

  let { server } = await start();
  const atRest = rssOf(server);
  const people = await Promise.all(Array.from({ length: PEOPLE_AT_ONCE }, (_, i) => client.signIn(`person${i + 1}@reachwell.example`)));
  await Promise.all(people.map(async (person, i) => saveHeading(person, await newChangeSet(person, `Crowd ${i + 1}`), `Heading ${i + 1}`)));
  const withPeople = rssOf(server);

  // History: change sets published one after another, then new ones up to 300.
  const editor = await client.signIn(PEOPLE.editor.email);
  const reviewer = await client.signIn(PEOPLE.reviewer.email);
  for (let i = 1; i <= PUBLISHED; i++) {
    const id = await newChangeSet(editor, `Published ${i}`);
    await saveHeading(editor, id, `Published heading ${i}`);
    await call('POST', `/api/changes/${id}/submit`, editor);
    await call('POST', `/api/changes/${id}/approve`, reviewer);
    const published = await call('POST', `/api/changes/${id}/publish`, reviewer);
    if (published.outcome !== 'published') throw new Error(`publish ${i}: ${JSON.stringify(published).slice(0, 300)}`);
  }
  const others: string[] = [];
  for (let i = PEOPLE_AT_ONCE + PUBLISHED + 1; i <= HISTORY; i++) others.push(await newChangeSet(editor, `Change ${i}`));

  // 200 change sets opened: each one's page read (its documents in words need its content).
  const openedStarted = performance.now();
  for (const id of others.slice(0, OPENED)) await call('GET', `/api/changes/${id}`, reviewer);
  const openedMs = performance.now() - openedStarted;
  const afterOpening = rssOf(server);
  // Left alone past the idle time (nobody asks for anything meanwhile).
  await new Promise((resolve) => setTimeout(resolve, (IDLE_MINUTES * 60 + 15) * 1000));
  const afterIdle = rssOf(server);
  const listed = await listMs(reviewer);

  await stop(server);
  const restarted = await start();
  server = restarted.server;
  const listedAfterStart = await listMs(await client.signIn(PEOPLE.reviewer.email));
  const restartRss = rssOf(server);
  await stop(server);

  console.log(`the editor server's memory (RSS) at rest: ${mb(atRest)}`);
  console.log(`... with ${PEOPLE_AT_ONCE} people editing (a change set each, a draft and a save): ${mb(withPeople)}`);
  console.log(`... after ${OPENED} change sets were opened (each one's page read, in ${ms(openedMs)}): ${mb(afterOpening)}`);
  console.log(`... then left alone for ${IDLE_MINUTES * 60 + 15} s (idle time ${IDLE_MINUTES * 60} s): ${mb(afterIdle)}`);
  console.log(
    `with ${HISTORY} change sets in history (${PEOPLE_AT_ONCE} saved, ${PUBLISHED} published, ${HISTORY - PEOPLE_AT_ONCE - PUBLISHED} new): ` +
      `listing them ${ms(listed)} (median of 5); a start on that data folder ${ms(restarted.ms)}, listing after it ${ms(listedAfterStart)}, RSS ${mb(restartRss)}`,
  );
}
