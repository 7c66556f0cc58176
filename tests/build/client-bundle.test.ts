/**
 * What each built route downloads before any interaction: within the first-load budgets (issue 11:
 * 120 kB JavaScript, 20 kB CSS, gzip), and never zod, the carousel or the video player.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeToHtmlPath } from '../../src/engine/routes';
import { FIRST_LOAD_BUDGET, firstLoadAssets, sumGzip } from '../../scripts/first-load';
import { DIST_DIR } from '../browser/harness';
import { builtRoutes } from '../browser/routes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

describe.each(builtRoutes())('first load of %s', (route) => {
  const assets = firstLoadAssets(DIST_DIR, routeToHtmlPath(route));
  const js = assets
    .filter((a) => a.kind === 'js')
    .map((a) => readFileSync(join(DIST_DIR, a.file), 'utf8'))
    .join('\n');

  it(`stays within ${kb(FIRST_LOAD_BUDGET.js)} of JavaScript and ${kb(FIRST_LOAD_BUDGET.css)} of CSS (gzip)`, () => {
    expect(sumGzip(assets, 'js'), `JavaScript ${kb(sumGzip(assets, 'js'))}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.js);
    expect(sumGzip(assets, 'css'), `CSS ${kb(sumGzip(assets, 'css'))}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.css);
  });

  it('carries no zod, carousel or video player (they load when needed, or never)', () => {
    expect(js).not.toContain('$ZodType');
    expect(js).not.toMatch(/embla/i);
    expect(js).not.toContain('youtube-nocookie.com/embed');
  });
});
