/**
 * The hosted editor as a child process, as `npm run editor` runs it, for the tests that kill it with SIGKILL at a step
 * and start it again (editor-crash.test.ts, editor-undo-publish-crash.test.ts): EDITOR_TEST_CRASH_AT=<step> makes it
 * kill itself at that step (src/editor/host/changes/crash-point.ts, test only). Every child a test started is stopped
 * after it. Also the team those tests act as: the editor and the reviewer, signed in over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { editorClient, PEOPLE, type EditorSession, type PreparedHost } from '../../test-support/editor-host';
import { ROOT, waitFor } from './helpers';

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Registers the stop after each test; `start` and `restart` (every running child stopped first) start one. */
export function useEditorChildren() {
  const children = new Set<ChildProcess>();

  afterEach(async () => {
    for (const child of children) if (running(child)) child.kill('SIGTERM');
    await Promise.all([...children].map((child) => (running(child) ? once(child, 'exit') : undefined)));
    children.clear();
  });

  /** `npm run editor`'s server as a child process, with a crash point or none; resolves once it answers. */
  async function start(host: PreparedHost, crashAt?: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, [join('scripts', 'tools', 'run-bundled.mjs'), join('scripts', 'tools', 'editor.ts')], {
      cwd: ROOT,
      env: { ...host.env, ...(crashAt ? { EDITOR_TEST_CRASH_AT: crashAt } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(
      'the editor to answer',
      async () => {
        if (child.exitCode !== null) throw new Error(`the editor stopped (${child.exitCode}): ${stderr}`);
        return fetch(`${host.origin}/api/session`).then(
          () => true,
          () => false,
        );
      },
      180_000,
    );
    return child;
  }

  /** Stops every running child (SIGTERM, as a service manager does), then starts one. */
  async function restart(host: PreparedHost, crashAt?: string): Promise<ChildProcess> {
    for (const child of children) {
      if (!running(child)) continue;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    return start(host, crashAt);
  }

  return { start, restart };
}

/** Waits for the child to die of SIGKILL at its crash point. */
export async function killed(child: ChildProcess): Promise<void> {
  if (running(child)) await once(child, 'exit');
  expect(child.signalCode).toBe('SIGKILL');
}

export interface Team {
  call: ReturnType<typeof editorClient>['call'];
  editor: EditorSession;
  reviewer: EditorSession;
  admin: EditorSession;
}

export async function signInTeam(host: PreparedHost): Promise<Team> {
  const { signIn, call } = editorClient(host.origin);
  return {
    call,
    editor: await signIn(PEOPLE.editor.email),
    reviewer: await signIn(PEOPLE.reviewer.email),
    admin: await signIn(PEOPLE.admin.email),
  };
}

/** A change set setting the story's first heading, saved by the team's editor, approved and published by its reviewer. */
export async function publishedChangeSet(team: Team, heading: string): Promise<string> {
  const id = (await team.call('POST', '/api/changes', { session: team.editor, body: { title: heading } })).json.id as string;
  const base = `/changes/${id}/edit/api`;
  const opened = await team.call('GET', `${base}/document?file=story.json`, { session: team.editor });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  const saved = await team.call('POST', `${base}/save`, {
    session: team.editor,
    body: { file: 'story.json', doc, baseHash: opened.json.hash },
  });
  expect(saved.json.outcome, saved.text).toBe('saved');
  await team.call('POST', `/api/changes/${id}/submit`, { session: team.editor });
  expect((await team.call('POST', `/api/changes/${id}/approve`, { session: team.reviewer })).json.status).toBe('approved');
  expect((await team.call('POST', `/api/changes/${id}/publish`, { session: team.reviewer })).json.outcome).toBe('published');
  return id;
}
