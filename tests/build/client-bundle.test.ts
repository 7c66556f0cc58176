/** What the browser downloads first: no zod, no carousel, no video player (they load when needed). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadAssets } from '../../scripts/first-load';
import { DIST_DIR } from '../browser/harness';

const firstLoad = firstLoadAssets(DIST_DIR);
const firstLoadJs = firstLoad
  .filter((a) => a.kind === 'js')
  .map((a) => readFileSync(join(DIST_DIR, a.file), 'utf8'))
  .join('\n');

describe('first-load JavaScript of the home page', () => {
  it('exists', () => {
    expect(firstLoadJs.length).toBeGreaterThan(1000);
  });

  it('carries no zod (validation happens at build time)', () => {
    expect(firstLoadJs).not.toContain('$ZodType');
  });

  it('carries neither the carousel nor the video player', () => {
    expect(firstLoadJs).not.toMatch(/embla/i);
    expect(firstLoadJs).not.toContain('youtube-nocookie.com/embed');
  });
});
