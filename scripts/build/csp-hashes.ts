/**
 * dist/csp-hashes.json: the hashes of every inline script the shipped pages carry (the boot script, the speculation
 * rules, the pages' own), which the server's Content-Security-Policy allows and nothing else. PSEUDO_DIST_DIR's copy
 * adds the pseudo-locales' pages' own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeCspHashes(dir: string, hashes: Iterable<string>) {
  writeFileSync(join(dir, 'csp-hashes.json'), JSON.stringify({ scripts: [...new Set(hashes)].sort() }, null, 2));
}
