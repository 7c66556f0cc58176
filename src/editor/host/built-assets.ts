/**
 * What the hosted editor serves from its bundles (scripts/build/editor-bundles.ts, in `.editor-build/`): the files
 * of its app and of the site's browser entry, the draft renderer, and which files each page loads. Read once at start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as RenderDraft from '../server/render-draft';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type DraftRendererModule = typeof RenderDraft;

export interface BuiltAssets {
  /** The bundles' folder, as read (the content workers read it again in their own threads). */
  buildDir: string;
  /** The folder whose `/assets/...` files the server serves. */
  clientDir: string;
  /** The editor app's stylesheet (Mantine's and the editor's) and the site's (the renderer's, for previews). */
  appStylesheet: string;
  siteStylesheet: string;
  /** Script URLs: the editor app, the preview frame's script, the site's entry, each with what it imports. */
  appScripts: string[];
  previewFrameScripts: string[];
  siteScripts: string[];
  /** The draft renderer, imported once. */
  renderer: () => Promise<DraftRendererModule>;
}

export function readBuiltAssets(buildDir: string): BuiltAssets {
  const clientDir = join(buildDir, 'client');
  const read = (dir: string) => JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const client = read(clientDir);
  const server = read(join(buildDir, 'server'));
  /** An entry's file and those it imports statically, as URLs, the entry last. */
  const scriptsOf = (key: string) => {
    const files = new Set<string>();
    const visit = (name: string) => {
      const chunk = client[name];
      if (!chunk || files.has(chunk.file)) return;
      chunk.imports?.forEach(visit);
      files.add(chunk.file);
    };
    visit(key);
    return [...files].map((file) => `/${file}`);
  };
  const stylesheet = (manifest: Record<string, ManifestChunk>, what: string) => {
    const chunk = manifest['style.css'];
    if (!chunk) throw new Error(`the editor's bundles have no stylesheet for ${what}: run npm run editor again to rebuild them`);
    return `/${chunk.file}`;
  };
  let renderer: Promise<DraftRendererModule> | undefined;
  const serverEntry = pathToFileURL(join(buildDir, 'server', 'render-draft.js')).href;
  return {
    buildDir,
    clientDir,
    appStylesheet: stylesheet(client, 'the editor'),
    siteStylesheet: stylesheet(server, 'previews'),
    appScripts: scriptsOf('src/editor/app/main.tsx'),
    previewFrameScripts: scriptsOf('src/editor/app/preview/preview-frame.ts'),
    siteScripts: scriptsOf('src/main.ts'),
    renderer: () =>
      (renderer ??= (import(serverEntry) as Promise<DraftRendererModule>).then(async (module) => {
        await module.loadIslandComponents();
        return module;
      })),
  };
}
