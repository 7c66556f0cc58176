/** Reads Vite's build manifest (its documented backend-integration API): which files a module needs. */
import { readFileSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

export const readManifest = (path: string) => manifestOf(readFileSync(path, 'utf8'));

/** A manifest from its text (a release keeps the text: scripts/build/release-manifest.ts). */
export function manifestOf(text: string) {
  const manifest = JSON.parse(text) as Record<string, ManifestChunk>;
  const url = (file: string) => `/${file}`;

  /** The files a module loads before it runs: its own and, transitively, those it imports statically. */
  function chunksOf(keys: string[]): string[] {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(url(chunk.file))) return;
      files.add(url(chunk.file));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return [...files];
  }

  return {
    text,
    entry(key: string) {
      const chunk = manifest[key];
      if (!chunk?.isEntry) throw new Error(`${key} is not an entry of this build`);
      return { file: url(chunk.file), imports: chunksOf(chunk.imports ?? []) };
    },
    chunksOf,
    /**
     * The chunk of an island: the one code-split chunk named after its module (src/islands.ts names
     * each island after its file). A module also imported statically elsewhere shares a chunk of that name.
     */
    islandChunk(name: string): string {
      const keys = Object.keys(manifest).filter(
        (key) => manifest[key].name === name && (manifest[key].isDynamicEntry || key.startsWith('_')),
      );
      if (keys.length !== 1) throw new Error(`expected one code-split chunk named ${name} for island ${name}, found ${keys.length}`);
      return keys[0];
    },
    /** The one stylesheet of a build made with cssCodeSplit: false. */
    stylesheet(): string {
      const chunk = manifest['style.css'];
      if (!chunk) throw new Error('this build wrote no style.css');
      return url(chunk.file);
    },
    /** The stylesheets and the files they use (fonts), as paths inside the build's folder. */
    styleFiles(): string[] {
      return [...new Set(Object.values(manifest).flatMap((chunk) => (chunk.file.endsWith('.css') ? [chunk.file] : (chunk.assets ?? []))))];
    },
    /** Emitted asset files whose name matches. */
    assets(pattern: RegExp): string[] {
      const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.assets ?? [])]);
      return [...new Set(files)].filter((file) => pattern.test(file)).map(url);
    },
  };
}
