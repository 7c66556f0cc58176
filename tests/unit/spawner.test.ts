/**
 * The editor's command spawner (src/editor/host/changes/spawner.ts): git run from a small process of its own answers
 * as git run by the editor did (output, exit codes, standard input, a timeout), many at once, each to its caller; a
 * spawner that stops fails what was asked of it and the next command starts another; and it never keeps the editor's
 * process running once nothing is asked. What it saves is a figure of bench:editor-host, not a test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitRunner, GitError } from '../../src/editor/host/changes/git';
import { runCommand } from '../../src/editor/host/changes/spawner';

const repo = mkdtempSync(join(tmpdir(), 'spawner-'));
spawnSync('git', ['init', '-q', '--bare', repo]);
const git = gitRunner(repo);

describe("the editor's command spawner", () => {
  it('answers each of many git calls at once with its own output, exit code and input', async () => {
    const blobs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        git(['hash-object', '-w', '--stdin'], { input: `text ${i}\n` }).then(({ stdout }) => stdout.trim()),
      ),
    );
    expect(new Set(blobs).size).toBe(40);
    const texts = await Promise.all(blobs.map((blob) => git(['cat-file', '-p', blob]).then(({ stdout }) => stdout)));
    expect(texts).toEqual(Array.from({ length: 40 }, (_, i) => `text ${i}\n`));
    // An exit code that is an answer, and one that is a failure, named with git's own words.
    expect((await git(['rev-parse', '--verify', '--quiet', 'refs/heads/none'], { okCodes: [1] })).code).toBe(1);
    const failed = await git(['cat-file', '-p', 'refs/heads/none']).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(GitError);
    expect((failed as GitError).exitCode).toBe(128);
    expect((failed as GitError).stderr).toMatch(/Not a valid object name/);
  });

  it('stops a command past its time, and says why', async () => {
    const result = await runCommand({ file: 'sleep', args: ['20'], cwd: repo, env: process.env, timeoutMs: 200, maxBuffer: 1024 });
    expect(result.code).toBeNull();
    expect(result.reason).toMatch(/Command failed: sleep 20/);
  });

  it('answers a command that cannot run at all as failed, and the others as usual', async () => {
    // execFile refuses a NUL byte at once: the spawner answers that call, and goes on.
    const [refused, answered] = await Promise.all([
      git(['rev-parse', 'a\0b']).catch((error: unknown) => error),
      git(['rev-parse', '--is-bare-repository']),
    ]);
    expect(refused).toBeInstanceOf(GitError);
    expect((refused as GitError).exitCode).toBeNull();
    expect(answered.stdout.trim()).toBe('true');
  });

  it('fails what a stopped spawner was asked, and starts another for the next command', async () => {
    const asked = runCommand({ file: 'sleep', args: ['3'], cwd: repo, env: process.env, timeoutMs: 60_000, maxBuffer: 1024 });
    const pid = Number(
      (await runCommand({ file: 'sh', args: ['-c', 'echo $PPID'], cwd: repo, env: process.env, timeoutMs: 10_000, maxBuffer: 1024 }))
        .stdout,
    );
    expect(pid).toBeGreaterThan(1); // the spawner's; never 0, every process of the group
    process.kill(pid, 'SIGKILL');
    await expect(asked).rejects.toThrow(/spawner stopped \(SIGKILL\)/);
    const again = await runCommand({
      file: 'sh',
      args: ['-c', 'echo $PPID'],
      cwd: repo,
      env: process.env,
      timeoutMs: 10_000,
      maxBuffer: 1024,
    });
    expect(Number(again.stdout)).not.toBe(pid);
  });

  it('does not keep a process running once nothing is asked', () => {
    // A process that asks git once and has nothing else to do ends by itself.
    const script = `import { gitRunner } from ${JSON.stringify(join(import.meta.dirname, '../../src/editor/host/changes/git.ts'))};
      const { stdout } = await gitRunner(${JSON.stringify(repo)})(['rev-parse', '--is-bare-repository']);
      console.log(stdout.trim());`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([run.status, run.stdout.trim(), run.signal]).toEqual([0, 'true', null]);
  });
});
