/**
 * The hosted editor killed with SIGKILL (as kill -9) at each step of a publish, an update and a save, then started
 * again: the change set's status, the published branch, the team's remote, the served release and every answered
 * save agree. The editor runs as a child process, as `npm run editor` runs it, with a crash point
 * (tests/server/editor-child.ts). Also: a save racing a publish is
 * refused, never answered "saved" and stranded on the published change set.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { PEOPLE, prepareEditorHost, type PreparedHost } from '../../test-support/editor-host';
import { storySite } from '../../test-support/synthetic-site';
import { git } from './change-sets-fixture';
import { killed, signInTeam, useEditorChildren, type Team } from './editor-child';
import { waitFor } from './helpers';

const { start: startChild, restart: startChildAfterStop } = useEditorChildren();

// The crash tests' site: a small one with the real story page and plans (the race below keeps the real site). A crash
// is about the editor's steps, not the site's size; every save and publish validates the whole site, a publish with
// releases builds it, and each restarted editor reads it again: with the real site (160 pages in 5 languages) this
// file took over 17 minutes at load 30.
const site = mkdtempSync(join(tmpdir(), 'editor-crash-site-'));
const content = storySite(6, site, ['_collections/plans.json']);
afterAll(() => rmSync(site, { recursive: true, force: true }));
// Its people's passwords hashed cheaply (test-support/cheap-passwords.ts): each restart signs the team in again, and
// a crash is not about sign-in's cost.

/** Saves story.json's first heading through the editor's own endpoints. */
async function saveHeading(team: Team, id: string, heading: string) {
  const base = `/changes/${id}/edit/api`;
  const opened = await team.call('GET', `${base}/document?file=story.json`, { session: team.editor });
  expect(opened.status).toBe(200);
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  return team.call('POST', `${base}/save`, { session: team.editor, body: { file: 'story.json', doc, baseHash: opened.json.hash } });
}

/** A change set with one saved heading, submitted and approved. */
async function approvedChangeSet(team: Team, title: string, heading: string): Promise<string> {
  const made = await team.call('POST', '/api/changes', { session: team.editor, body: { title } });
  expect(made.status).toBe(201);
  const id = made.json.id as string;
  const saved = await saveHeading(team, id, heading);
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
  expect((await team.call('POST', `/api/changes/${id}/submit`, { session: team.editor })).json.status).toBe('submitted');
  expect((await team.call('POST', `/api/changes/${id}/approve`, { session: team.reviewer })).json.status).toBe('approved');
  return id;
}

const editorGit = (host: PreparedHost, args: string[]) => git(host.root, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]).trim();
const publishedHead = (host: PreparedHost) => editorGit(host, ['rev-parse', 'refs/heads/main']);
const remoteHead = (host: PreparedHost) => git(host.remote, ['rev-parse', 'main']).trim();
const statusOf = async (team: Team, id: string) => (await team.call('GET', `/api/changes/${id}`, { session: team.editor })).json.status;
const servedStory = (host: PreparedHost) => {
  const file = join(host.releasesDir, 'current', 'story', 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

describe('kill -9 at each step of a publish, then a restart', () => {
  test('after the merge, before the branch moves: nothing was published, it publishes again', async () => {
    const host = await prepareEditorHost('editor-crash-merge', { content, passwordCost: CHEAP_PASSWORDS });
    const before = remoteHead(host);
    const child = await startChild(host, 'after-merge');
    const team = await signInTeam(host);
    const id = await approvedChangeSet(team, 'Crash after merge', 'Merged, then killed');
    await expect(team.call('POST', `/api/changes/${id}/publish`, { session: team.reviewer })).rejects.toThrow();
    await killed(child);

    await startChild(host);
    const again = await signInTeam(host);
    expect(await statusOf(again, id)).toBe('approved');
    expect(publishedHead(host)).toBe(before);
    expect(remoteHead(host)).toBe(before);
    expect(readdirSync(join(host.dataDir, 'worktrees')).filter((name) => name.startsWith('candidate-'))).toEqual([]);
    const published = await again.call('POST', `/api/changes/${id}/publish`, { session: again.reviewer });
    expect(published.json, JSON.stringify(published.json)).toMatchObject({ outcome: 'published', pushed: true });
    expect(await statusOf(again, id)).toBe('published');
    expect(remoteHead(host)).toBe(publishedHead(host));
  });

  for (const step of ['after-branch-moved', 'after-push', 'during-build'] as const) {
    test(`${step}: the change set is published, the remote and the served site catch up`, async () => {
      const host = await prepareEditorHost(`editor-crash-${step}`, { releases: true, content, passwordCost: CHEAP_PASSWORDS });
      const heading = `Published, then killed ${step}`;
      const child = await startChild(host, step);
      const team = await signInTeam(host);
      const id = await approvedChangeSet(team, `Crash ${step}`, heading);
      await expect(team.call('POST', `/api/changes/${id}/publish`, { session: team.reviewer })).rejects.toThrow();
      await killed(child);
      const moved = publishedHead(host);
      expect(editorGit(host, ['show', `${moved}:pages-json/story.json`])).toContain(heading);

      await startChild(host);
      const again = await signInTeam(host);
      // The branch moved and the change set is published: one transaction, so never one without the other.
      expect(await statusOf(again, id)).toBe('published');
      expect(publishedHead(host)).toBe(moved);
      await waitFor('the remote to have the publish', () => remoteHead(host) === moved, 300_000);
      await waitFor('the served site to have the publish', () => servedStory(host).includes(heading), 300_000);
      // Published is read only: a save is refused in words.
      const late = await saveHeading(again, id, 'Too late');
      expect(late.status).toBe(409);
      // The restarted editor builds the site again: its wait timed out at 180 s with the machine at load 30.
    }, 600_000);
  }
});

describe('kill -9 in an update and a save, then a restart', () => {
  test('brought up to date just before the kill: the approval is taken back, it is approved and published again', async () => {
    const host = await prepareEditorHost('editor-crash-update', { content, passwordCost: CHEAP_PASSWORDS });
    const child = await startChild(host, 'after-update-merge');
    const team = await signInTeam(host);
    const late = await approvedChangeSet(team, 'Waits', 'A heading that waits');
    // Meanwhile another change set (another document) is published: `late` is behind.
    const made = await team.call('POST', '/api/changes', { session: team.editor, body: { title: 'Plans' } });
    const other = made.json.id as string;
    const opened = await team.call('GET', `/changes/${other}/edit/api/document?file=${encodeURIComponent('_collections/plans.json')}`, {
      session: team.editor,
    });
    const plans = opened.json.text as string;
    const savedPlans = await team.call('POST', `/changes/${other}/edit/api/save`, {
      session: team.editor,
      body: {
        file: '_collections/plans.json',
        doc: JSON.parse(plans.replace('"Growth"', '"Growth plus"')) as unknown,
        baseHash: opened.json.hash,
      },
    });
    expect(savedPlans.json.outcome, JSON.stringify(savedPlans.json)).toBe('saved');
    await team.call('POST', `/api/changes/${other}/submit`, { session: team.editor });
    await team.call('POST', `/api/changes/${other}/approve`, { session: team.reviewer });
    expect((await team.call('POST', `/api/changes/${other}/publish`, { session: team.reviewer })).json.outcome).toBe('published');

    await expect(team.call('POST', `/api/changes/${late}/update`, { session: team.editor, body: { choices: {} } })).rejects.toThrow();
    await killed(child);
    // The merge commit is on the branch; the record still said approved when the process died.
    expect(editorGit(host, ['merge-base', '--is-ancestor', 'refs/heads/main', `refs/heads/changes/${late}`])).toBe('');

    await startChild(host);
    const again = await signInTeam(host);
    expect(await statusOf(again, late)).toBe('submitted');
    expect((await again.call('POST', `/api/changes/${late}/approve`, { session: again.reviewer })).json.status).toBe('approved');
    const published = await again.call('POST', `/api/changes/${late}/publish`, { session: again.reviewer });
    expect(published.json, JSON.stringify(published.json)).toMatchObject({ outcome: 'published' });
    expect(remoteHead(host)).toBe(publishedHead(host));
  });

  test('a save committed on an approved change set just before the kill: kept, by its author, and waits for review again', async () => {
    const host = await prepareEditorHost('editor-crash-save', { content, passwordCost: CHEAP_PASSWORDS });
    const child = await startChild(host, 'after-save-commit');
    const team = await signInTeam(host);
    // The first save is answered before the crash point is armed for the second: the child dies at the first commit.
    const made = await team.call('POST', '/api/changes', { session: team.editor, body: { title: 'Saved then killed' } });
    const id = made.json.id as string;
    await expect(saveHeading(team, id, 'Saved, then killed')).rejects.toThrow();
    await killed(child);

    await startChild(host);
    const again = await signInTeam(host);
    const log = editorGit(host, ['log', '--format=%an <%ae>|%s', `refs/heads/changes/${id}`, '^refs/heads/main']);
    expect(log).toBe(`${PEOPLE.editor.name} <${PEOPLE.editor.email}>|Story: Hero › Heading`);
    expect(await statusOf(again, id)).toBe('draft');
    // An approved change set saved into just before the kill: approval taken back at the restart.
    const approved = await approvedChangeSet(again, 'Approved then saved', 'Approved heading');
    const stopper = await startChildAfterStop(host, 'after-save-commit');
    const third = await signInTeam(host);
    await expect(saveHeading(third, approved, 'Saved after approval, then killed')).rejects.toThrow();
    await killed(stopper);
    await startChild(host);
    const fourth = await signInTeam(host);
    expect(await statusOf(fourth, approved)).toBe('submitted');
    expect(editorGit(host, ['show', `refs/heads/changes/${approved}:pages-json/story.json`])).toContain(
      'Saved after approval, then killed',
    );
  });
});

describe('a save racing a publish', () => {
  test('a save sent while the publish validates waits for it and is refused in words: never answered "saved" and stranded', async () => {
    // The real site: the save must arrive while the publish validates it, which takes seconds only for a site this size.
    const host = await prepareEditorHost('editor-crash-race', { passwordCost: CHEAP_PASSWORDS });
    await startChild(host);
    const team = await signInTeam(host);
    const id = await approvedChangeSet(team, 'Race', 'Approved heading');
    const publishing = team.call('POST', `/api/changes/${id}/publish`, { session: team.reviewer });
    // The publish's merge is made and being validated (seconds: the whole site in every language).
    await waitFor('the publish candidate', () =>
      readdirSync(join(host.dataDir, 'worktrees')).some((name) => name.startsWith('candidate-')),
    );
    const save = await saveHeading(team, id, 'Saved while publishing');
    const published = await publishing;
    expect(published.json.outcome).toBe('published');
    const stranded = editorGit(host, ['log', '--format=%s', `refs/heads/changes/${id}`, '^refs/heads/main']);
    // Whatever was answered "saved" is published; here the save came during the publish, so it was refused.
    expect(stranded).toBe('');
    expect(save.status, JSON.stringify(save.json)).toBe(409);
    expect(String(save.json.message)).toMatch(/published/);
  });
});
