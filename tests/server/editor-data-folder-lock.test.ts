/**
 * One editor process per data folder (src/editor/host/data-folder-lock.ts), with real editor processes started as
 * `npm run editor` starts them. Before the lock, a second editor on the folder repaired the first one's worktrees
 * before it even tried to listen: saves in progress failed with 500 and a publish candidate was deleted.
 *   - a second editor exits at once with 3, naming the first one's pid, and changes nothing in the folder (every file
 *     byte for byte, with its time), while the first one's saves go on and are all answered and committed;
 *   - an editor killed with kill -9 leaves a lock the next one takes over; a clean stop lets go of it;
 *   - a stop asked for while it starts closes it cleanly (before, the signal killed it: exit code null);
 *   - two editors started at once on a new folder: exactly one runs; eight processes taking the lock at once: one holds it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, prepareEditorHost, smallSite, type PreparedHost } from '../../test-support/editor-host';
import { freePort } from '../../test-support/free-port';
import { ROOT, waitFor } from './helpers';

interface EditorProcess {
  child: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<number | null>;
}

const started: EditorProcess[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const { child } of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The small site, cheaply hashed passwords: about the data folder's lock, not the real site or sign-in's speed. */
async function prepare(prefix: string): Promise<PreparedHost> {
  const host = await prepareEditorHost(prefix, { content: smallSite(), passwordCost: CHEAP_PASSWORDS });
  folders.push(host.root);
  return host;
}

/** An editor process as `npm run editor` runs it (its bundles already made: EDITOR_BUILD_DIR), on a port of its own. */
async function spawnEditor(host: PreparedHost): Promise<EditorProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], {
    cwd: ROOT,
    env: { ...host.env, EDITOR_PORT: String(port), EDITOR_ORIGIN: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const editor = { child, origin, output: () => output, exited };
  started.push(editor);
  return editor;
}

/** Resolves when it answers on its port; fails if it exits first. */
async function listening(editor: EditorProcess): Promise<void> {
  let exit: number | null | undefined;
  void editor.exited.then((code) => (exit = code));
  await waitFor(
    `the editor on ${editor.origin}`,
    async () => {
      if (exit !== undefined) throw new Error(`the editor exited with ${exit}:\n${editor.output()}`);
      return fetch(`${editor.origin}/sign-in`).then(
        (response) => response.status === 200,
        () => false,
      );
    },
    180_000,
  );
}

/** How it ended up: its exit code, or 'listening' (a second editor that runs fails the test at once, not after a timeout). */
const outcome = (editor: EditorProcess): Promise<number | null | 'listening'> =>
  Promise.race([
    editor.exited,
    listening(editor).then(
      () => 'listening' as const,
      () => editor.exited,
    ),
  ]);

/** Every file and folder under `dir`: its kind, size, modification time and content (a hash), by path. */
function snapshot(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const stat = lstatSync(path, { bigint: true });
      const what = stat.isSymbolicLink()
        ? `link ${readlinkSync(path)}`
        : stat.isDirectory()
          ? 'folder'
          : `file ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
      entries.set(path.slice(dir.length), `${what} ${stat.size} ${stat.mtimeNs} ${stat.mode}`);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return entries;
}

const holderPid = (host: PreparedHost) => (JSON.parse(readFileSync(join(host.dataDir, 'editor.pid'), 'utf8')) as { pid: number }).pid;

describe('one editor per data folder', () => {
  test('a second editor exits at once with 3, names the first one, changes nothing, and the first one’s saves go on', async () => {
    const host = await prepare('editor-lock-second');
    const first = await spawnEditor(host);
    await listening(first);
    const { signIn, call } = editorClient(first.origin);
    const session = await signIn(PEOPLE.editor.email);
    const ids: string[] = [];
    for (const title of ['Spring prices', 'New story']) {
      const created = await call('POST', '/api/changes', { session, body: { title } });
      expect(created.status).toBe(201);
      ids.push(created.json.id as string);
    }
    // Saved once each, so each change set has a worktree and a record a second editor's repairs would touch.
    let saves = 0;
    const save = async (id: string) => {
      const base = `/changes/${id}/edit/api`;
      const opened = await call('GET', `${base}/document?file=story.json`, { session });
      expect(opened.status).toBe(200);
      const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
      doc.blocks[0].heading = `Heading ${++saves}`;
      return (await call('POST', `${base}/save`, { session, body: { file: 'story.json', doc, baseHash: opened.json.hash } })).status;
    };
    for (const id of ids) expect(await save(id)).toBe(200);

    const before = snapshot(host.dataDir);
    const second = await spawnEditor(host);
    expect(await outcome(second)).toBe(3);
    expect(second.output()).toContain(`Another editor (pid ${first.child.pid}`);
    expect(second.output()).toContain(`holds the data folder ${host.dataDir} (EDITOR_DATA_DIR)`);
    expect(snapshot(host.dataDir)).toEqual(before);

    // Saves in progress while another editor starts: every one answered and committed.
    const third = await spawnEditor(host);
    let thirdExit: number | null | undefined;
    void third.exited.then((code) => (thirdExit = code));
    const statuses: number[] = [];
    while (thirdExit === undefined) statuses.push(await save(ids[statuses.length % 2]));
    expect(thirdExit).toBe(3);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses).toEqual(statuses.map(() => 200));
    const commits = ids.map((id) => commitsOn(join(host.dataDir, 'repo.git'), `changes/${id}`));
    expect(commits.reduce((sum, count) => sum + count, 0)).toBe(saves);
    expect(holderPid(host)).toBe(first.child.pid);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  test('kill -9 leaves a lock the next editor takes over; a clean stop lets go of it', async () => {
    const host = await prepare('editor-lock-killed');
    const killed = await spawnEditor(host);
    await listening(killed);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(holderPid(host)).toBe(killed.child.pid); // its record stays: the lock itself died with it
    // Even when that pid is some live process's now (pids are reused): the lock is the kernel's, not the record.
    writeFileSync(join(host.dataDir, 'editor.pid'), JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));

    const next = await spawnEditor(host);
    await listening(next);
    expect(holderPid(host)).toBe(next.child.pid);
    const { signIn, call } = editorClient(next.origin);
    expect((await call('GET', '/api/changes', { session: await signIn(PEOPLE.editor.email) })).status).toBe(200);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(join(host.dataDir, 'editor.pid'))).toBe(false);
    const after = await spawnEditor(host);
    await listening(after);
    after.child.kill('SIGTERM');
    expect(await after.exited).toBe(0);
  });

  test('a stop asked for while it is still starting waits for the start, then closes cleanly and lets go of the lock', async () => {
    const host = await prepare('editor-lock-early-stop');
    const starting = await spawnEditor(host);
    // The lock is taken at the very start; from then on it may answer requests before its start has returned.
    await waitFor(
      'the editor to take the lock',
      () => existsSync(join(host.dataDir, 'editor.pid')) && holderPid(host) === starting.child.pid,
      180_000,
    );
    starting.child.kill('SIGTERM');
    expect(await starting.exited).toBe(0);
    expect(existsSync(join(host.dataDir, 'editor.pid'))).toBe(false);
  });

  test('two editors started at once on a new data folder: exactly one runs, the other exits with 3', async () => {
    const host = await prepare('editor-lock-race');
    const pair = [await spawnEditor(host), await spawnEditor(host)];
    const outcomes = await Promise.all(pair.map(outcome));
    expect([...outcomes].sort()).toEqual([3, 'listening']);
    const winner = pair[outcomes.indexOf('listening')];
    expect(pair[outcomes.indexOf(3)].output()).toContain(`Another editor (pid ${winner.child.pid}`);
    expect(holderPid(host)).toBe(winner.child.pid);
    winner.child.kill('SIGTERM');
    expect(await winner.exited).toBe(0);
  });
  test('eight processes taking the lock at the same moment: exactly one holds it, seven are refused naming it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'editor-lock-eight-'));
    folders.push(dataDir);
    // Each takes the lock with the module the editor uses, says so, and holds it until its input ends.
    const script = `import { lockDataFolder, DataFolderBusy } from './src/editor/host/data-folder-lock.ts';
      try { lockDataFolder(process.argv[1]); console.log('held'); process.stdin.resume(); }
      catch (error) { if (!(error instanceof DataFolderBusy)) throw error; console.log(error.message); process.exit(3); }`;
    const takers = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const held = new Promise<'held'>((resolve) =>
        child.stdout!.on('data', (chunk) => {
          output += chunk;
          if (output.startsWith('held')) resolve('held');
        }),
      );
      return { child, output: () => output, exited, outcome: Promise.race([held, exited]) };
    });
    const outcomes = await Promise.all(takers.map(({ outcome }) => outcome));
    expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 3)).toHaveLength(7);
    const holder = takers[outcomes.indexOf('held')];
    for (const taker of takers) if (taker !== holder) expect(taker.output()).toContain(`Another editor (pid ${holder.child.pid}`);
    holder.child.stdin!.end();
    expect(await holder.exited).toBe(0);
  });
});

/** Commits on a change set's branch that the published branch does not have. */
const commitsOn = (gitDir: string, ref: string) =>
  Number(execFileSync('git', ['--git-dir', gitDir, 'rev-list', '--count', ref, '^main'], { encoding: 'utf8' }).trim());
