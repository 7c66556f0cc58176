/**
 * Runs `vite` (what `npm run dev` runs) as a child process on a free port, on a copy of pages-json/
 * the test may edit, and stops it. Shared by the live-preview tests and `npm run bench:dev`.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from './free-port';

const ROOT = join(import.meta.dirname, '..');

/** A copy of the real content to edit. */
export function copyOfContent(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'dev-content-')), 'pages-json');
  cpSync(join(ROOT, 'pages-json'), dir, { recursive: true });
  return dir;
}

export interface DevServer {
  baseURL: string;
  /** Milliseconds from spawn to Vite's "ready" line. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Vite on a free port of its own; tried again on another port if a parallel test took that one meanwhile. */
export async function startDevServer(contentDir: string, attempts = 3): Promise<DevServer> {
  try {
    return await startDevServerOnce(contentDir);
  } catch (error) {
    if (attempts > 1 && String(error).includes('is already in use')) return startDevServer(contentDir, attempts - 1);
    throw error;
  }
}

async function startDevServerOnce(contentDir: string): Promise<DevServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const readyMs = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Local:\s+http/.test(stripVTControlCharacters(output))) resolve(performance.now() - started);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`vite exited with ${code} before it was ready:\n${output}`)));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    readyMs,
    output: () => output,
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
