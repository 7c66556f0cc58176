/**
 * The hosted editor killed with SIGKILL (as kill -9) at each step of making an undo as a change set (POST
 * /api/changes/:id/undo): its commit made on a candidate, its record's commit made, its branch and record moved, its
 * worktree added. After a restart there is no undo change set when the crash came before its branch and record
 * moved, and the original can be undone again; after that, one whole one (its branch, its record naming the original, and its one commit by the person who asked), never half
 * of one. The editor runs as a child process, as `npm run editor` runs it, with a crash point
 * (tests/server/editor-child.ts; src/editor/host/changes/crash-point.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PEOPLE, prepareEditorHost, type PreparedHost } from '../../test-support/editor-host';
import { storySite } from '../../test-support/synthetic-site';
import { git } from './change-sets-fixture';
import { killed, publishedChangeSet, signInTeam, useEditorChildren, type Team } from './editor-child';

const { restart: startChild } = useEditorChildren();

// A small site with the real story page: a crash is about the editor's steps, not the site's size.
const site = mkdtempSync(join(tmpdir(), 'undo-as-change-set-crash-site-'));
const content = storySite(6, site, ['_collections/plans.json']);
afterAll(() => rmSync(site, { recursive: true, force: true }));

const editorGit = (host: PreparedHost, args: string[]) => git(host.root, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]).trim();
const refsUnder = (host: PreparedHost, prefix: string) =>
  editorGit(host, ['for-each-ref', '--format=%(refname)', prefix])
    .split('\n')
    .filter(Boolean)
    .map((ref) => ref.slice(prefix.length));

/** The undo change sets of `id` as git holds them: each branch with its record, and its commits past the published branch. */
function undosOf(host: PreparedHost, id: string) {
  const branches = refsUnder(host, 'refs/heads/changes/');
  const records = refsUnder(host, 'refs/reviews/');
  // No branch without its record (a published change set's branch is retired; its record stays).
  expect(branches.filter((name) => !records.includes(name))).toEqual([]);
  return records.flatMap((name) => {
    const record = JSON.parse(editorGit(host, ['show', `refs/reviews/${name}:record.json`])) as { undoes?: { id: string } };
    if (record.undoes?.id !== id) return [];
    // An undo's record never without its branch.
    expect(branches).toContain(name);
    const commits = editorGit(host, ['log', '--format=%an|%ae', `refs/heads/changes/${name}`, '^refs/heads/main']).split('\n');
    return [{ name, commits }];
  });
}

const askUndo = (team: Team, id: string) => team.call('POST', `/api/changes/${id}/undo`, { session: team.editor });
const whole = [`${PEOPLE.editor.name}|${PEOPLE.editor.email}`];

describe('kill -9 at each step of making an undo change set, then a restart', () => {
  // Before its branch and record move (together, in one ref transaction) nothing exists; after, one whole undo.
  const outcomes = { 'after-undo-commit': 0, 'after-undo-record': 0, 'after-undo-refs': 1, 'after-undo-worktree': 1 } as const;
  for (const [step, expected] of Object.entries(outcomes)) {
    test(`${step}: ${expected ? 'one whole undo change set' : 'no undo change set, and the undo works again'}`, async () => {
      const host = await prepareEditorHost(`editor-undo-cs-crash-${step}`, { content });
      await startChild(host);
      const id = await publishedChangeSet(await signInTeam(host), `Undone through a crash ${step}`);
      const crashing = await startChild(host, step);
      await expect(askUndo(await signInTeam(host), id)).rejects.toThrow();
      await killed(crashing);

      await startChild(host);
      const team = await signInTeam(host);
      expect(readdirSync(join(host.dataDir, 'worktrees')).filter((name) => name.startsWith('candidate-'))).toEqual([]);
      const found = undosOf(host, id);
      expect(found.length).toBe(expected);
      if (found.length === 0) {
        // Nothing was made: asked again, it makes one whole undo change set.
        const again = await askUndo(team, id);
        expect(again.status, again.text).toBe(201);
        expect(undosOf(host, id)).toEqual([expect.objectContaining({ commits: whole })]);
      } else {
        expect(found[0].commits).toEqual(whole);
        // It is whole to the editor too: listed, linked from the original, opened; asking again is refused.
        const page = await team.call('GET', `/api/changes/${found[0].name}`, { session: team.editor });
        expect(page.status, page.text).toBe(200);
        expect(page.json).toMatchObject({ status: 'draft', commits: 1, undoes: { id } });
        expect((await team.call('GET', `/api/changes/${id}`, { session: team.editor })).json.undoneIn).toMatchObject({ id: found[0].name });
        const opened = await team.call('GET', `/changes/${found[0].name}/edit/api/document?file=story.json`, { session: team.editor });
        expect(opened.status, opened.text).toBe(200);
        expect((await askUndo(team, id)).status).toBe(409);
      }
    });
  }
});
