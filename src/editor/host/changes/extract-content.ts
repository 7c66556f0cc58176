/**
 * A commit's content folder written out whole, for a version of the site to render (history's versions, the site
 * served after a publish): `git archive` into a tar file in the folder, then `tar` — both from the spawner, so the
 * editor's event loop never stops for the process starts.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gitRunner } from './git';
import { runCommand } from './spawner';

/** Writes `folder` as it is at commit `sha` of the repository `gitDir` into the existing folder `dir`. */
export async function extractContent(gitDir: string, sha: string, folder: string, dir: string): Promise<void> {
  const archive = join(dir, '.content.tar');
  await gitRunner(gitDir)(['archive', '--output', archive, sha, folder]);
  const { code, stderr, reason } = await runCommand({
    file: 'tar',
    args: ['-x', '-f', archive, '-C', dir],
    cwd: dir,
    env: process.env,
    timeoutMs: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (code !== 0) throw new Error(`tar could not write out ${folder} of ${sha} (${reason ?? `exit ${code}`}): ${stderr.trim()}`);
  await rm(archive, { force: true });
}
