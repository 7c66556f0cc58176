/**
 * Delivering the published branch to the site served from this machine (EDITOR_RELEASES_DIR): the build's publish
 * (scripts/build/publish.ts, a child process, so a build's memory and a crash stay out of the editor) renders what
 * changed into a new release and swaps the link the public server serves (`<releases>/current`) at once. It validates
 * the content again as `npm run build` does: if that ever fails, the site served stays the one before.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR } from '../../engine/load/content-env';
import { crashPoint } from './changes';

export interface ServeOutcome {
  ok: boolean;
  /** "12 of 96 pages rendered" or why nothing was served. */
  summary: string;
}

interface PublishSummary {
  pages: number;
  rerendered: number;
  mode: 'full' | 'incremental';
  seconds: { total: number };
}

function servePublished(contentDir: string, releasesDir: string): Promise<ServeOutcome> {
  const child = spawn(process.execPath, [join('scripts', 'tools', 'run-bundled.mjs'), join('scripts', 'build', 'publish.ts'), '--json'], {
    cwd: ROOT_DIR,
    env: { ...process.env, CONTENT_DIR: contentDir, RELEASES_DIR: releasesDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  crashPoint('during-build', () => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ ok: false, summary: `the site could not be built: ${error.message}` }));
    child.on('close', (status) => {
      if (status !== 0) {
        resolve({
          ok: false,
          summary: `the site served was kept as it was: the build stopped (${status}): ${stderr.trim().split('\n').slice(-3).join(' ')}`,
        });
        return;
      }
      const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as PublishSummary;
      resolve({
        ok: true,
        summary: `served in ${summary.seconds.total.toFixed(1)} s (${summary.rerendered} of ${summary.pages} pages rendered, ${summary.mode})`,
      });
    });
  });
}

/**
 * Serves published commits one after another (a publish never runs beside another, which would refuse it), each from
 * a snapshot of its own content (`git archive` of the commit into `<dataDir>/serving/`, the same folder each time): a
 * later publish moving the published worktree never changes what a build is reading.
 */
export function sitePublisher(dataDir: string, releasesDir: string): (sha: string) => Promise<ServeOutcome> {
  const snapshot = join(dataDir, 'serving');
  let queue: Promise<unknown> = Promise.resolve();
  const serve = async (sha: string) => {
    await rm(snapshot, { recursive: true, force: true });
    await mkdir(snapshot, { recursive: true });
    const archive = join(dataDir, 'serving.tar');
    await promisify(execFile)('git', ['--git-dir', join(dataDir, 'repo.git'), 'archive', '--output', archive, sha, 'pages-json']);
    await promisify(execFile)('tar', ['-x', '-f', archive, '-C', snapshot]);
    await rm(archive, { force: true });
    return servePublished(join(snapshot, 'pages-json'), releasesDir);
  };
  return (sha) => {
    const run = queue.then(() => serve(sha));
    queue = run.catch(() => undefined);
    return run;
  };
}
