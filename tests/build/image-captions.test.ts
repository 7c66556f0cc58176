/**
 * An image's caption is visitor text: on a copy of the real content the story page's hero picture gets a caption,
 * translated into Spanish in its translation file (as the editor's image dialog writes it) and not yet into German.
 * The built site shows it under the picture, in a <figure>, in each page's language: the Spanish page in Spanish, the
 * German page in English marked `lang="en"` (a text not translated yet), the English page as written. Its credit is
 * not shown anywhere (it is for the team, not visitors).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'image-captions-'));
const content = join(work, 'pages-json');
const dist = join(work, 'dist');

const CAPTION = 'One clear email in place of a pile no one reads.';
const SPANISH = 'Un email claro en lugar de un montón que nadie lee.';

const json = (file: string) => JSON.parse(readFileSync(join(content, file), 'utf8')) as Record<string, unknown>;
const write = (file: string, value: unknown) => writeFileSync(join(content, file), JSON.stringify(value, null, 2));
/** The hero's figure caption of a built page, as HTML. */
const figcaption = (route: string) =>
  /<figcaption\b[^>]*>(.*?)<\/figcaption>/s.exec(readFileSync(join(dist, route, 'index.html'), 'utf8'))?.[1];

let build: ReturnType<typeof spawnSync>;

beforeAll(() => {
  cpSync(join(ROOT, 'pages-json'), content, { recursive: true });
  write('_media/story-hero.json', { ...json('_media/story-hero.json'), caption: CAPTION });
  // As the editor's dialog saves it: the English it was made from beside the text (a plain string is the same to the site).
  write('_translations/es/_media/story-hero.json', {
    ...json('_translations/es/_media/story-hero.json'),
    caption: { source: CAPTION, text: SPANISH },
  });
  build = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist },
    encoding: 'utf8',
  });
});

it('shows the caption under the hero picture in each page language, translated where it is', () => {
  expect(build.status, `${String(build.stdout)}\n${String(build.stderr)}`).toBe(0);
  expect(figcaption('story')).toBe(CAPTION);
  expect(figcaption('es/story')).toBe(SPANISH);
  // Not translated into German yet: the English, marked as such.
  expect(figcaption('de/story')).toBe(`<span lang="en">${CAPTION}</span>`);
  for (const route of ['story', 'es/story', 'de/story']) {
    const html = readFileSync(join(dist, route, 'index.html'), 'utf8');
    expect(html).toMatch(/<figure\b[^>]*>\s*<picture\b[\s\S]*?<\/picture>\s*<figcaption/);
    expect(html).not.toContain('Illustration: Reachwell');
  }
});
