/**
 * Clashes seen early and settled by their authors, over HTTP against a real git repository: two marketers change the
 * same heading in two change sets, the team's only reviewer publishes one; the other's page (and the editor's
 * toolbar's endpoint) names the clash in words with both values and who published the other version, before anyone
 * presses Publish; its author brings it up to date choosing a version, and the reviewer approves and publishes it.
 * The same when the reviewer settles it during Publish (choosing does not make them an author; writing a text of
 * their own does). And who may ask.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, smallSite, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
const sessions: Record<string, EditorSession> = {};
/** Ana and Person 1 are the two marketers, Rita the only reviewer. */
const ANA = PEOPLE.editor;
const BO = { name: 'Person 1', email: 'person1@reachwell.example' };
const RITA = PEOPLE.reviewer;

interface ClashWords {
  file: string;
  key?: string;
  document: string;
  where: string;
  published: string;
  changeSet: string;
  before?: string;
  publishedBy?: { name: string; date: string; changeSet?: { id: string; title: string } };
}

async function newChangeSet(session: EditorSession, title: string): Promise<string> {
  const answer = await call('POST', '/api/changes', { session, body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

async function saveHeading(session: EditorSession, id: string, path: string, heading: string) {
  const file = path.replace(/^pages-json\//, '');
  const editBase = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${editBase}/document?file=${encodeURIComponent(file)}`, { session });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  const saved = await call('POST', `${editBase}/save`, { session, body: { file, doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
}

const ok = async (answer: Promise<{ status: number; json: Record<string, unknown> }>, status = 200) => {
  const { status: got, json } = await answer;
  expect(got, JSON.stringify(json)).toBe(status);
  return json;
};

const detail = (id: string, who = sessions.rita) => ok(call('GET', `/api/changes/${id}`, { session: who }));
const clashesOf = async (id: string, who = sessions.rita) =>
  (await ok(call('GET', `/api/changes/${id}/clashes`, { session: who }))).clashes as ClashWords[];

/** Two change sets changing one page's heading differently; the first approved and published by Rita. */
async function twoClashing(file: string, page: string, headings: [string, string]) {
  const first = await newChangeSet(sessions.ana, `${page} heading, Ana`);
  const second = await newChangeSet(sessions.bo, `${page} heading, Bo`);
  await saveHeading(sessions.ana, first, file, headings[0]);
  await saveHeading(sessions.bo, second, file, headings[1]);
  await ok(call('POST', `/api/changes/${first}/submit`, { session: sessions.ana }));
  await ok(call('POST', `/api/changes/${second}/submit`, { session: sessions.bo }));
  // Nothing collides yet: neither is published.
  expect(await clashesOf(second)).toEqual([]);
  await ok(call('POST', `/api/changes/${first}/approve`, { session: sessions.rita }));
  await ok(call('POST', `/api/changes/${first}/publish`, { session: sessions.rita }));
  return { first, second };
}

const branchLog = (id: string) =>
  host.git(host.root, [
    '--git-dir',
    join(host.dataDir, 'repo.git'),
    'log',
    '--format=%an|%s|%(trailers:key=Editor-Authorship,valueonly)',
    '-1',
    `changes/${id}`,
  ]);

beforeAll(async () => {
  // The small site with the real pages whose headings clash: every save and publish validates the whole site.
  host = await startEditorHost('editor-clashes', {
    extraPeople: 1,
    content: smallSite({ also: ['terms.json', 'careers.json', 'privacy-policy.json'] }),
    passwordCost: CHEAP_PASSWORDS,
  });
  const client = editorClient(host.editor.url);
  call = client.call;
  sessions.ana = await client.signIn(ANA.email);
  sessions.bo = await client.signIn(BO.email);
  sessions.rita = await client.signIn(RITA.email);
  sessions.tomas = await client.signIn(PEOPLE.translator.email);
  sessions.ada = await client.signIn(PEOPLE.admin.email);
});

afterAll(() => host?.stop());

describe('a clash, from the moment it exists', () => {
  test('Bo’s page and toolbar name it, Bo settles it choosing a version, the only reviewer approves and publishes both', async () => {
    const { first, second } = await twoClashing('pages-json/terms.json', 'Terms', ['Terms, plainly', 'Terms, simply']);

    // The editor's toolbar asks: worked out once per pair of commits (the first time), then remembered.
    let started = performance.now();
    await clashesOf(second, sessions.bo);
    console.log(`clashes of a change set, worked out: ${(performance.now() - started).toFixed(1)} ms over HTTP`);
    // Bo's change set now collides: its page says where, in words, both values, and who published the other.
    const expected = {
      file: 'pages-json/terms.json',
      document: 'Terms of Service',
      where: 'Prose › Heading',
      published: '“Terms, plainly”',
      changeSet: '“Terms, simply”',
      publishedBy: expect.objectContaining({ name: RITA.name, changeSet: { id: first, title: 'Terms heading, Ana' } }),
    };
    const page = await detail(second, sessions.bo);
    expect(page.clashes).toEqual([expect.objectContaining(expected)]);
    const clash = (page.clashes as ClashWords[])[0];
    expect(clash.before).toMatch(/^“.+”$/);
    expect(clash.where).not.toMatch(/\/|blocks/);
    expect(Date.parse(clash.publishedBy!.date)).toBeGreaterThan(Date.now() - 10 * 60_000);
    // Asked again: remembered by the two commits.
    started = performance.now();
    expect(await clashesOf(second, sessions.bo)).toEqual([expect.objectContaining(expected)]);
    const warm = performance.now() - started;
    console.log(`clashes of a change set, remembered by its two commits: ${warm.toFixed(1)} ms over HTTP`);
    // The reviewer's page says it too, before anyone presses Publish.
    expect((await detail(second)).clashes).toEqual([expect.objectContaining(expected)]);

    // Bo keeps the published heading: a merge commit by Bo, credited as an update, marked as only choosing.
    const settled = await ok(
      call('POST', `/api/changes/${second}/update`, {
        session: sessions.bo,
        body: { choices: { 'pages-json/terms.json': { [clash.key!]: 'published' } } },
      }),
    );
    expect(settled.clashes).toEqual([]);
    expect(branchLog(second)).toMatch(/^Person 1\|Bring “Terms heading, Bo” up to date with the published site\|none \(only chose/);
    started = performance.now();
    expect(await clashesOf(second, sessions.bo)).toEqual([]);
    console.log(`clashes of a change set up to date: ${(performance.now() - started).toFixed(1)} ms over HTTP`);
    const saves = settled.commitsList as { author: { name: string }; message: string }[];
    expect(saves[0]).toMatchObject({
      author: { name: 'Person 1' },
      message: 'Bring “Terms heading, Bo” up to date with the published site',
    });

    // Rita, the only reviewer, approves and publishes it.
    expect(((await detail(second)).actions as { approve: boolean }).approve).toBe(true);
    await ok(call('POST', `/api/changes/${second}/approve`, { session: sessions.rita }));
    expect((await ok(call('POST', `/api/changes/${second}/publish`, { session: sessions.rita }))).outcome).toBe('published');
    expect(host.git(host.remote, ['show', 'main:pages-json/terms.json'])).toContain('"heading": "Terms, plainly"');
  });

  test('the reviewer settles it during Publish, still approves (choosing is not writing), and publishes', async () => {
    const { second } = await twoClashing('pages-json/careers.json', 'Careers', ['Careers, plainly', 'Careers, simply']);
    await ok(call('POST', `/api/changes/${second}/approve`, { session: sessions.rita }));
    const refused = await ok(call('POST', `/api/changes/${second}/publish`, { session: sessions.rita }), 409);
    const conflicts = refused.conflicts as ClashWords[];
    expect(conflicts).toEqual([
      expect.objectContaining({
        document: 'Careers',
        published: '“Careers, plainly”',
        publishedBy: expect.objectContaining({ name: RITA.name }),
      }),
    ]);
    const settled = await ok(
      call('POST', `/api/changes/${second}/update`, {
        session: sessions.rita,
        body: { choices: { 'pages-json/careers.json': { [conflicts[0].key!]: 'changeSet' } } },
      }),
    );
    // What was approved is not what would be published now: it waits for review again, and Rita may give it.
    expect(settled).toMatchObject({ status: 'submitted', actions: { approve: true } });
    expect(branchLog(second)).toMatch(/^Rita Review\|Bring “Careers heading, Bo” up to date.*\|none \(only chose/);
    await ok(call('POST', `/api/changes/${second}/approve`, { session: sessions.rita }));
    expect((await ok(call('POST', `/api/changes/${second}/publish`, { session: sessions.rita }))).outcome).toBe('published');
    expect(host.git(host.remote, ['show', 'main:pages-json/careers.json'])).toContain('"heading": "Careers, simply"');
  });

  test('a text of one’s own settles it too, and makes its writer an author: they no longer approve it', async () => {
    const { second } = await twoClashing('pages-json/privacy-policy.json', 'Privacy', ['Privacy, plainly', 'Privacy, simply']);
    const [clash] = await clashesOf(second);
    const settled = await ok(
      call('POST', `/api/changes/${second}/update`, {
        session: sessions.rita,
        body: { choices: { 'pages-json/privacy-policy.json': { [clash.key!]: { text: 'Privacy, in plain words' } } } },
      }),
    );
    expect(settled.actions).toMatchObject({ approve: false });
    expect(branchLog(second)).toMatch(/^Rita Review\|Bring “Privacy heading, Bo” up to date with the published site\|\s*$/);
    const message = host.git(host.root, ['--git-dir', join(host.dataDir, 'repo.git'), 'log', '--format=%B', '-1', `changes/${second}`]);
    expect(message).toContain(
      'Privacy Policy › Prose › Heading: wrote “Privacy, in plain words” instead of “Privacy, simply” and “Privacy, plainly”',
    );
    const refused = await call('POST', `/api/changes/${second}/approve`, { session: sessions.rita });
    expect(refused.status).toBe(403);
    await ok(call('POST', `/api/changes/${second}/approve`, { session: sessions.ada }));
    await ok(call('POST', `/api/changes/${second}/publish`, { session: sessions.rita }));
    expect(host.git(host.remote, ['show', 'main:pages-json/privacy-policy.json'])).toContain('"heading": "Privacy, in plain words"');
  });
});

describe('who may ask', () => {
  test('the clashes and the update are refused without a session, the update with the wrong role and from another origin', async () => {
    const id = await newChangeSet(sessions.ana, 'Probe');
    expect((await call('GET', `/api/changes/${id}/clashes`)).status).toBe(401);
    // Read by every role, as the change set's page is; another site's page cannot read it (no CORS).
    const read = await call('GET', `/api/changes/${id}/clashes`, { session: sessions.tomas, origin: 'https://evil.example' });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const body = { choices: { 'pages-json/story.json': { '/blocks/[@0]/heading': 'published' } } };
    expect((await call('POST', `/api/changes/${id}/update`, { body })).status).toBe(401);
    const translator = await call('POST', `/api/changes/${id}/update`, { session: sessions.tomas, body });
    expect(translator.status).toBe(403);
    expect(translator.json.message).toMatch(/translator.*may not change pages-json\/story\.json/);
    expect((await call('POST', `/api/changes/${id}/update`, { session: sessions.ana, body, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await call('POST', `/api/changes/${id}/update`, { session: sessions.ana, body, csrf: false })).status).toBe(403);
    const badChoice = await call('POST', `/api/changes/${id}/update`, {
      session: sessions.ana,
      body: { choices: { 'pages-json/story.json': { '/blocks/[@0]/heading': { text: 5 } } } },
    });
    expect(badChoice.status).toBe(400);
  });
});
