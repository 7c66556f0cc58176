/**
 * `npm run dev` keeps the block registries (src/blocks/generated/) current: when a block folder appears or
 * goes, or a block's definition changes, `npm run generate -- --blocks` rewrites them (in a child process, which
 * loads the definitions fresh), and Vite reloads what imports them. Adding a block is adding its folder.
 */
import { spawn } from 'node:child_process';
import type { ViteDevServer } from 'vite';
import { ROOT_DIR } from '../engine/load/content-env';

/** A block's schema or definition: `src/blocks/<Type>/schema.ts` or `block.ts`. */
const BLOCK_FILE = /[\\/]src[\\/]blocks[\\/][A-Z]\w*[\\/](schema|block)\.ts$/;
const SETTLE_MS = 300;

export function keepBlockRegistries(server: ViteDevServer) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  const generate = () => {
    if (running) return void (again = true);
    running = true;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tools/generate.ts', '--blocks'], { cwd: ROOT_DIR, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      running = false;
      if (output.trim()) server.config.logger[code === 0 ? 'info' : 'warn'](output.trim(), { timestamp: true });
      if (again) {
        again = false;
        generate();
      }
    });
  };
  const schedule = (file: string) => {
    if (!BLOCK_FILE.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(generate, SETTLE_MS);
  };
  server.watcher.on('add', schedule);
  server.watcher.on('unlink', schedule);
  server.watcher.on('change', schedule);
  generate(); // a folder added while the server was stopped
}
