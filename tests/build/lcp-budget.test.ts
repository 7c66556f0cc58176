/**
 * `npm run build` weighs each page's LCP image again with the variants it has just made (issue 51, item 6): a copy of
 * the site whose story illustration is replaced by a picture of fine noise (new: the image cache has none of its
 * variants, so the build's validation cannot weigh it) stops the build, naming the page, the field and the fix, and
 * the build's record is not written (`npm start` builds again). The site is the small one (the real story page among
 * synthetic pages, test-support/synthetic-site.ts): the question is one page's picture, not the pages around it.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE } from '../../src/engine/tooling/build-fingerprint';
import { storySite } from '../../test-support/synthetic-site';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Random pixels: no encoder makes them small, and never the same twice (the cache cannot have them). 800 px wide, the
 * width a phone fetches for a hero (picture.ts's PHONE_PIXELS), so the build makes its hero variants up to 800 px and
 * no wider: AVIF and WebP of noise at 960 and 1200 px (a 1200 px original's) were most of this file's CPU time.
 */
const NOISE = { width: 800, height: 533 };

async function noise(): Promise<Buffer> {
  const { width, height } = NOISE;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('npm run build with a heavy picture at the top of a page', () => {
  let result: SpawnSyncReturns<string>;
  let dist: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lcp-budget-'));
    const content = storySite(6, dir);
    const heavy = await noise();
    writeFileSync(join(content, '_media', 'story-hero.png'), heavy);
    const recordFile = join(content, '_media', 'story-hero.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as Record<string, unknown>;
    delete record.placeholder;
    writeFileSync(recordFile, JSON.stringify({ ...record, ...NOISE, sha256: createHash('sha256').update(heavy).digest('hex') }, null, 2));
    dist = join(dir, 'dist');
    const { PSEUDO_DIST_DIR: _, ...env } = process.env;
    result = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
      cwd: ROOT,
      env: { ...env, CONTENT_DIR: content, DIST_DIR: dist, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      encoding: 'utf8',
    });
  }, 600_000);

  it('exits 1, naming the page, the field, its weight and the fix, once the variants are made', () => {
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /pages-json\/story\.json: blocks\[0\] \(Hero\) image: the image "story-hero" \(story-hero\.png\) is the first a phone loads on this page and weighs \d+ kB at phone width, over the 60 kB budget: the page paints late\n {2}hint: use a simpler or smaller picture at the top of the page/,
    );
    // Found by the build's own weighing, not by its validation beforehand (which could not weigh a new picture).
    expect(result.stderr).toContain('1 page(s) would paint late on a phone; the site was not finished');
    expect(result.stderr).not.toContain('error(s) in page documents');
    // No record of a finished build: `npm start` builds again rather than serve this folder.
    expect(existsSync(join(dist, FINGERPRINT_FILE))).toBe(false);
  });
});
