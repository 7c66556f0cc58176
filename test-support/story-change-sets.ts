/**
 * Change sets of the story page's headings made over HTTP as the hub does it, for the undo tests: the editor (Ana)
 * makes one, saves headings in it, submits it; the reviewer (Rita) approves and, unless told, publishes it. Also
 * what the published branch and the served story page hold.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { EditorHost, EditorSession, PEOPLE, editorClient } from './editor-host';

type Call = ReturnType<typeof editorClient>['call'];
type Who = keyof typeof PEOPLE;

/** The story page's headings as the test site has them (block index -> heading; the second block has none). */
export const STORY_HEADINGS = ['Restoring humanity to communication', undefined, 'What we believe', '{product} today', 'Help us end spam'];

export function storyChangeSets(host: EditorHost, call: Call, as: (who: Who) => EditorSession) {
  /** Saves the headings (block index -> text) in change set `id` as `who`. */
  async function saveHeadings(id: string, headings: Record<number, string>, who: Who = 'editor') {
    const base = `/changes/${id}/edit/api`;
    const opened = await call('GET', `${base}/document?file=story.json`, { session: as(who) });
    const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
    for (const [block, heading] of Object.entries(headings)) doc.blocks[Number(block)].heading = heading;
    const saved = await call('POST', `${base}/save`, { session: as(who), body: { file: 'story.json', doc, baseHash: opened.json.hash } });
    expect(saved.status, saved.text).toBe(200);
  }

  /** A change set by the editor setting story headings, approved and, unless told, published; its id. */
  async function changeSet(title: string, headings: Record<number, string>, { publish = true } = {}): Promise<string> {
    const made = await call('POST', '/api/changes', { session: as('editor'), body: { title } });
    expect(made.status).toBe(201);
    const id = made.json.id as string;
    await saveHeadings(id, headings);
    expect((await call('POST', `/api/changes/${id}/submit`, { session: as('editor') })).status).toBe(200);
    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).json.status).toBe('approved');
    if (publish) {
      const published = await call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
      expect(published.json.outcome, published.text).toBe('published');
    }
    return id;
  }

  const repoGit = (args: string[]) => execFileSync('git', ['--git-dir', join(host.dataDir, 'repo.git'), ...args], { encoding: 'utf8' });
  const headingsAt = (ref: string) =>
    (JSON.parse(repoGit(['show', `${ref}:pages-json/story.json`])) as { blocks: { heading?: string }[] }).blocks.map((b) => b.heading);
  /** The story page as the site served on this machine has it ('' before the first release). */
  const servedStory = () => {
    const file = join(host.releasesDir, 'current', 'story', 'index.html');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  return { changeSet, saveHeadings, repoGit, publishedHeadings: () => headingsAt('main'), headingsAt, servedStory };
}
