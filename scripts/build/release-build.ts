/**
 * A release's folder built: from the release served when it is of the same code (incremental.ts: only the pages whose
 * inputs changed are rendered), else whole (site-build.ts, as `npm run build` builds). Returns what the release's
 * manifest records, and how it was built.
 */
import type { CheckedContent } from './check-content';
import { buildIncrementally } from './incremental';
import type { ReleaseManifest, ReleasePage } from './release-manifest';
import { filesUnder } from './release';
import { settingsFor } from './settings';
import { buildSite } from './site-build';

export interface BuiltRelease {
  manifest: Omit<ReleaseManifest, 'format' | 'id'>;
  /** Why it was built whole; undefined when it was built from the release before. */
  wholeBecause: string | undefined;
  /** The pages rendered (pageKey); every other one was taken from the release before. */
  rerendered: string[];
}

export interface ReleaseSources {
  content: CheckedContent;
  /** The code fingerprint and the bundles' key made from it. */
  code: string;
  codeKey: string;
  /** The record of the build's inputs written into the folder (as `npm run build` writes it). */
  fingerprint: string;
  /** Each page's render inputs (render-inputs.ts). */
  inputs: ReadonlyMap<string, string>;
  /** The release served, with its manifest when it has one this code reads. */
  served: { dir: string; manifest: ReleaseManifest | undefined } | undefined;
  /** Build whole whatever was served before. */
  full: boolean;
}

const withInputs = (pages: Iterable<[string, Omit<ReleasePage, 'inputs'>]>, inputs: ReadonlyMap<string, string>) =>
  Object.fromEntries([...pages].map(([key, page]) => [key, { ...page, inputs: inputs.get(key)! }]));

/** Why the release cannot be built from the one served, if it cannot. */
function reasonToBuildWhole({ full, served, codeKey }: ReleaseSources): string | undefined {
  if (full) return '--full';
  if (!served) return 'no release served yet';
  if (!served.manifest) return 'the release served has no manifest this code reads';
  if (served.manifest.code !== codeKey) return 'the code changed';
  return undefined;
}

/** Builds into `dist`; undefined when a page could not be rendered or an LCP image is over its budget (printed). */
export async function buildRelease(dist: string, sources: ReleaseSources): Promise<BuiltRelease | undefined> {
  const { content, code, codeKey, fingerprint, inputs, served } = sources;
  let wholeBecause = reasonToBuildWhole(sources);
  if (!wholeBecause && served?.manifest) {
    const previous = { dir: served.dir, manifest: served.manifest };
    const outcome = await buildIncrementally(content, settingsFor(dist), previous, inputs, fingerprint);
    if ('failed' in outcome) return undefined;
    if ('built' in outcome) {
      const { built } = outcome;
      const pages = withInputs([...built.reused, ...built.written.pages], inputs);
      return { manifest: { ...previous.manifest, code: codeKey, pages }, wholeBecause, rerendered: built.rerendered };
    }
    wholeBecause = outcome.buildWhole;
  }
  const built = await buildSite(content, settingsFor(dist), code, fingerprint);
  if (!built) return undefined;
  const contentOutputs = new Set([...[...built.written.pages.values()].map((page) => page.file), ...built.contentFiles]);
  const manifest = {
    code: codeKey,
    bundleFiles: filesUnder(dist).filter((file) => !contentOutputs.has(file)),
    viteManifests: { client: built.bundles.client.text, server: built.bundles.server.text },
    codeScriptHashes: built.codeScriptHashes,
    pages: withInputs(built.written.pages, inputs),
  };
  return { manifest, wholeBecause, rerendered: [...built.written.pages.keys()] };
}
