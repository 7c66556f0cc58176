/**
 * What a release keeps about itself beside its folder (`<releases>/<id>.release.json`, so the folder holds exactly
 * what a build writes): the code it was built with, the files that came with the bundles, Vite's manifests, and per
 * page the hash of its render's inputs, its file and its inline scripts' hashes. The next publish reads it to reuse
 * what has not changed (scripts/build/incremental.ts). The public server takes a folder with this file beside it for
 * a release, whose assets it may still serve after a swap (server/served-site.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Changes when what the manifest holds changes: a release with another format is built over whole. */
const FORMAT = 1;

export interface ReleasePage {
  /** The hash of what the page was rendered from (scripts/build/render-inputs.ts). */
  inputs: string;
  /** Its file inside the release. */
  file: string;
  /** Its own inline scripts' CSP hashes. */
  scriptHashes: string[];
}

export interface ReleaseManifest {
  format: typeof FORMAT;
  id: string;
  /** The commit its content is of, when the publish was told (the hosted editor's, RELEASE_COMMIT). */
  commit?: string;
  /** The bundles' key (code fingerprint, Node, checkout): a publish with other code builds everything. */
  code: string;
  /** The files that came with the bundles, inside the release: the same in every release of the same code. */
  bundleFiles: string[];
  /** Vite's manifests of the browser and prerender bundles, as text: where each page's scripts and styles are. */
  viteManifests: { client: string; server: string };
  /** The CSP hashes of the inline scripts that come with the code (boot script, speculation rules). */
  codeScriptHashes: string[];
  /** Per page (`es:story.json`). */
  pages: Record<string, ReleasePage>;
}

/** The manifest's file: beside the release's folder. */
export const releaseManifestFile = (releaseDir: string) => `${releaseDir}.release.json`;

/** The release's manifest; undefined when it has none or one this code cannot read (the next publish builds whole). */
export function readReleaseManifest(releaseDir: string): ReleaseManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(releaseManifestFile(releaseDir), 'utf8')) as Partial<ReleaseManifest> | null;
    return manifest?.format === FORMAT && typeof manifest.pages === 'object' ? (manifest as ReleaseManifest) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the manifest beside the release whole or not at all: the server takes a folder with one for a release. */
export function writeReleaseManifest(releaseDir: string, manifest: Omit<ReleaseManifest, 'format'>) {
  const file = releaseManifestFile(releaseDir);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify({ format: FORMAT, ...manifest }));
  renameSync(partial, file);
}
