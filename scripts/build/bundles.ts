/**
 * The build's bundles, made with Vite (or kept from a build of the same code): the browser's (islands, the boot
 * script) into dist/, and the prerender bundle the pages are rendered with. They carry no content: pages get it
 * prerendered, islands from their language's site data module. The stylesheet comes from the prerender bundle, which
 * sees every component; the browser build's own covers only the islands and is never linked.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, mergeConfig } from 'vite';
import { siteConfig } from '../../vite.config';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { codeFingerprint } from '../../src/engine/tooling/build-fingerprint';
import { bundleKey, keepBundles, restoreBundles } from './bundle-cache';
import { readManifest } from './manifest';
import type { BuildSettings } from './settings';

const quiet = { logLevel: 'warn' as const };

export async function makeBundles({ dist, serverDist }: BuildSettings, code: string) {
  const bundle = (isSsrBuild: boolean, options: object) =>
    build(mergeConfig(siteConfig({ command: 'build', isSsrBuild }), { configFile: false, ...quiet, root: ROOT_DIR, ...options }));
  const folders = { client: dist, server: serverDist };
  const key = bundleKey(code);
  const reused = restoreBundles(key, folders);
  if (!reused) {
    await bundle(false, { build: { outDir: dist, emptyOutDir: true } });
    await bundle(true, { build: { ssr: 'src/render/entry-server.tsx', outDir: serverDist, emptyOutDir: true } });
    // Kept only if the code did not change while it was bundled (an edit meanwhile may or may not be in the bundles).
    if (codeFingerprint() === code) keepBundles(key, folders);
  }
  const client = readManifest(join(dist, '.vite', 'manifest.json'));
  const server = readManifest(join(serverDist, '.vite', 'manifest.json'));
  for (const file of server.styleFiles()) cpSync(join(serverDist, file), join(dist, file));
  rmSync(join(dist, client.stylesheet()));
  return { reused, client, server };
}

export type Bundles = Awaited<ReturnType<typeof makeBundles>>;
