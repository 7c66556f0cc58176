/**
 * A block that throws while prerendering stops `npm run build` (exit 1), naming the page file, the
 * block index and type and the error, and no page is written. Builds a copy of the project whose
 * Hero throws on the server, and another whose Hero throws inside a Suspense boundary (which React
 * would otherwise turn into a silent client-side fallback).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const COPIED = ['src', 'scripts', 'server', 'pages-json', 'schemas', 'public', 'package.json', 'tsconfig.json', 'vite.config.ts'];
const HERO = join('src', 'blocks', 'Hero', 'Hero.tsx');

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
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/build.ts'], { cwd: dir, env, encoding: 'utf8' });
}

describe('npm run build with a block that cannot render', () => {
  it('exits 1, naming every page file, block index and type with the error, and writes no page', () => {
    const dir = projectWithHero(`export function Hero(): never {\n  throw new Error('Hero broke on the server');\n}\n`);
    const result = build(dir);
    expect(result.status, result.stdout).toBe(1);
    expect(result.stderr).toContain('pages-json/index.json: blocks[0] (Hero): failed to render: Hero broke on the server');
    expect(result.stderr).toContain('pages-json/story.json: blocks[0] (Hero): failed to render: Hero broke on the server');
    expect(result.stderr).toMatch(/\d+ pages could not be rendered; no pages were written/);
    expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(false);
    expect(result.stdout).not.toContain('built ');
  });

  it('also when the block fails inside a Suspense boundary, which React would leave to the browser', () => {
    const original = readFileSync(join(ROOT, HERO), 'utf8');
    expect(original).toContain('export function Hero(');
    const dir = projectWithHero(
      `import { Suspense } from 'react';\n` +
        `function Broken(): never {\n  throw new Error('Hero broke inside Suspense');\n}\n` +
        `export function Hero() {\n  return <Suspense fallback={<p>later</p>}><Broken /></Suspense>;\n}\n`,
    );
    const result = build(dir);
    expect(result.status, result.stdout).toBe(1);
    expect(result.stderr).toContain('pages-json/index.json: blocks[0] (Hero): failed to render: a part inside a Suspense boundary failed');
    expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(false);
  });
});
