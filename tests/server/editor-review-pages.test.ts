/**
 * A review shows every page a change set changes (issue 50 item 3), over HTTP against a real git repository: a change
 * to the plans collection lists every page that shows the plans, in every language, and nothing else; a Spanish
 * translation lists its page in Spanish only; the documents' warnings (a title far over the limit) are listed in
 * words; the texts it changes come whole, for word diffs. What a review renders is kept by content
 * (review-cache.ts), and never stale: each save shows at once in the pages it lists, its documents and its frames.
 * Refused without a session and from another site.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AffectedPage, ChangedDocument, ReviewAnswer } from '../../src/editor/hosted-protocol';
import { editorClient, PEOPLE, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';
import { PLAN_PAGES } from '../../test-support/plan-pages';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let ana: EditorSession;
let rita: EditorSession;

beforeAll(async () => {
  host = await startEditorHost('editor-review-pages');
  const client = editorClient(host.editor.url);
  call = client.call;
  [ana, rita] = await Promise.all([client.signIn(PEOPLE.editor.email), client.signIn(PEOPLE.reviewer.email)]);
}, 180_000);

afterAll(() => host?.stop());

async function newChangeSet(title: string) {
  const created = await call('POST', '/api/changes', { session: ana, body: { title } });
  expect(created.status).toBe(201);
  return created.json.id as string;
}

/** A document as the test changes it: a plan's price, a page's title. */
interface Doc {
  items: { price: { amount: number } }[];
  meta: { title: string };
}

/** Opens a document of the change set in the editor, changes it with `edit`, and saves it. */
async function save(id: string, file: string, edit: (doc: Doc) => void) {
  const base = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${base}/document?file=${encodeURIComponent(file)}`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as Doc;
  edit(doc);
  const saved = await call('POST', `${base}/save`, { session: ana, body: { file, doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
}

async function review(id: string): Promise<ReviewAnswer> {
  const answer = await call('GET', `/api/changes/${id}/review`, { session: rita });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as ReviewAnswer;
}

const paths = (pages: AffectedPage[], language?: string) =>
  pages.filter((page) => language === undefined || page.language === language).map((page) => page.path);

describe('the pages a change set changes', () => {
  let plans: string;

  beforeAll(async () => {
    plans = await newChangeSet('Growth price');
    await save(plans, '_collections/plans.json', (doc) => {
      doc.items[1].price.amount = 159;
    });
  });

  test('a price in the plans: every page that shows the plans, in each language, and no other', async () => {
    const { pages, warnings } = await review(plans);
    const english = pages.filter((page) => !page.path.startsWith('/es') && !page.path.startsWith('/de'));
    expect(english.map((page) => page.path).sort()).toEqual(PLAN_PAGES);
    // The same pages in each language that has them (a page not translated yet is not in that language).
    for (const prefix of ['/es', '/de']) {
      const inLanguage = pages.filter((page) => page.path.startsWith(`${prefix}/`) || page.path === prefix).map((page) => page.path);
      expect(inLanguage.length).toBeGreaterThan(0);
      for (const path of inLanguage) expect(PLAN_PAGES.map((route) => `${prefix}${route === '/' ? '' : route}`)).toContain(path);
    }
    expect(pages.every((page) => !page.isNew && !page.direct && page.title)).toBe(true);
    expect(warnings).toEqual([]);
  });

  test('the price changed comes whole, for a word diff', async () => {
    const detail = await call('GET', `/api/changes/${plans}`, { session: rita });
    const [document] = detail.json.documents as ChangedDocument[];
    expect(document.texts).toEqual([{ where: expect.stringContaining('Growth'), before: '149', after: '159' }]);
  });

  test('a Spanish translation: its page in Spanish only', async () => {
    const id = await newChangeSet('Spanish story');
    const opened = await call('GET', `/changes/${id}/edit/api/translation?file=story.json&locale=es`, { session: ana });
    const first = (opened.json.texts as { key: string; text: string }[]).find((entry) => entry.key.startsWith('blocks'))!;
    const saved = await call('POST', `/changes/${id}/edit/api/translation-save`, {
      session: ana,
      body: { file: 'story.json', locale: 'es', texts: { [first.key]: `${first.text} Hoy.` }, baseHash: opened.json.hash },
    });
    expect(saved.status, saved.text).toBe(200);
    const { pages } = await review(id);
    expect(paths(pages)).toEqual(['/es/story']);
    expect(pages[0]).toMatchObject({ direct: true, isNew: false });
  });

  test('a title far over the limit is a warning the reviewer sees, in words', async () => {
    const id = await newChangeSet('Long title');
    const title = `${'Reachwell email API savings compared, '.repeat(4).slice(0, 139)} | Reachwell`;
    expect(title.length).toBe(151);
    await save(id, 'compare/reachwell-vs-email-api.json', (doc) => {
      doc.meta.title = title;
    });
    const { pages, warnings } = await review(id);
    expect(pages[0]).toMatchObject({ path: '/compare/reachwell-vs-email-api', direct: true });
    expect(warnings).toContainEqual(expect.stringMatching(/^The page \/compare\/reachwell-vs-email-api: .*151 characters/));
    for (const warning of warnings) expect(warning).not.toMatch(/pages-json|\.json|\/blocks\/|slot|npm run/);
  });

  test('kept by content, never stale: each save shows at once in the review, its documents and its page after', async () => {
    const id = await newChangeSet('Story title');
    const opened = async () => {
      const [answer, detail, after] = await Promise.all([
        review(id),
        call('GET', `/api/changes/${id}`, { session: rita }),
        call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: rita }),
      ]);
      return { answer, changes: (detail.json.documents as ChangedDocument[])[0]?.changes, after: after.text };
    };
    for (const title of ['Our story, first telling | Reachwell', 'Our story, second telling | Reachwell']) {
      await save(id, 'story.json', (doc) => {
        doc.meta.title = title;
      });
      const first = await opened();
      expect(first.after).toContain(`<title>${title}</title>`);
      expect(first.changes.join(' ')).toContain(title);
      expect(first.answer.pages[0]).toMatchObject({ path: '/story', direct: true });
      // Opened again: read from what was kept, the same.
      expect(await opened()).toEqual(first);
    }
    expect(readdirSync(join(host.dataDir, 'review-cache')).length).toBeGreaterThan(0);
  });

  test('refused without a session (401) and from another site (403)', async () => {
    expect((await call('GET', `/api/changes/${plans}/review`)).status).toBe(401);
    const foreign = await call('GET', `/api/changes/${plans}/review`, { session: rita, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toMatch(/editor's own pages/);
    expect((await call('GET', `/api/changes/no-such-change/review`, { session: rita })).status).toBe(404);
  });
});
