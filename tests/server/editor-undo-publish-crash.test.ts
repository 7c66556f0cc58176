/**
 * The hosted editor killed with SIGKILL (as kill -9) in the middle of undoing a publish, then started again: before
 * the published branch moves, nothing is undone (the candidate dropped, the change set published as before, and the
 * undo works once more); after it moves, the branch and the change set's record moved together (undone by the
 * admin, by that very commit), and the team's remote catches up at start. The editor runs as a child process, as
 * `npm run editor` runs it, with a crash point (tests/server/editor-child.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { PEOPLE, prepareEditorHost, smallSite, type PreparedHost } from '../../test-support/editor-host';
import { git } from './change-sets-fixture';
import { killed, publishedChangeSet, signInTeam, useEditorChildren, type Team } from './editor-child';
import { waitFor } from './helpers';

const OLD = 'Restoring humanity to communication';
/** Every earlier editor stopped first: each test starts a plain one, then one with a crash point. */
const { restart: startChild } = useEditorChildren();
/**
 * The small site (the real story page among synthetic ones), its passwords hashed cheaply: a crash is about the
 * editor's steps, not the site's size, and every restarted editor reads and each publish validates the whole site.
 */
const prepareHost = (prefix: string) => prepareEditorHost(prefix, { content: smallSite(), passwordCost: CHEAP_PASSWORDS });

const editorGit = (host: PreparedHost, args: string[]) => git(host.root, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]).trim();
const publishedHead = (host: PreparedHost) => editorGit(host, ['rev-parse', 'refs/heads/main']);
const remoteHead = (host: PreparedHost) => git(host.remote, ['rev-parse', 'main']).trim();
const publishedStory = (host: PreparedHost) => editorGit(host, ['show', 'refs/heads/main:pages-json/story.json']);
const pageOf = async (team: Team, id: string) => (await team.call('GET', `/api/changes/${id}`, { session: team.editor })).json;
const undo = (team: Team, id: string) => team.call('POST', `/api/changes/${id}/undo-publish`, { session: team.admin });

describe('kill -9 while undoing a publish, then a restart', () => {
  test('after the undo commit is made, before the branch moves: nothing is undone, and the undo works again', async () => {
    const host = await prepareHost('editor-undo-crash-merge');
    await startChild(host);
    const id = await publishedChangeSet(await signInTeam(host), 'Kept through a crash');
    const before = publishedHead(host);
    const crashing = await startChild(host, 'after-merge');
    await expect(undo(await signInTeam(host), id)).rejects.toThrow();
    await killed(crashing);

    await startChild(host);
    const team = await signInTeam(host);
    expect(await pageOf(team, id)).toMatchObject({ status: 'published', actions: { undo: false } });
    expect((await pageOf(team, id)).undone).toBeUndefined();
    expect(publishedHead(host)).toBe(before);
    expect(readdirSync(join(host.dataDir, 'worktrees')).filter((name) => name.startsWith('candidate-'))).toEqual([]);
    const undone = await undo(team, id);
    expect(undone.json, undone.text).toMatchObject({ outcome: 'published', pushed: true });
    expect(publishedStory(host)).toContain(OLD);
    expect(remoteHead(host)).toBe(publishedHead(host));
  }, 600_000);

  test('after the branch moved: the record says undone by that commit, and the remote catches up at start', async () => {
    const host = await prepareHost('editor-undo-crash-moved');
    await startChild(host);
    const id = await publishedChangeSet(await signInTeam(host), 'Undone through a crash');
    const published = publishedHead(host);
    const crashing = await startChild(host, 'after-branch-moved');
    await expect(undo(await signInTeam(host), id)).rejects.toThrow();
    await killed(crashing);
    const moved = publishedHead(host);
    expect(moved).not.toBe(published);
    expect(publishedStory(host)).toContain(OLD);
    expect(remoteHead(host)).toBe(published);

    await startChild(host);
    const team = await signInTeam(host);
    // One transaction: the branch moved and the record says so, by that commit.
    expect(await pageOf(team, id)).toMatchObject({ status: 'published', undone: { commit: moved, by: { email: PEOPLE.admin.email } } });
    expect(publishedHead(host)).toBe(moved);
    await waitFor('the remote to have the undo', () => remoteHead(host) === moved, 300_000);
    expect((await undo(team, id)).status).toBe(409);
  }, 600_000);
});
