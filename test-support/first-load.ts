/** The JavaScript (the boot script's modules) and CSS a route's prerendered HTML loads before any interaction, with gzip sizes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzip: number;
}

export function firstLoadAssets(distDir: string, htmlFile = 'index.html'): Asset[] {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const boot = /<script type="module" data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
  const refs = [
    ...(boot ? [boot[1], ...boot[2].split(' ').filter(Boolean)] : []).map((file) => ({ file, kind: 'js' as const })),
    ...[...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => ({ file: m[1], kind: 'css' as const })),
  ];
  const unique = refs.filter((ref, i) => refs.findIndex((other) => other.file === ref.file) === i);
  return unique.map(({ file, kind }) => {
    const content = readFileSync(join(distDir, file));
    return { file, kind, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
}

export const sumGzip = (assets: Asset[], kind: Asset['kind']) =>
  assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzip, 0);

/** First-load budgets per route (gzip bytes), checked by tests/build/client-bundle.test.ts and printed by bench:lighthouse. */
export const FIRST_LOAD_BUDGET = { js: 120 * 1024, css: 20 * 1024 };
