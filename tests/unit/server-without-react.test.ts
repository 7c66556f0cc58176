/**
 * The lead server never loads React (nor the browser's lead code): it imports nothing of src/ but the lead
 * endpoint's contract (lint enforces the imports; this proves what actually loads). A child process loads the
 * server with a module hook that refuses React, builds the app on a throwaway site and closes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Resolving React, React DOM or TanStack Query (React's query library) throws, naming who asked. */
const REFUSE_REACT = `
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/[\\\\/]node_modules[\\\\/](react|react-dom|@tanstack[\\\\/]react-query|@mantine[\\\\/]core)[\\\\/]/.test(resolved.url))
    throw new Error('React was loaded: ' + specifier + ' imported by ' + context.parentURL);
  return resolved;
}`;

function loadServer(entry: string) {
  const site = mkdtempSync(join(tmpdir(), 'server-no-react-'));
  mkdirSync(join(site, 'dist'));
  writeFileSync(join(site, 'dist', 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(site, 'dist', '404.html'), '<!doctype html><title>404</title>');
  const script = `
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(REFUSE_REACT)}));
    const { createServer } = await import(${JSON.stringify(join(ROOT, entry))});
    const app = await createServer({ distDir: ${JSON.stringify(join(site, 'dist'))}, leadsDb: ${JSON.stringify(join(site, 'leads.db'))} });
    await app.close();
    console.log('loaded without React');
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 110_000,
  });
}

it('loads and builds the lead server without loading React', () => {
  const run = loadServer('server/app.ts');
  expect(run.stderr).not.toMatch(/React was loaded/);
  expect(run.stdout).toContain('loaded without React');
  expect(run.status).toBe(0);
});
