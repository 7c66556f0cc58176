/**
 * The site's one stylesheet keeps the cascade the components were written for: Mantine's core
 * styles (src/render/styles.ts) first, then the project's CSS modules, which override them with
 * selectors of equal weight. (A split prerender bundle once put a block's module first.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../test-support/browser';

const ROOT = join(import.meta.dirname, '..', '..');
const cssFile = readdirSync(join(DIST_DIR, 'assets')).filter((file) => file.endsWith('.css'));
const css = readFileSync(join(DIST_DIR, 'assets', cssFile[0]), 'utf8');

/** Class selectors of the Mantine core stylesheets the site imports. */
function coreClasses(): string[] {
  const imports = [...readFileSync(join(ROOT, 'src/render/styles.ts'), 'utf8').matchAll(/'@mantine\/core\/styles\/(\w+)\.css'/g)].map(
    (m) => m[1],
  );
  return imports.flatMap((name) =>
    [...readFileSync(join(ROOT, 'node_modules/@mantine/core/styles', `${name}.css`), 'utf8').matchAll(/\.(m_[0-9a-f]{8})\b/g)].map(
      (m) => m[1],
    ),
  );
}

describe('the stylesheet', () => {
  it('is one file', () => {
    expect(cssFile).toHaveLength(1);
  });

  it("puts every Mantine core rule before the project's CSS modules", () => {
    const lastCore = Math.max(...coreClasses().map((name) => css.lastIndexOf(`.${name}`)));
    const firstModule = css.search(/\._[a-zA-Z]+_[a-z0-9]{5}_\d+/);
    expect(firstModule).toBeGreaterThan(0);
    expect(lastCore).toBeLessThan(firstModule);
  });
});
