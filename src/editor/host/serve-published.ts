/**
 * Delivering the published branch to the site served from this machine (EDITOR_RELEASES_DIR): the build's publish
 * (scripts/build/publish.ts, a child process, so a build's memory and a crash stay out of the editor) renders what
 * changed into a new release and swaps the link the public server serves (`<releases>/current`) at once. It validates
 * the content again as `npm run build` does: if that ever fails, the site served stays the one before.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT_DIR } from '../../engine/load/content-env';

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

export function servePublished(contentDir: string, releasesDir: string): Promise<ServeOutcome> {
  const child = spawn(process.execPath, [join('scripts', 'tools', 'run-bundled.mjs'), join('scripts', 'build', 'publish.ts'), '--json'], {
    cwd: ROOT_DIR,
    env: { ...process.env, CONTENT_DIR: contentDir, RELEASES_DIR: releasesDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
