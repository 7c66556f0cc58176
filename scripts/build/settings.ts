/**
 * Where the build writes: `DIST_DIR` (dist/ by default), `PSEUDO_DIST_DIR` when the pseudo-locales are wanted (never
 * inside dist/: they never ship), and the prerender bundle's own folder, which must lie inside the project (it imports
 * packages from node_modules) even when DIST_DIR points elsewhere (tests and benchmarks build into temp folders).
 */
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { ROOT_DIR } from '../../src/engine/load/content-env';

export interface BuildSettings {
  dist: string;
  pseudoDist: string | undefined;
  serverDist: string;
}

export function buildSettings(): BuildSettings {
  const dist = process.env.DIST_DIR ?? join(ROOT_DIR, 'dist');
  const pseudoDist = process.env.PSEUDO_DIST_DIR ? resolve(process.env.PSEUDO_DIST_DIR) : undefined;
  if (pseudoDist && (pseudoDist === resolve(dist) || pseudoDist.startsWith(`${resolve(dist)}/`))) {
    console.error(`PSEUDO_DIST_DIR (${pseudoDist}) must lie outside ${dist}: the pseudo-locales never ship.`);
    process.exit(1);
  }
  return { ...settingsFor(dist), pseudoDist };
}

/** Settings that write the site into `dist` and nothing else (a publish's release folder). */
export function settingsFor(dist: string): BuildSettings {
  const serverDist = join(ROOT_DIR, '.prerender', createHash('sha1').update(dist).digest('hex').slice(0, 10));
  return { dist, pseudoDist: undefined, serverDist };
}
