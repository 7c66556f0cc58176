/**
 * The hosted editor's server end to end, over HTTP, against a real git repository with a bare remote: every route
 * refused without a session, a change without the CSRF token or from another origin refused, each role held to its
 * permissions, saves as commits by their authors with messages in words, submit, approve, publish to the remote and
 * to the site served from this machine, a conflicting publish, an invalid change that cannot be published, history
 * and restore, preview links and their expiry, and 20 people saving at once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EDITOR_ENDPOINTS } from '../../src/editor/editor-endpoints';
import { HOSTED_ENDPOINTS } from '../../src/editor/hosted-endpoints';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';
import { storySite } from '../../test-support/synthetic-site';

let host: EditorHost;

type Session = EditorSession;
let signIn: (email: string) => Promise<Session>;
let call: ReturnType<typeof editorClient>['call'];

const sessions: Partial<Record<keyof typeof PEOPLE, Session>> = {};
const as = (who: keyof typeof PEOPLE) => sessions[who]!;

async function newChangeSet(who: keyof typeof PEOPLE, title: string): Promise<string> {
  const answer = await call('POST', '/api/changes', { session: as(who), body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

/** Saves `file` of a change set through the editor's own endpoints, changed by `change`. */
async function save(session: Session, id: string, file: string, change: (doc: Record<string, unknown>) => void, via = call) {
  const editBase = `/changes/${id}/edit/api`;
  const opened = await via('GET', `${editBase}/document?file=${encodeURIComponent(file)}`, { session });
  expect(opened.status).toBe(200);
  const doc = JSON.parse(opened.json.text as string) as Record<string, unknown>;
  change(doc);
  return via('POST', `${editBase}/save`, { session, body: { file, doc, baseHash: opened.json.hash } });
}

const setHeading = (heading: string) => (doc: Record<string, unknown>) => {
  (doc.blocks as { heading: string }[])[0].heading = heading;
};

const branchLog = (id: string, on = host) =>
  on.git(on.remote, ['--git-dir', join(on.dataDir, 'repo.git'), 'log', '--format=%an <%ae>|%s', `changes/${id}`, '^main']);

/**
 * The small site (synthetic-site.ts) in the real languages, with the real pages these tests change and the real home
 * page's plans (its Pricing section) on its home: the tests are about the editor's routes, roles and publishing, not the
 * site's size, and every save and publish validates the whole site and each publish builds it.
 */
function smallSiteWithPlans(into: string): string {
  const content = storySite(6, into, ['terms.json', 'careers.json', '_collections/plans.json'], { languages: true });
  const home = JSON.parse(readFileSync(join(content, 'index.json'), 'utf8')) as { blocks: { type: string }[] };
  const realHome = JSON.parse(readFileSync(join(CONTENT_DIR, 'index.json'), 'utf8')) as { blocks: { type: string }[] };
  home.blocks.splice(
    -1,
    0,
    realHome.blocks.find((block) => block.type === 'Pricing')!,
  );
  writeFileSync(join(content, 'index.json'), JSON.stringify(home));
  return content;
}

const smallSiteDir = mkdtempSync(join(tmpdir(), 'editor-host-site-'));
afterAll(() => rmSync(smallSiteDir, { recursive: true, force: true }));

beforeAll(async () => {
  host = await startEditorHost('editor-host', { releases: true, content: smallSiteWithPlans(smallSiteDir), passwordCost: CHEAP_PASSWORDS });
  ({ signIn, call } = editorClient(host.editor.url));
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) sessions[who] = await signIn(PEOPLE[who].email);
});

afterAll(() => host?.stop());

describe('who may ask', () => {
  test('every route but the sign-in, the app’s shells, its files and preview links refuses a request without a session (401)', async () => {
    const id = await newChangeSet('editor', 'Anonymous probe');
    // The server registers exactly the table's entries (besides its built files).
    const tableRoutes = Object.values(HOSTED_ENDPOINTS).map((entry) => `${entry.method} ${entry.path}`);
    const served = new Set(
      host.editor.routes
        .filter((route) => route.access !== undefined)
        .map((route) => `${route.method} ${route.url}`)
        .filter((route) => !route.startsWith('HEAD ')),
    );
    for (const route of tableRoutes.filter((route) => !route.startsWith('ALL '))) expect(served, route).toContain(route);
    // Each closed entry as browsers and clients call it (an `ALL` entry: with each of the methods fetch can send), and
    // under the editor's entry each of the editor's own endpoints (editor-endpoints.ts).
    const closed = Object.values(HOSTED_ENDPOINTS).filter((entry) => entry.access !== 'anyone');
    expect(closed.length).toBeGreaterThan(15);
    const probes = closed.flatMap((entry) => {
      const methods = entry.method === 'ALL' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [entry.method];
      const rests = entry.path.endsWith('*') ? Object.values(EDITOR_ENDPOINTS).map((inner) => `api${inner.path}`) : [''];
      return methods.flatMap((method) =>
        rests.map((rest) => ({
          method,
          path: entry.path.replace(':id', id).replace(':sha', 'a'.repeat(40)).replace(':file', 'default.js').replace('*', rest),
        })),
      );
    });
    for (const { method, path } of probes) {
      const answer = await call(method, path, { body: method === 'GET' ? undefined : {} });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    // An opened page without a session goes to the sign-in, and back afterwards.
    const page = await call('GET', `/changes/${id}/edit`, { accept: 'text/html' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(`/changes/${id}/edit`)}`);
    // Nothing of the project but the built app: no sources, no content files.
    for (const path of ['/src/main.ts', '/pages-json/story.json', '/package.json', '/.git/config', '/editor-data/preview-secret']) {
      expect((await call('GET', path, { session: as('admin') })).status, path).toBe(404);
    }
  });

  test('a change without the CSRF token, or from another origin, is refused (403) and changes nothing', async () => {
    const before = (await call('GET', '/api/changes', { session: as('editor') })).json;
    const noToken = await call('POST', '/api/changes', { session: as('editor'), body: { title: 'No token' }, csrf: false });
    expect(noToken.status).toBe(403);
    const otherSite = await call('POST', '/api/changes', {
      session: as('editor'),
      body: { title: 'Elsewhere' },
      origin: 'https://evil.example',
    });
    expect(otherSite.status).toBe(403);
    expect((await call('GET', '/api/changes', { session: as('editor') })).json).toEqual(before);

    const id = await newChangeSet('editor', 'CSRF on the editor');
    const edit = `/changes/${id}/edit/api/save`;
    expect((await call('POST', edit, { session: as('editor'), body: {}, csrf: false })).status).toBe(403);
    expect((await call('POST', edit, { session: as('editor'), body: {}, origin: 'https://evil.example' })).status).toBe(403);
    expect(branchLog(id)).toBe('');
  });

  test('roles: an editor cannot approve or publish, a translator cannot change structure but saves translations', async () => {
    const id = await newChangeSet('editor', 'Roles');
    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('editor') })).status).toBe(403);
    expect((await call('POST', `/api/changes/${id}/publish`, { session: as('editor') })).status).toBe(403);

    const refused = await save(as('translator'), id, 'story.json', setHeading('A translator’s heading'));
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/translator.*may not change pages/);
    expect((await call('POST', `/changes/${id}/edit/api/new-page`, { session: as('translator'), body: {} })).status).toBe(403);
    const restore = await call('POST', `/api/changes/${id}/restore`, {
      session: as('translator'),
      body: { file: 'pages-json/story.json', sha: 'a'.repeat(40) },
    });
    expect(restore.status).toBe(403);

    const translation = await call('GET', `/changes/${id}/edit/api/translation?file=story.json&locale=es`, { session: as('translator') });
    expect(translation.status).toBe(200);
    const texts = translation.json.texts as { key: string; text: string }[];
    const first = texts.find((entry) => entry.text)!;
    const saved = await call('POST', `/changes/${id}/edit/api/translation-save`, {
      session: as('translator'),
      body: { file: 'story.json', locale: 'es', texts: { [first.key]: `${first.text} (revisado)` }, baseHash: translation.json.hash },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(branchLog(id)).toMatch(/^Tomás Ruiz <tomas@reachwell\.example>\|/);
  });
});

describe('a change, from save to the visitor', () => {
  test('saves are commits by their author, in words; submit, approve by someone else, publish to the remote and the served site', async () => {
    const id = await newChangeSet('editor', 'Story heading');
    const saved = await save(as('editor'), id, 'story.json', setHeading('People first, every time'));
    expect(saved.json.outcome).toBe('saved');
    expect(branchLog(id)).toBe('Ana Lima <ana@reachwell.example>|Story: Hero › Heading\n');

    const detail = await call('GET', `/api/changes/${id}`, { session: as('reviewer') });
    expect(detail.json.documents).toEqual([
      expect.objectContaining({
        file: 'pages-json/story.json',
        changes: ['Hero › Heading: “Restoring humanity to communication” → “People first, every time”'],
        routes: ['/story'],
      }),
    ]);
    const after = await call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: as('reviewer') });
    expect(after.text).toContain('People first, every time');
    expect(after.text).toContain('<meta name="robots" content="noindex" />');
    const before = await call('GET', `/changes/${id}/compare?route=/story&side=before`, { session: as('reviewer') });
    expect(before.text).toContain('Restoring humanity to communication');

    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).status).toBe(409);
    expect((await call('POST', `/api/changes/${id}/submit`, { session: as('editor') })).json.status).toBe('submitted');
    const comment = await call('POST', `/api/changes/${id}/comments`, { session: as('reviewer'), body: { body: 'Reads well.' } });
    expect(comment.json.comments).toEqual([
      expect.objectContaining({ author: { name: 'Rita Review', email: 'rita@reachwell.example' }, body: 'Reads well.' }),
    ]);
    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).json.status).toBe('approved');

    const published = await call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect(published.json).toMatchObject({ outcome: 'published', pushed: true, served: true });
    const remoteStory = host.git(host.remote, ['show', 'main:pages-json/story.json']);
    expect(remoteStory).toContain('People first, every time');
    expect(host.git(host.remote, ['log', '--format=%an|%s', '-2', 'main'])).toMatch(
      /^Rita Review\|Publish “Story heading”.*\nAna Lima\|Story: Hero › Heading/,
    );
    const served = readFileSync(join(host.releasesDir, 'current', 'story', 'index.html'), 'utf8');
    expect(served).toContain('People first, every time');
    // Its page still says what it published, and by whom.
    const kept = await call('GET', `/api/changes/${id}`, { session: as('editor') });
    expect(kept.json).toMatchObject({ status: 'published', behindPublished: false, commits: 1 });
    expect((kept.json.documents as { changes: string[] }[])[0].changes).toEqual([
      'Hero › Heading: “Restoring humanity to communication” → “People first, every time”',
    ]);
    // Its pages compare the site just before and just after the publish, not today's site on both sides.
    const publishedBefore = await call('GET', `/changes/${id}/compare?route=/story&side=before`, { session: as('reviewer') });
    expect(publishedBefore.text).toContain('Restoring humanity to communication');
    const publishedAfter = await call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: as('reviewer') });
    expect(publishedAfter.text).toContain('People first, every time');
    // Published: read only.
    expect((await save(as('editor'), id, 'story.json', setHeading('Too late'))).status).toBe(409);
  });

  test('a marketer adds a page and changes a price; after a colleague’s review the visitor’s site has both', async () => {
    const id = await newChangeSet('editor', 'Partners page and Growth price');
    const made = await call('POST', `/changes/${id}/edit/api/new-page`, {
      session: as('editor'),
      body: { slug: 'partners', title: 'Partners' },
    });
    expect(made.json).toMatchObject({ outcome: 'created', file: 'partners.json', route: '/partners' });
    // The new page's $schema stays inside the repository, as a developer's checkout has it.
    const scaffolded = readFileSync(join(host.dataDir, 'worktrees', id, 'pages-json', 'partners.json'), 'utf8');
    expect(JSON.parse(scaffolded).$schema).toBe('../schemas/page.schema.json');
    const filled = await save(as('editor'), id, 'partners.json', (doc) => {
      (doc.meta as { description: string }).description = 'Agencies and platforms that resell Reachwell agents to their own customers.';
      const [hero, cta] = doc.blocks as { heading: string; buttons?: { label: string; href: string }[] }[];
      hero.heading = 'Partner with Reachwell';
      cta.heading = 'Become a partner';
      cta.buttons = [{ label: 'Talk to our team', href: 'site:mail.contact' }];
    });
    expect(filled.json.outcome, JSON.stringify(filled.json)).toBe('saved');
    const priced = await save(as('editor'), id, '_collections/plans.json', (doc) => {
      const growth = (doc.items as { name: string; price: { amount: number } }[]).find((plan) => plan.name === 'Growth')!;
      growth.price.amount = 159;
    });
    expect(priced.json.outcome, JSON.stringify(priced.json)).toBe('saved');
    expect(branchLog(id)).toMatch(
      /^Ana Lima <ana@reachwell\.example>\|Plans collection: .*Price.*\nAna Lima <ana@reachwell\.example>\|Partners: .*\nAna Lima <ana@reachwell\.example>\|Partners: created\n$/,
    );

    await call('POST', `/api/changes/${id}/submit`, { session: as('editor') });
    await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') });
    const published = await call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
    expect(published.json, JSON.stringify(published.json)).toMatchObject({ outcome: 'published', served: true });
    expect(readFileSync(join(host.releasesDir, 'current', 'partners', 'index.html'), 'utf8')).toContain('Partner with Reachwell');
    expect(readFileSync(join(host.releasesDir, 'current', 'index.html'), 'utf8')).toMatch(/\$159/);
  });

  test('nobody who saved in a change set approves it, even a reviewer saving in a colleague’s', async () => {
    const id = await newChangeSet('editor', 'Reviewed by a contributor');
    await save(as('editor'), id, 'careers.json', (doc) => ((doc.meta as { description: string }).description += ' Apply today.'));
    await call('POST', `/api/changes/${id}/submit`, { session: as('editor') });
    await save(as('reviewer'), id, 'careers.json', (doc) => ((doc.meta as { description: string }).description += ' Or tomorrow.'));
    expect((await call('GET', `/api/changes/${id}`, { session: as('reviewer') })).json.actions).toMatchObject({ approve: false });
    const refused = await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/You saved changes in this change set/);
    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('admin') })).json.status).toBe('approved');
  });

  test('a reviewer never approves their own change set', async () => {
    const id = await newChangeSet('reviewer', 'Own work');
    await save(as('reviewer'), id, 'careers.json', (doc) => ((doc.meta as { description: string }).description += ' Join us.'));
    await call('POST', `/api/changes/${id}/submit`, { session: as('reviewer') });
    const answer = await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') });
    expect(answer.status).toBe(403);
    expect(answer.json.message).toMatch(/You saved changes in this change set: someone who did not approves it/);
  });

  test('a publish whose field the published site changed too is refused with the place, and nothing moves', async () => {
    const first = await newChangeSet('editor', 'Terms heading one');
    const second = await newChangeSet('admin', 'Terms heading two');
    await save(as('editor'), first, 'terms.json', setHeading('Terms, plainly'));
    await save(as('admin'), second, 'terms.json', setHeading('Terms, simply'));
    for (const id of [first, second]) {
      await call('POST', `/api/changes/${id}/submit`, { session: as(id === first ? 'editor' : 'admin') });
      await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') });
    }
    expect((await call('POST', `/api/changes/${first}/publish`, { session: as('reviewer') })).status).toBe(200);
    const remoteHead = host.git(host.remote, ['rev-parse', 'main']);
    const refused = await call('POST', `/api/changes/${second}/publish`, { session: as('reviewer') });
    expect(refused.status).toBe(409);
    expect(refused.json.conflicts).toEqual([
      expect.objectContaining({
        file: 'pages-json/terms.json',
        where: 'Prose › Heading',
        published: '“Terms, plainly”',
        changeSet: '“Terms, simply”',
      }),
    ]);
    expect(host.git(host.remote, ['rev-parse', 'main'])).toBe(remoteHead);

    // Settled by choosing this change set's heading: a merge commit by the person choosing, approval taken back.
    const key = (refused.json.conflicts as { key: string }[])[0].key;
    const settled = await call('POST', `/api/changes/${second}/update`, {
      session: as('admin'),
      body: { choices: { 'pages-json/terms.json': { [key]: 'changeSet' } } },
    });
    expect(settled.status, JSON.stringify(settled.json)).toBe(200);
    expect(settled.json.status).toBe('submitted');
    await call('POST', `/api/changes/${second}/approve`, { session: as('reviewer') });
    expect((await call('POST', `/api/changes/${second}/publish`, { session: as('reviewer') })).status).toBe(200);
    expect(host.git(host.remote, ['show', 'main:pages-json/terms.json'])).toContain('"heading": "Terms, simply"');
  });

  test('a change set that would break the site can never be published', async () => {
    const id = await newChangeSet('editor', 'Broken by hand');
    // A commit made outside the editor (a developer's push to the branch): the endpoints would have refused it.
    const worktree = join(host.dataDir, 'worktrees', id);
    const story = join(worktree, 'pages-json', 'story.json');
    writeFileSync(story, readFileSync(story, 'utf8').replace('"type": "Hero"', '"type": "NoSuchBlock"'));
    host.git(worktree, ['commit', '--quiet', '--all', '--message', 'Break the story']);
    await call('POST', `/api/changes/${id}/submit`, { session: as('editor') });
    await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') });
    const remoteHead = host.git(host.remote, ['rev-parse', 'main']);
    const refused = await call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
    expect(refused.status).toBe(422);
    expect(refused.json.outcome).toBe('invalid');
    expect((refused.json.problems as string[]).join('\n')).toMatch(/story\.json.*NoSuchBlock/);
    expect(host.git(host.remote, ['rev-parse', 'main'])).toBe(remoteHead);
    expect(readFileSync(join(host.releasesDir, 'current', 'story', 'index.html'), 'utf8')).toContain('People first, every time');
  });
});

describe('history', () => {
  test('a document’s history names who changed what; a version renders; restoring it is a new commit of that file alone', async () => {
    const history = await call('GET', `/api/history?file=${encodeURIComponent('pages-json/story.json')}`, { session: as('editor') });
    const entries = history.json as unknown as { sha: string; author: { name: string }; message: string }[];
    const save = entries.find((entry) => entry.message.startsWith('Story: Hero › Heading'))!;
    expect(save.author.name).toBe('Ana Lima');
    const original = entries.at(-1)!;
    const version = await call('GET', `/history/version?route=/story&sha=${original.sha}`, { session: as('editor') });
    expect(version.text).toContain('Restoring humanity to communication');

    expect((await call('GET', `/history/version?route=/story&sha=${'b'.repeat(40)}`, { session: as('editor') })).status).toBe(404);

    const id = await newChangeSet('editor', 'Restore the story');
    // Only the site's documents are restored: never another file of the repository into a change set.
    const notADocument = await call('POST', `/api/changes/${id}/restore`, {
      session: as('admin'),
      body: { file: 'README.md', sha: original.sha },
    });
    expect(notADocument.status).toBe(403);
    const restored = await call('POST', `/api/changes/${id}/restore`, {
      session: as('editor'),
      body: { file: 'pages-json/story.json', sha: original.sha },
    });
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    const log = host.git(host.remote, [
      '--git-dir',
      join(host.dataDir, 'repo.git'),
      'show',
      '--name-only',
      '--format=%an|%s',
      `changes/${id}`,
    ]);
    expect(log.trim().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^Ana Lima\|Restore Story to the version of/),
      'pages-json/story.json',
    ]);
    expect(readFileSync(join(host.dataDir, 'worktrees', id, 'pages-json', 'story.json'), 'utf8')).toContain(
      'Restoring humanity to communication',
    );
  });
});

describe('preview links', () => {
  test('anyone with the link sees the draft site, not indexed, until it expires; a changed link opens nothing', async () => {
    const id = await newChangeSet('editor', 'Careers draft');
    await save(as('editor'), id, 'careers.json', setHeading('Work with us, from anywhere'));
    const link = await call('POST', `/api/changes/${id}/preview-link`, { session: as('editor') });
    // It opens the page the change set changes (tests/server/editor-preview-links.test.ts has the rest).
    expect(link.json.url).toMatch(/\/careers$/);
    const url = (link.json.url as string).replace(/careers$/, '');
    const page = await call('GET', `${url}careers`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Work with us, from anywhere');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    // Its links stay in the preview (the small site's menu links its channel pages).
    expect(page.text).toContain(`href="${url}channels/email"`);
    const tampered = url.replace(/.(\/)$/, (c) => (c[0] === 'A' ? 'B' : 'A') + '/');
    expect((await call('GET', `${tampered}careers`)).status).toBe(403);
    host.advance(8 * 24 * 60 * 60_000);
    try {
      const expired = await call('GET', `${url}careers`);
      expect(expired.status).toBe(403);
      expect(expired.text).toMatch(/expired/);
    } finally {
      host.advance(-8 * 24 * 60 * 60_000);
    }
  });
});

describe('20 people at once', () => {
  // A host of its own on a small site with the real story page: every save validates the whole site, and 60 whole-site
  // validations of the real one (20 workspaces opened, 40 saves) were most of this file's time (140 s at load 18).
  const site = mkdtempSync(join(tmpdir(), 'editor-host-load-site-'));
  let load: EditorHost;
  let loadClient: ReturnType<typeof editorClient>;
  beforeAll(async () => {
    load = await startEditorHost('editor-host-load', { extraPeople: 20, content: storySite(6, site) });
    loadClient = editorClient(load.editor.url);
  });
  afterAll(async () => {
    await load?.stop();
    rmSync(site, { recursive: true, force: true });
  });

  test('20 people save at the same time, each twice: every save a commit on its own change set, none lost or interleaved', async () => {
    const { signIn, call } = loadClient;
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`person${i + 1}@reachwell.example`)));
    const ids = await Promise.all(
      people.map(async (session, i) => {
        const answer = await call('POST', '/api/changes', { session, body: { title: `Load ${i + 1}` } });
        return answer.json.id as string;
      }),
    );
    const started = performance.now();
    await Promise.all(
      people.map(async (session, i) => {
        for (const round of [1, 2]) {
          const saved = await save(session, ids[i], 'story.json', setHeading(`Heading of person ${i + 1}, round ${round}`), call);
          expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
        }
      }),
    );
    console.log(`20 people x 2 saves through HTTP: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    ids.forEach((id, i) => {
      const lines = branchLog(id, load).trim().split('\n');
      expect(lines).toEqual([
        `Person ${i + 1} <person${i + 1}@reachwell.example>|Story: Hero › Heading`,
        `Person ${i + 1} <person${i + 1}@reachwell.example>|Story: Hero › Heading`,
      ]);
      const text = load.git(load.remote, ['--git-dir', join(load.dataDir, 'repo.git'), 'show', `changes/${id}:pages-json/story.json`]);
      expect(text).toContain(`Heading of person ${i + 1}, round 2`);
    });
  });
});
