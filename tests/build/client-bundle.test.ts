/**
 * What each built route downloads before any interaction: within the first-load budgets (issue 11:
 * 120 kB JavaScript, 20 kB CSS, gzip), and never zod, the carousel or the video player.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeToHtmlPath } from '../../src/engine/model/routes';
import { FIRST_LOAD_BUDGET, firstLoadAssets, sumGzip } from '../../test-support/first-load';
import { DIST_DIR } from '../../test-support/browser';
import { builtRoutes } from '../../test-support/routes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Every page's HTML file: the sitemap's routes and the not-found page. */
const pages = [...builtRoutes().map(routeToHtmlPath), '404.html'];

describe.each(pages)('first load of %s', (htmlFile) => {
  const assets = firstLoadAssets(DIST_DIR, htmlFile);
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

describe('every browser chunk', () => {
  it('is free of zod, whether it loads first or later (an island, a panel)', () => {
    const chunks = readdirSync(join(DIST_DIR, 'assets')).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(5);
    const withZod = chunks.filter((file) => readFileSync(join(DIST_DIR, 'assets', file), 'utf8').includes('$ZodType'));
    expect(withZod).toEqual([]);
  });
});
