/**
 * The code fingerprint keys the build's kept bundles (scripts/build/bundle-cache.ts) and is part of what `npm start`
 * compares with dist/: any change to the code changes it, a change to the content does not.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFingerprint } from '../../src/engine/tooling/build-fingerprint';
import { ROOT_DIR } from '../../src/engine/load/content-env';

/** A project of a few files, as the fingerprint reads one. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'fingerprint-'));
  for (const file of [
    'vite.config.ts',
    'package-lock.json',
    'scripts/build/prerender-pages.ts',
    'src/theme/breakpoints.ts',
    'pages-json/story.json',
  ])
    cpSync(join(ROOT_DIR, file), join(root, file), { recursive: true });
  return root;
}

describe('the code fingerprint', () => {
  it('changes with a source file, a new source file, the Vite config, the lockfile and the prerenderer', () => {
    for (const [file, text] of [
      ['src/theme/breakpoints.ts', '// changed'],
      ['src/blocks/New/New.tsx', 'export const New = () => null;'],
      ['vite.config.ts', '// changed'],
      ['package-lock.json', '{}'],
      ['scripts/build/prerender-pages.ts', '// changed'],
    ]) {
      const root = project();
      const before = codeFingerprint(root);
      writeFileSync(join(root, 'vite.config.ts'), readFileSync(join(root, 'vite.config.ts'))); // written again, unchanged
      expect(codeFingerprint(root), file).toBe(before);
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text, { flag: 'a' });
      expect(codeFingerprint(root), file).not.toBe(before);
    }
  });

  it('stays the same when only the content changes', () => {
    const root = project();
    const before = codeFingerprint(root);
    writeFileSync(join(root, 'pages-json', 'story.json'), '{}');
    writeFileSync(join(root, 'pages-json', 'new-page.json'), '{}');
    expect(codeFingerprint(root)).toBe(before);
  });
});
