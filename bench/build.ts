/**
 * `npm run bench:build`: times validation and the full build for the real site
 * and for synthetic sites of 100 and 1,000 pages, and prints the cost per page; the 1,000 pages once with the
 * bundles of an earlier build of the same code (a content change) and once bundling (a code change).
 * Targets on a 2-core machine: validate 1,000 documents < 3 s; build 1,000 pages < 60 s (issue 22: 10 s).
 * Then the images figures (issue 51): 1,000 pages showing 200 pictures (bench/synthetic-images.ts), built with an
 * empty image cache and again with it warm, with how many variants each build made and took from the cache.
 * `-- --images` measures only those; `-- --images=<count>` only those, with fewer pictures.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR, ROOT_DIR } from '../src/engine/load/content-env';
import { errorsIn, loadContent } from '../src/engine/load/load-content';
import { codeFingerprint } from '../src/engine/tooling/build-fingerprint';
import { bundleKey, forgetBundles } from '../scripts/build/bundle-cache';
import { syntheticSite as writeSyntheticSite } from '../test-support/synthetic-site';
import { addSyntheticImages } from './synthetic-images';

const BENCH_DIR = join(ROOT_DIR, '.bench');
const syntheticSite = (pages: number) => writeSyntheticSite(pages, join(BENCH_DIR, `site-${pages}`));

function timeValidate(dir: string) {
  const started = performance.now();
  const { problems, pages } = loadContent(dir);
  const ms = performance.now() - started;
  const errors = errorsIn(problems);
  if (errors.length) throw new Error(`${dir} is invalid: ${errors[0].message}`);
  return { ms, pages: pages.length };
}

function timeBuild(dir: string, name: string, env: NodeJS.ProcessEnv = {}) {
  const dist = join(BENCH_DIR, `dist-${name}`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, CONTENT_DIR: dir, DIST_DIR: dist, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...env },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`build of ${name} failed:\n${run.stderr}`);
  return { ms, detail: run.stdout.trim().split('\n').at(-1) ?? '' };
}

/** Prints `rows` under `header`, each column as wide as its widest cell. */
function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function pagesAndBuilds() {
  const rows: string[][] = [];
  /** A build bundles when its code has no kept bundles (the first after a code change); else it takes them (scripts/build/bundle-cache.ts). */
  const sites: [string, string, 'bundled' | 'kept'][] = [
    ['real site', CONTENT_DIR, 'bundled'],
    ['synthetic 100', syntheticSite(100), 'kept'],
    ['synthetic 1000', syntheticSite(1000), 'kept'],
    ['synthetic 1000', join(BENCH_DIR, 'site-1000', 'pages-json'), 'bundled'],
  ];
  for (const [name, dir, bundles] of sites) {
    if (bundles === 'bundled') forgetBundles(bundleKey(codeFingerprint()));
    const validate = timeValidate(dir);
    const build = timeBuild(dir, name.replace(/\s+/g, '-'));
    rows.push([
      name,
      bundles,
      String(validate.pages),
      `${(validate.ms / 1000).toFixed(2)} s`,
      `${(validate.ms / validate.pages).toFixed(2)} ms`,
      `${(build.ms / 1000).toFixed(1)} s`,
      `${(build.ms / validate.pages).toFixed(1)} ms`,
    ]);
    console.error(`${name}: ${build.detail}`);
  }
  printTable(['site', 'bundles', 'pages', 'validate', 'validate/page', 'full build', 'build/page'], rows);
  console.log('targets: validate 1,000 documents < 3 s; full build of 1,000 pages < 60 s, linear in page count');
}

const IMAGE_PAGES = 1000;
/** 200 (the issue's figure), or `--images=<count>` where making 200 pictures' variants takes too long for the machine. */
const IMAGES = Number(/^--images=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--images=')) ?? '')?.[1] ?? 200);

/** 1,000 pages with 200 pictures, built with an image cache of their own: empty, then warm from that build. */
async function images() {
  const dir = writeSyntheticSite(IMAGE_PAGES, join(BENCH_DIR, 'site-images'));
  await addSyntheticImages(dir, IMAGES);
  const cache = join(BENCH_DIR, 'image-cache');
  rmSync(cache, { recursive: true, force: true });
  const rows: string[][] = [];
  for (const state of ['cold (empty)', 'warm']) {
    const build = timeBuild(dir, 'images', { IMAGE_CACHE_DIR: cache });
    console.error(`images, ${state}: ${build.detail}`);
    const [, took = '?', made = '?', reused = '?'] =
      /images ([\d.]+) s: (\d+) variants made, (\d+) from the cache/.exec(build.detail) ?? [];
    rows.push([state, String(IMAGE_PAGES), String(IMAGES), `${(build.ms / 1000).toFixed(1)} s`, `${took} s`, made, reused]);
  }
  printTable(['image cache', 'pages', 'images', 'full build', 'image stage', 'variants made', 'from the cache'], rows);
  console.log('a warm cache makes no variant: each picture is processed once, whatever the number of builds');
}

if (!process.argv.some((arg) => arg === '--images' || arg.startsWith('--images='))) pagesAndBuilds();
await images();
