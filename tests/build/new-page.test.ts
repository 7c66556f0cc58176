/**
 * Adding a page is adding a JSON file: a new document in a folder becomes a
 * prerendered route, joins its folder's menu (footer group here) and the sitemap.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_HEADER, EDITOR_ROUTE, editorRoutes, PREVIEW_BLOCK_MARK } from '../../src/editor/protocol';
import { GALLERY_ROUTE } from '../../src/dev/live-preview-protocol';
import { baseFiles, fixtureSite, hero, page, validateFiles } from '../unit/content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
let dist: string;
let content: string;

beforeAll(() => {
  const site = fixtureSite();
  site.footer.groups.push({ label: 'Channels', entries: [{ label: 'Channels', section: 'channels' }] } as never);
  const { dir, problems } = validateFiles({ ...baseFiles(), '_site.json': site });
  expect(problems).toEqual([]);
  content = dir;
  writeFileSync(
    join(dir, 'channels', 'fax.json'),
    JSON.stringify(page([{ ...hero, heading: 'Fax, reinvented' }], { title: 'Fax agents | Reachwell', nav: { label: 'Fax', order: 9 } })),
  );
  dist = join(mkdtempSync(join(tmpdir(), 'dist-')), 'dist');
  try {
    execFileSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: dir, DIST_DIR: dist },
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    throw new Error(`build failed:\n${(error as { stderr?: string }).stderr}`);
  }
});

describe('a new page document', () => {
  it('is prerendered at its route with its own title and content', () => {
    const html = readFileSync(join(dist, 'channels', 'fax', 'index.html'), 'utf8');
    expect(html).toContain('<title>Fax agents | Reachwell</title>');
    expect(html).toContain('Fax, reinvented');
  });

  it('joins the menu of its folder on every page, after the pages ordered before it', () => {
    const terms = readFileSync(join(dist, 'terms', 'index.html'), 'utf8');
    const email = terms.indexOf('href="/channels/email"');
    const fax = terms.indexOf('href="/channels/fax"');
    expect(email).toBeGreaterThan(-1);
    expect(fax).toBeGreaterThan(email);
  });

  it('is listed in the sitemap, while the not-found page is not', () => {
    const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.reachwell.example/channels/fax</loc>');
    expect(sitemap).not.toContain('404');
    expect(existsSync(join(dist, '404.html'))).toBe(true);
  });

  it('leaves the development-only block gallery out of the build and the sitemap', () => {
    expect(existsSync(join(dist, GALLERY_ROUTE.slice(1)))).toBe(false);
    expect(readdirSync(dist).some((name) => name.includes('blocks'))).toBe(false);
    expect(readFileSync(join(dist, 'sitemap.xml'), 'utf8')).not.toContain(GALLERY_ROUTE);
  });

  it('leaves the development-only visual editor out of the build: no /__edit route, none of its code in any file', () => {
    expect(existsSync(join(dist, EDITOR_ROUTE.slice(1)))).toBe(false);
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(html|js|css|json|xml|txt)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    // What only the editor's code says: its routes, the header its requests carry, the preview's block marks, its name.
    const editorOnly = [
      EDITOR_ROUTE,
      editorRoutes(EDITOR_ROUTE).api,
      EDITOR_HEADER,
      PREVIEW_BLOCK_MARK,
      'Reachwell editor',
      'Sections of the page',
    ];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const marker of editorOnly) expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });
});

describe('npm start knows whether dist/ is current', () => {
  /** What server/start.ts decides, for this content folder and dist/. */
  const stateOf = (distDir: string) =>
    execFileSync(
      TSX,
      ['--eval', "import('./src/engine/tooling/build-fingerprint.ts').then((m) => console.log(m.buildState(process.env.DIST_DIR)))"],
      {
        cwd: ROOT,
        env: { ...process.env, CONTENT_DIR: content, DIST_DIR: distDir },
        encoding: 'utf8',
      },
    ).trim();

  it('is current after the build, stale once a document changes, current again when the change is undone', () => {
    expect(stateOf(dist)).toBe('current');
    const file = join(content, 'channels', 'fax.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('Fax, reinvented', 'Fax, reimagined'));
    try {
      expect(stateOf(dist)).toBe('stale');
    } finally {
      writeFileSync(file, original);
    }
    expect(stateOf(dist)).toBe('current');
    expect(stateOf(join(dist, 'nowhere'))).toBe('missing');
  });
});
