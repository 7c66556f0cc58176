/**
 * The hosted editor's bundles (`npm run editor` makes them when the code changed): it serves them with no Vite at
 * run time. Two Vite builds with the site's configuration, so class names and the stylesheet are the site's own:
 *   - the browser's: the editor's app, its preview frame's script, and the site's own entry (`src/main.ts`, its
 *     islands), which a preview hydrates;
 *   - the renderer's: src/editor/server/render-draft.tsx, the build's page renderer with what the editor adds, which
 *     the editor server imports and renders previews with in its own process; its stylesheet is the site's.
 * Kept in `.editor-build/` with the code fingerprint they were made from.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, mergeConfig, type UserConfig } from 'vite';
import { siteConfig } from '../../vite.config';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { codeFingerprint } from '../../src/engine/tooling/build-fingerprint';
import { readManifest } from './manifest';

export const EDITOR_BUILD_DIR = join(ROOT_DIR, '.editor-build');
const FINGERPRINT = join(EDITOR_BUILD_DIR, 'code-fingerprint');
export const EDITOR_ENTRIES = {
  app: 'src/editor/app/main.tsx',
  previewFrame: 'src/editor/app/preview/preview-frame.ts',
  site: 'src/main.ts',
} as const;

/** Whether `.editor-build/` was made from the code as it is now. */
export const editorBundlesCurrent = (code = codeFingerprint()) => existsSync(FINGERPRINT) && readFileSync(FINGERPRINT, 'utf8') === code;

export async function makeEditorBundles(dir = EDITOR_BUILD_DIR) {
  const code = codeFingerprint();
  rmSync(dir, { recursive: true, force: true });
  // Vite's warning about chunks over 500 kB is not for these (it was an operator's first line at every start): the
  // renderer (790 kB) is the server's own, never downloaded, and the editor's app (about 500 kB, 160 kB gzipped) is
  // loaded once by a signed-in person and cached.
  const shared = { configFile: false, logLevel: 'warn', root: ROOT_DIR, build: { chunkSizeWarningLimit: 1024 } } as const;
  const bundle = (isSsrBuild: boolean, options: UserConfig) =>
    build(mergeConfig(siteConfig({ command: 'build', isSsrBuild }), mergeConfig(shared, options)));
  await bundle(false, {
    build: { outDir: join(dir, 'client'), emptyOutDir: true, rolldownOptions: { input: Object.values(EDITOR_ENTRIES) } },
  });
  await bundle(true, { build: { ssr: 'src/editor/server/render-draft.tsx', outDir: join(dir, 'server'), emptyOutDir: true } });
  // The site's stylesheet and its fonts are the renderer's: served beside the browser's files.
  for (const file of readManifest(join(dir, 'server', '.vite', 'manifest.json')).styleFiles())
    cpSync(join(dir, 'server', file), join(dir, 'client', file));
  writeFileSync(join(dir, 'code-fingerprint'), code);
}

// `node scripts/tools/run-bundled.mjs scripts/build/editor-bundles.ts [--when-stale]`: make them now (or when the code changed).
if (process.argv.some((arg) => arg.endsWith('editor-bundles.ts'))) {
  if (process.argv.includes('--when-stale') && editorBundlesCurrent()) process.exit(0);
  const started = performance.now();
  await makeEditorBundles();
  console.log(`editor bundles made in ${((performance.now() - started) / 1000).toFixed(1)} s into ${EDITOR_BUILD_DIR}`);
}
