/**
 * The built site's images (npm run build made dist/): every <img> has alt text (empty only for a decorative image),
 * a width and a height; every photo a srcset and AVIF and WebP sources; every file a page names is in dist/_img/; the
 * first section's image is preloaded and loaded at once, the others lazily. And the image cache survives `cp -a`, and
 * makes a variant asked for by several at once once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heightFor, variantUrl } from '../../src/engine/model/picture';
import type { MediaRecord } from '../../src/engine/model/media';
import { imageCache } from '../../src/engine/tooling/media/image-cache';
import { parseImageName } from '../../src/engine/tooling/media/variant-names';
import { DIST_DIR } from '../../test-support/browser';

const ROOT = join(import.meta.dirname, '..', '..');
const pages = readdirSync(DIST_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => join(entry.parentPath, entry.name));
const html = (route: string) => readFileSync(join(DIST_DIR, route, 'index.html'), 'utf8');
const decorative = (id: string | undefined) =>
  id !== undefined && (JSON.parse(readFileSync(join(ROOT, 'pages-json/_media', `${id}.json`), 'utf8')) as MediaRecord).decorative === true;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('images in the built site', () => {
  const images = pages.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/<img\b[^>]*>/g)].map((match) => ({ file, tag: match[0], before: text.slice(0, match.index) }));
  });

  it('has photos and drawings to check', () => {
    expect(images.filter(({ tag }) => attribute(tag, 'src')?.endsWith('.svg')).length).toBeGreaterThan(10);
    expect(images.filter(({ tag }) => !attribute(tag, 'src')?.endsWith('.svg')).length).toBeGreaterThan(2);
  });

  it('gives every <img> alt text, a width and a height; every photo a srcset and AVIF and WebP sources', () => {
    const wrong = images.flatMap(({ file, tag, before }) => {
      const lacks: string[] = [];
      // Empty alt text only for an image its record declares decorative.
      const alt = attribute(tag, 'alt');
      const id = parseImageName(attribute(tag, 'src')!.slice('/_img/'.length))?.id;
      if (alt === undefined || (!alt.trim() && !decorative(id))) lacks.push('alt');
      if (!Number(attribute(tag, 'width'))) lacks.push('width');
      if (!Number(attribute(tag, 'height'))) lacks.push('height');
      // An SVG is one file for every width: no srcset, no other format.
      if (!attribute(tag, 'src')?.endsWith('.svg')) {
        if (!attribute(tag, 'srcset')) lacks.push('srcset');
        const picture = before.slice(before.lastIndexOf('<picture'));
        if (!picture.startsWith('<picture') || picture.includes('</picture>')) lacks.push('<picture>');
        for (const type of ['image/avif', 'image/webp']) if (!picture.includes(`type="${type}"`)) lacks.push(type);
      }
      return lacks.length ? [`${file.slice(DIST_DIR.length)}: ${tag.slice(0, 80)}… lacks ${lacks.join(', ')}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('has every image file a page names', () => {
    const named = new Set(pages.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\/_img\/([a-z0-9.-]+)/g)].map((m) => m[1])));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((name) => !existsSync(join(DIST_DIR, '_img', name)))).toEqual([]);
  });

  it('preloads the first section’s image with high priority and loads later ones lazily', () => {
    const story = html('story');
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(story)?.[0] ?? '';
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).toContain('type="image/avif"');
    const home = html('');
    const tags = [...home.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(attribute(tags[0], 'loading')).toBe('eager');
    expect(attribute(tags[0], 'fetchPriority')).toBe('high');
    expect(tags.slice(1).map((tag) => attribute(tag, 'loading'))).toEqual(tags.slice(1).map(() => 'lazy'));
    // In the head, where the browser meets it before anything else (React's own copy before the <img> comes too late).
    const head = home.slice(0, home.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" href="${attribute(tags[0], 'src')}" fetchpriority="high" />`);
  });

  it('preloads in its head the image of every page whose first image is fetched with high priority', () => {
    const late = pages.filter((file) => {
      const text = readFileSync(file, 'utf8');
      const head = text.slice(0, text.indexOf('</head>'));
      return /<img\b[^>]*fetchPriority="high"/i.test(text) && !/<link rel="preload" as="image"[^>]*fetchpriority="high"/.test(head);
    });
    expect(late).toEqual([]);
  });

  it('preloads images only in the head: React adds no tag of its own for an image in a <picture>, an SVG one too', () => {
    const late = pages.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const body = text.slice(text.indexOf('</head>'));
      return [...body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(
        (m) => `${file.slice(DIST_DIR.length)}: ${m[0].slice(0, 100)}`,
      );
    });
    expect(late).toEqual([]);
  });

  it('puts a Spanish alt text on the Spanish page', () => {
    const es = readFileSync(join(ROOT, 'pages-json/_translations/es/_media/story-hero.json'), 'utf8');
    const alt = (JSON.parse(es) as { alt: { text: string } }).alt.text;
    expect(html('es/story')).toContain(`alt="${alt}"`);
  });
});

describe('the image cache', () => {
  /** The story's hero photo at 320 px wide, in `format`. */
  const storyHero = (format: 'webp' | 'avif') => {
    const record = JSON.parse(readFileSync(join(ROOT, 'pages-json/_media/story-hero.json'), 'utf8')) as MediaRecord;
    const width = 320;
    const height = heightFor(record, width, undefined);
    const name = variantUrl('story-hero', record, width, height, format).slice('/_img/'.length);
    return { name, record, original: join(ROOT, 'pages-json/_media', record.file), width, height, format };
  };

  it('still hits after the project is copied with cp -a, whatever the files’ times', async () => {
    const request = storyHero('webp');
    const { name } = request;
    const first = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const made = imageCache(join(first, 'cache'));
    const path = await made.variant(request);
    expect(made.made).toBe(1);
    const copy = mkdtempSync(join(tmpdir(), 'image-cache-copy-'));
    execFileSync('cp', ['-a', join(first, 'cache'), join(copy, 'cache')]);
    utimesSync(join(copy, 'cache', name), new Date(0), new Date(0));
    const copied = imageCache(join(copy, 'cache'));
    const again = await copied.variant(request);
    expect(copied.made).toBe(0);
    expect(readFileSync(again)).toEqual(readFileSync(path));
  });

  it('draws an SVG at the size its variant needs, not its own: a huge, a long and thin, and a centimetre-sized drawing make a 1200x630 card', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'image-cache-svg-'));
    const cache = imageCache(join(folder, 'cache'));
    const drawings = {
      // Drawn at its own size twice over, as before, it was 14.4 billion pixels: sharp refused it.
      huge: ['viewBox="0 0 60000 60000"', 60000, 60000],
      // Scaled to the card's width whole, it would be 1200x60000: more pixels than a decode may have.
      thin: ['viewBox="0 0 100 5000"', 100, 5000],
      // Its record has the viewBox's size (10x10); it draws at 10 cm.
      centimetres: ['width="10cm" height="10cm" viewBox="0 0 10 10"', 10, 10],
    } as const;
    for (const [id, [size, width, height]] of Object.entries(drawings)) {
      const original = join(folder, `${id}.svg`);
      writeFileSync(original, `<svg xmlns="http://www.w3.org/2000/svg" ${size}><rect width="100%" height="100%" fill="#0b5cad"/></svg>`);
      const record = { file: `${id}.svg`, sha256: id.padEnd(64, 'f'), format: 'svg', width, height } as unknown as MediaRecord;
      const name = variantUrl(id, record, 1200, 630, 'png').slice('/_img/'.length);
      const path = await cache.variant({ name, record, original, width: 1200, height: 630, format: 'png' });
      expect(await sharp(path).metadata(), id).toMatchObject({ width: 1200, height: 630 });
    }
  });

  it('makes a variant asked for by several at once once (two tabs opening the same page)', async () => {
    const request = storyHero('avif');
    const cache = imageCache(join(mkdtempSync(join(tmpdir(), 'image-cache-at-once-')), 'cache'));
    const paths = await Promise.all([1, 2, 3].map(() => cache.variant(request)));
    expect(new Set(paths).size).toBe(1);
    expect(cache.made).toBe(1);
  });
});
