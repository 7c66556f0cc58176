/**
 * A build of code an earlier build had takes that build's bundles (scripts/build/bundle-cache.ts): they carry no content,
 * so a content change builds in the time of validation and prerendering. The site it writes is the site a build
 * that bundles writes. Which code the bundles are kept by: tests/unit/build-fingerprint.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const KEPT = '(kept from a build of the same code)';

function build(content: string, dist: string, env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, ...env },
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

/** Every file of a folder, by path, with its contents (the record of what it was built from aside). */
function files(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== '.build-fingerprint')
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(dir, path), readFileSync(path, 'latin1')];
      }),
  );
}

describe('a build of code built before', () => {
  it('takes the bundles of that build and writes the site a build that bundles writes, with a content change in it', () => {
    const work = mkdtempSync(join(tmpdir(), 'bundle-cache-'));
    const content = join(work, 'pages-json');
    cpSync(join(ROOT, 'pages-json'), content, { recursive: true });
    expect(build(content, join(work, 'bundled'), { BUNDLE_CACHE: 'fresh' })).not.toContain(KEPT);

    const story = JSON.parse(readFileSync(join(content, 'story.json'), 'utf8'));
    story.blocks[0].heading = 'A heading changed after the last build';
    writeFileSync(join(content, 'story.json'), JSON.stringify(story, null, 2));
    expect(build(content, join(work, 'kept'))).toContain(KEPT);
    const [bundled, kept] = [files(join(work, 'bundled')), files(join(work, 'kept'))];
    // The story page in every language: the Spanish and German translations of the old heading are out of date, so
    // those pages show the new English one, marked as English.
    const stories = ['story/index.html', 'es/story/index.html', 'de/story/index.html'];
    for (const story of stories) expect(kept[story]).toContain('A heading changed after the last build');
    // Every other file as a build that bundles writes it.
    const without = (site: Record<string, string>) => ({ ...site, ...Object.fromEntries(stories.map((story) => [story, ''])) });
    expect(without(kept)).toEqual(without(bundled));
  });
});
