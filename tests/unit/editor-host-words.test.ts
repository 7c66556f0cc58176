/**
 * The words of the editor's git side (src/editor/host/changes/): a document's name from its path and content, a
 * save's commit message from the changes ("Story: Hero › Heading"), a restore's, `git log` read back exactly, and
 * the names the library refuses (paths out of the repository, ids that are no folder of its own, revisions that are
 * options).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { restoreMessage, saveMessage } from '../../src/editor/host/changes/commit-message';
import { documentName } from '../../src/editor/host/changes/document-words';
import { parseLog } from '../../src/editor/host/changes/git-log';
import { checkPerson, cleanMessage } from '../../src/editor/host/changes/identity';
import { checkChangeSetId, checkRepoPath, checkSha, newChangeSetId } from '../../src/editor/host/changes/layout';

const text = (path: string) => readFileSync(join(CONTENT_DIR, path), 'utf8');
const doc = (path: string) => JSON.parse(text(path)) as unknown;

describe('a document’s name', () => {
  it('is a page’s menu label, its short title, or its file in words', () => {
    expect(documentName('pages-json/use-cases/collections.json', doc('use-cases/collections.json'))).toBe('Collections');
    // "Our Story: Restoring Humanity to Communication" is too long for a one-line message: the file names it.
    expect(documentName('pages-json/story.json', doc('story.json'))).toBe('Story');
    expect(documentName('pages-json/index.json', {})).toBe('Home');
    expect(documentName('pages-json/use-cases/index.json', {})).toBe('Use cases');
    expect(documentName('pages-json/terms.json', { meta: { title: 'Terms of Service | Reachwell' } })).toBe('Terms of Service');
  });

  it('names the site configuration, collections, templates and translations by what they are', () => {
    expect(documentName('pages-json/_site.json')).toBe('Site configuration');
    expect(documentName('pages-json/_collections/banner-ads.json')).toBe('Banner ads collection');
    expect(documentName('pages-json/_templates/use-case.json')).toBe('Use case template');
    expect(documentName('pages-json/_translations/es/story.json')).toBe('Story (es)');
    expect(documentName('README.md')).toBe('README.md');
  });
});

describe('a save’s message', () => {
  const story = text('story.json');
  const heading = '"heading": "Restoring humanity to communication"';

  it('names the document and the place in the subject, and each change with its values in the body', () => {
    const after = story.replace(heading, '"heading": "People first"');
    expect(saveMessage([{ path: 'pages-json/story.json', before: story, after }])).toBe(
      'Story: Hero › Heading\n\nHero › Heading: “Restoring humanity to communication” → “People first”',
    );
  });

  it('names a list item, a record by its name, and several documents', () => {
    const plans = text('_collections/plans.json');
    const after = plans.replace('"amount": 149', '"amount": 159');
    expect(saveMessage([{ path: 'pages-json/_collections/plans.json', before: plans, after }])).toBe(
      'Plans collection: “Growth” › Price › Amount\n\n“Growth” › Price › Amount: 149 → 159',
    );
    const storyAfter = story.replace('"type": "Prose",', '"type": "Prose",').replace('"heading": "Why we exist"', '"heading": "Why"');
    const both = saveMessage([
      { path: 'pages-json/story.json', before: story, after: storyAfter },
      { path: 'pages-json/_collections/plans.json', before: plans, after },
    ]);
    expect(both?.split('\n')[0]).toBe('Story: Prose › Section 1 › Heading; Plans collection: “Growth” › Price › Amount');
    expect(both).toContain('\nPlans collection › “Growth” › Price › Amount: 149 → 159');
  });

  it('shows at most three places in the subject, and says a new, deleted or unchanged file plainly', () => {
    const parsed = JSON.parse(story) as { blocks: Record<string, unknown>[] };
    parsed.blocks[0].heading = 'One';
    parsed.blocks[0].subheading = 'Two';
    parsed.blocks[0].badge = 'Three';
    (parsed.blocks[1].sections as Record<string, unknown>[])[0].heading = 'Four';
    const message = saveMessage([{ path: 'pages-json/story.json', before: story, after: JSON.stringify(parsed) }])!;
    expect(message.split('\n')[0]).toBe('Story: Hero › Badge, Hero › Heading, 2 more');
    expect(message.split('\n').slice(2)).toHaveLength(4);
    expect(saveMessage([{ path: 'pages-json/channels/fax.json', after: '{"meta":{"title":"Fax"}}' }])).toBe('Fax: created');
    expect(saveMessage([{ path: 'pages-json/channels/fax.json', before: '{}' }])).toBe('Fax: deleted');
    expect(saveMessage([{ path: 'README.md', before: 'a', after: 'b' }])).toBe('README.md: changed');
    expect(saveMessage([{ path: 'pages-json/story.json', before: story, after: story }])).toBeUndefined();
  });

  it('words a restore with the version’s day and author', () => {
    expect(restoreMessage('pages-json/story.json', story, { date: '2026-11-20T17:03:00+01:00', authorName: 'Ana' })).toBe(
      'Restore Story to the version of 2026-11-20 by Ana',
    );
  });
});

describe('git log, read back', () => {
  it('reads commits with their files, renames and merges exactly', () => {
    const record = (fields: string[], files: string) => `\x1e${fields.join('\x1f')}\n\0\n${files}`;
    const stdout =
      record(
        [
          'a'.repeat(40),
          `${'b'.repeat(40)} ${'c'.repeat(40)}`,
          'Ana Lima',
          'ana@x.example',
          '2026-11-20T10:00:00+01:00',
          'Ana Lima',
          'ana@x.example',
          'Story: Hero › Heading\n\nbody',
        ],
        'MM\0pages-json/story.json\0',
      ) +
      record(
        ['b'.repeat(40), '', 'Dev', 'dev@x.example', '2026-11-19T10:00:00Z', 'Dev', 'dev@x.example', 'Rename'],
        'R100\0pages-json/old.json\0pages-json/new name.json\0A\0pages-json/a.json\0',
      );
    const [merge, first] = parseLog(stdout);
    expect(merge).toMatchObject({
      parents: ['b'.repeat(40), 'c'.repeat(40)],
      author: { name: 'Ana Lima' },
      subject: 'Story: Hero › Heading',
      message: 'Story: Hero › Heading\n\nbody',
    });
    expect(merge.files).toEqual([{ path: 'pages-json/story.json', status: 'modified' }]);
    expect(first.parents).toEqual([]);
    expect(first.files).toEqual([
      { path: 'pages-json/new name.json', status: 'renamed', from: 'pages-json/old.json' },
      { path: 'pages-json/a.json', status: 'added' },
    ]);
  });
});

describe('names the library refuses', () => {
  it('refuses paths out of the repository or into .git, ids that are not its own folders, and revisions that are not commit ids', () => {
    for (const path of [
      '',
      '/etc/passwd',
      '../x.json',
      'pages-json/../../x',
      'pages-json//x.json',
      './x.json',
      '.git/config',
      'a/.GIT/x',
      '-rf',
      'a\\b',
    ])
      expect(() => checkRepoPath(path), path).toThrow(/not a file/);
    expect(checkRepoPath('pages-json/use-cases/collections.json')).toBe('pages-json/use-cases/collections.json');
    for (const id of ['published', 'candidate-1', '../x', 'A', '-x', 'x-', 'a/b', ''])
      expect(() => checkChangeSetId(id), id).toThrow(/not a change set id/);
    expect(() => checkSha('--upload-pack=evil')).toThrow(/not a commit id/);
    expect(() => checkSha('HEAD')).toThrow(/not a commit id/);
  });

  it('makes ids from titles, each its own', () => {
    expect(newChangeSetId('Ünïcode & pricing: “Growth” plan!')).toMatch(/^unicode-pricing-growth-plan-[0-9a-f]{6}$/);
    expect(newChangeSetId('***')).toMatch(/^change-[0-9a-f]{6}$/);
    // A name the library keeps for its own folders is never a change set's: it would be refused.
    const candidate = newChangeSetId('Candidate pages for the spring launch');
    expect(candidate).toMatch(/^change-candidate-pages-for-the-spring-launch-[0-9a-f]{6}$/);
    expect(checkChangeSetId(candidate)).toBe(candidate);
    expect(newChangeSetId('Same')).not.toBe(newChangeSetId('Same'));
    expect(() => checkChangeSetId(newChangeSetId('x'.repeat(200)))).not.toThrow();
  });

  it('keeps a person and a message git can record as given', () => {
    expect(checkPerson({ name: ' Ana <Lima>\n', email: 'ana@x.example' })).toEqual({ name: 'Ana Lima', email: 'ana@x.example' });
    expect(() => checkPerson({ name: 'Ana', email: 'ana' })).toThrow(/e-mail/);
    expect(() => checkPerson({ name: '  ', email: 'a@x.example' })).toThrow(/name/);
    expect(cleanMessage('Story\u001e: Hero\r\n\r\nbody\u0000')).toBe('Story: Hero\n\nbody');
    expect(() => cleanMessage(' \n')).toThrow(/message/);
  });
});
