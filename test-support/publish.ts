/**
 * Runs a publish as the editor's server runs it (scripts/build/publish.ts, a child process through
 * scripts/tools/run-bundled.mjs) and reads its JSON summary: for the publish tests and bench:publish.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** The summary `publish.ts --json` prints as its last line. */
export interface PublishSummary {
  release: string;
  dir: string;
  link: string;
  mode: 'full' | 'incremental';
  reason?: string;
  pages: number;
  rerendered: number;
  reused: number;
  rerenderedPages: string[];
  removedReleases: string[];
  seconds: { validate: number; build: number; total: number };
}

export interface PublishRun {
  status: number | null;
  /** Standard output and error, for a failure's message. */
  output: string;
  summary: PublishSummary | undefined;
}

/** Publishes `content` into `releases` (served through `<releases>/current` unless `env` says otherwise). */
export function publish(content: string, releases: string, args: string[] = [], env: Record<string, string> = {}): Promise<PublishRun> {
  const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/publish.ts', '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content, RELEASES_DIR: releases, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      const summary = status === 0 ? (JSON.parse(last) as PublishSummary) : undefined;
      resolve({ status, output: stdout + stderr, summary });
    });
  });
}
