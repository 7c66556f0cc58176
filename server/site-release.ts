/**
 * One build of the site as the server serves it: its folder, the hashes of its inline scripts (its csp-hashes.json,
 * which the Content-Security-Policy allows and nothing else) and its not-found pages, read once: a build's folder is
 * never changed once served (a publish writes a new one: server/served-site.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The not-found page for a URL: its language's (the first path segment names it: /es/...), else the default's. */
export type NotFoundPages = (url: string) => string;

export interface SiteRelease {
  /** The folder files are served from. */
  dir: string;
  /** The `'sha256-...'` sources of its pages' inline scripts (JSON-LD, the boot script, the speculation rules). */
  scriptHashes: string[];
  notFound: NotFoundPages;
  /** Folders an asset the release does not have may still be in (the releases kept beside it, newest first). */
  assetFallbacks: string[];
}

function notFoundPages(distDir: string): NotFoundPages {
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  const fallback = read(join(distDir, '404.html')) ?? '<!doctype html><title>Not found</title><h1>404</h1>';
  const byPrefix = new Map<string, string>();
  if (existsSync(distDir))
    for (const entry of readdirSync(distDir, { withFileTypes: true })) {
      const page = entry.isDirectory() && entry.name !== 'assets' ? read(join(distDir, entry.name, '404.html')) : undefined;
      if (page) byPrefix.set(entry.name, page);
    }
  return (url) => byPrefix.get(url.split(/[/?#]/)[1] ?? '') ?? fallback;
}

function inlineScriptHashes(distDir: string): string[] {
  const file = join(distDir, 'csp-hashes.json');
  if (!existsSync(file)) return [];
  const { scripts } = JSON.parse(readFileSync(file, 'utf8')) as { scripts: string[] };
  return scripts;
}

export const loadRelease = (dir: string, assetFallbacks: string[] = []): SiteRelease => ({
  dir,
  scriptHashes: inlineScriptHashes(dir),
  notFound: notFoundPages(dir),
  assetFallbacks,
});
