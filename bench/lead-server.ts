/**
 * The lead server as `npm start` runs it, for the bench scripts: a child process serving a stand-in dist/ (the
 * endpoint does not need the built site) on a port the system picks, which it reports over IPC.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** A one-page dist/ in `work`. */
export function standInDist(work: string): string {
  const distDir = join(work, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  return distDir;
}

export async function startServer(distDir: string, env: Record<string, string>) {
  const server = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DIST_REBUILD: 'never',
      LEADS_RATE_LIMIT: '1000000000',
      LOG_LEVEL: 'error', // the 503s a bench provokes on purpose are warnings; a hundred of them would bury its figures
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    server.on('message', (message: { listening?: string }) => message.listening && resolve(message.listening));
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  server.disconnect();
  return { server, exited, base };
}
