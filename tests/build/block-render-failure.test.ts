/**
 * A block that throws while prerendering stops `npm run build` (exit 1), naming the page file, the
 * block index and type and the error, and no page is written. Builds a copy of the project whose
 * Hero throws on the server, or inside a Suspense boundary (which React would otherwise turn into a
 * silent client-side fallback).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const COPIED = ['src', 'scripts', 'server', 'pages-json', 'schemas', 'public', 'package.json', 'tsconfig.json', 'vite.config.ts'];
const HERO = join('src', 'blocks', 'Hero', 'Hero.tsx');
const CAREERS_HEADING = (
  JSON.parse(readFileSync(join(ROOT, 'pages-json', 'careers.json'), 'utf8')) as { blocks: { type: string; heading?: string }[] }
).blocks.find((block) => block.type === 'Hero')!.heading!;

/** A copy of the project (sharing node_modules) whose Hero component is replaced by `hero`. */
function projectWithHero(hero: string) {
  const dir = mkdtempSync(join(tmpdir(), 'broken-block-'));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, HERO), hero);
  return dir;
}

function build(dir: string) {
  const { DIST_DIR: _, CONTENT_DIR: __, ...env } = process.env;
  // Two render threads, whatever the page count: failures come from this thread and from a worker thread. Through
  // tsx, not scripts/tools/run-bundled.mjs: the copy shares node_modules, and with it the bundles of the project's commands.
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/build/build.ts'], {
    cwd: dir,
    // Its bundles are of a throwaway copy: kept, they would push out the project's own.
    env: { ...env, PRERENDER_THREADS: '2', BUNDLE_CACHE: 'off' },
    encoding: 'utf8',
  });
}

/**
 * One build for both ways of failing (a build of a copy took 25 s of a loaded CI run): the careers page's Hero fails
 * inside a Suspense boundary, every other Hero fails on the server.
 */
const BROKEN_HERO = `import { Suspense } from 'react';
import type { HeroBlock } from './schema';
function Broken(): never {
  throw new Error('Hero broke inside Suspense');
}
export function Hero({ heading }: HeroBlock) {
  if (heading === ${JSON.stringify(CAREERS_HEADING)}) return <Suspense fallback={<p>later</p>}><Broken /></Suspense>;
  throw new Error('Hero broke on the server');
}
`;

describe('npm run build with a block that cannot render', () => {
  let dir: string;
  let result: ReturnType<typeof build>;
  beforeAll(() => {
    dir = projectWithHero(BROKEN_HERO);
    result = build(dir);
  });

  it('exits 1, naming every page file, block index and type with the error, and writes no page', () => {
    expect(result.status, result.stdout).toBe(1);
    expect(result.stderr).toContain('pages-json/index.json: blocks[0] (Hero): failed to render: Hero broke on the server');
    expect(result.stderr).toContain('pages-json/story.json: blocks[0] (Hero): failed to render: Hero broke on the server');
    // Every failure printed counts, the one inside Suspense included.
    const failures = result.stderr.match(/: failed to render: /g)?.length;
    expect(result.stderr).toContain(`${failures} pages could not be rendered; no pages were written`);
    expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(false);
    expect(result.stdout).not.toContain('built ');
  });

  it('also when the block fails inside a Suspense boundary, which React would leave to the browser', () => {
    expect(result.stderr).toContain(
      'pages-json/careers.json: blocks[0] (Hero): failed to render: a part inside a Suspense boundary failed',
    );
  });
});
