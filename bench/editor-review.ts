/**
 * `npm run bench:editor-review`: opening a change set's review, as the hub's page asks for it, against the real
 * server (scripts/tools/editor.ts, in a process of its own) on a git repository holding the whole site: the change
 * set's detail, the pages it changes (GET /review) and the first page before and after (the two frames), together.
 * A change to the plans collection (it shows on many pages, in every language): the first opening, the next one, one
 * after the change set and the review's versions were closed for being unused (as when a reviewer comes back later:
 * the idle time is made 1 minute here), one after the editor restarted, and the first after another save (what the review
 * shows is never stale: that opening must show the save).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { editorClient, PEOPLE, prepareEditorHost, type EditorSession } from '../test-support/editor-host';

const IDLE_MINUTES = 1;
const ms = (value: number) => `${Math.round(value)} ms`;

const host = await prepareEditorHost('bench-editor-review', { env: { EDITOR_WORKSPACE_IDLE_MINUTES: String(IDLE_MINUTES) } });
const client = editorClient(host.origin);
const pause = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
let server: ChildProcess;
process.once('exit', () => server.kill('SIGKILL')); // a bench that failed leaves no editor running

async function startServer() {
  server = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], { env: host.env, stdio: 'ignore' });
  for (let started = false; !started;) {
    started = await fetch(`${host.origin}/sign-in`).then(
      (response) => response.ok,
      () => false,
    );
    if (!started) await pause(100);
  }
}

async function stopServer() {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
}

await startServer();

async function call(method: string, path: string, session: EditorSession, body?: unknown) {
  const answer = await client.call(method, path, { session, body });
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
}

let ana = await client.signIn(PEOPLE.editor.email);
let rita = await client.signIn(PEOPLE.reviewer.email);
const id = (await call('POST', '/api/changes', ana, { title: 'Growth price' })).json.id as string;

async function savePrice(amount: number) {
  const file = '_collections/plans.json';
  const opened = await call('GET', `/changes/${id}/edit/api/document?file=${encodeURIComponent(file)}`, ana);
  const doc = JSON.parse(opened.json.text as string) as { items: { price: { amount: number } }[] };
  doc.items[1].price.amount = amount;
  await call('POST', `/changes/${id}/edit/api/save`, ana, { file, doc, baseHash: opened.json.hash });
}

/** One opening: the detail and the review together, then the first page's two frames together; each request timed. */
async function openReview() {
  const started = performance.now();
  const timed = async (path: string) => {
    const answer = await call('GET', path, rita);
    return { answer, ms: performance.now() - started };
  };
  const [detail, review] = await Promise.all([timed(`/api/changes/${id}`), timed(`/api/changes/${id}/review`)]);
  const [first] = review.answer.json.pages as { path: string }[];
  const frame = (side: string) => timed(`/changes/${id}/compare?route=${encodeURIComponent(first.path)}&side=${side}`);
  const [before, after] = await Promise.all([frame('before'), frame('after')]);
  return {
    took: `${ms(performance.now() - started)} (its detail ${ms(detail.ms)}, the pages it changes ${ms(review.ms)}; both frames by ${ms(Math.max(before.ms, after.ms))})`,
    after: after.answer.text,
  };
}

await savePrice(159);
const figures: string[] = [];
const measure = async (what: string) => {
  const { took, after } = await openReview();
  figures.push(`${what}: ${took}`);
  return after;
};
await measure('first opening');
await measure('second opening');
// Longer than the idle time and the pool's sweep: the change set's workspace and the versions it read are closed.
await pause(IDLE_MINUTES * 60_000 + 4000);
await measure('opening after the review was closed for being unused');
await stopServer();
await startServer();
[ana, rita] = [await client.signIn(PEOPLE.editor.email), await client.signIn(PEOPLE.reviewer.email)];
await measure('opening after the editor restarted');
await savePrice(169);
if (!(await measure('opening after another save')).includes('169')) throw new Error('the review after a save did not show it');
await stopServer();
for (const line of figures) console.log(line);
