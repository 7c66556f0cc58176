/**
 * Issue 51's "done when", end to end on the real site, through the hosted editor's HTTP API as its browser app calls
 * it: an editor uploads a photo with its alt text and places it in a use-case page's hero; a translator for Spanish
 * translates the alt text; the editor submits, a reviewer approves and publishes. The release the editor then serves
 * has the page in English and in Spanish with the photo as AVIF and WebP at the hero's widths (its JPEG as the
 * fallback), width and height, the Spanish alt text on /es/, and a social card of its own in each language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer } from '../../server/app';
import { editorClient, type EditorHost, PEOPLE, startEditorHost } from '../../test-support/editor-host';
import { waitFor } from './helpers';

const SPANISH = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' } as const;
const PAGE = 'use-cases/upsell-campaigns.json';
const ROUTE = 'use-cases/upsell-campaigns';
const ALT = {
  en: 'A store manager reads an upgrade offer the agents wrote',
  es: 'Una gerente lee una oferta de mejora que escribieron los agentes',
};

let host: EditorHost;
beforeAll(async () => {
  host = await startEditorHost('editor-media-published', { releases: true, accounts: [SPANISH] });
});
afterAll(() => host?.stop());

/** The `<picture>` of the image `id` in a page's HTML: its sources' widths by type, and its `<img>`'s attributes. */
function pictureOf(html: string, id: string) {
  const picture = new RegExp(`<picture\\b(?:(?!</picture>)[\\s\\S])*?/_img/${id}-[\\s\\S]*?</picture>`).exec(html)?.[0] ?? '';
  const widths = (type: string) =>
    [...(new RegExp(`<source type="${type}" srcSet="([^"]*)"`).exec(picture)?.[1] ?? '').matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
  const img = /<img\b[^>]*>/.exec(picture)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(img)?.[1];
  return {
    avif: widths('image/avif'),
    webp: widths('image/webp'),
    src: attribute('src'),
    width: attribute('width'),
    height: attribute('height'),
    alt: attribute('alt'),
  };
}
const metaOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

test('a photo uploaded, placed in a use-case hero, its alt translated and published: served as AVIF and WebP, in both languages, with social cards', async () => {
  const { signIn, call } = editorClient(host.editor.url);
  const [ana, sofia, rita] = [await signIn(PEOPLE.editor.email), await signIn(SPANISH.email), await signIn(PEOPLE.reviewer.email)];
  const id = (await call('POST', '/api/changes', { session: ana, body: { title: 'A picture for upsell campaigns' } })).json.id as string;
  const edit = `/changes/${id}/edit/api`;

  const photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 30, g: 110, b: 160 } } })
    .composite([
      { input: Buffer.from('<svg width="600" height="400"><circle cx="300" cy="200" r="180" fill="#f5c542"/></svg>'), top: 300, left: 500 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const uploaded = await fetch(`${host.origin}${edit}/media?${new URLSearchParams({ name: 'upsell-manager.jpg', alt: ALT.en })}`, {
    method: 'POST',
    headers: { origin: host.origin, cookie: ana.cookie, 'x-csrf-token': ana.csrf, 'content-type': 'application/octet-stream' },
    body: Uint8Array.from(photo),
  });
  expect(uploaded.status).toBe(201);
  const image = ((await uploaded.json()) as { item: { id: string } }).item.id;

  const opened = await call('GET', `${edit}/document?file=${PAGE}`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { slot: string; image?: string }[] };
  doc.blocks.find((block) => block.slot === 'hero')!.image = image;
  const saved = await call('POST', `${edit}/save`, { session: ana, body: { file: PAGE, doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');

  // The translator finds the new alt text waiting in Spanish, and translates it.
  const record = `_media/${image}.json`;
  const toTranslate = await call('GET', `${edit}/translation?file=${record}&locale=es`, { session: sofia });
  expect(toTranslate.json.texts).toEqual([expect.objectContaining({ key: 'alt', source: ALT.en, state: 'missing' })]);
  const translated = await call('POST', `${edit}/translation-save`, {
    session: sofia,
    body: { file: record, locale: 'es', texts: { alt: ALT.es }, baseHash: toTranslate.json.hash },
  });
  expect(translated.status, JSON.stringify(translated.json)).toBe(200);

  expect((await call('POST', `/api/changes/${id}/submit`, { session: ana })).status).toBe(200);
  expect((await call('POST', `/api/changes/${id}/approve`, { session: rita })).status).toBe(200);
  const published = await call('POST', `/api/changes/${id}/publish`, { session: rita });
  expect(published.status, JSON.stringify(published.json)).toBe(200);

  const release = join(host.releasesDir, 'current');
  const built = (route: string) => readFileSync(join(release, route, 'index.html'), 'utf8');
  // The publish answers once the site is served; the wait only bounds that (a first release is a whole build).
  await waitFor('the published page in the release served', () => existsSync(release) && built(ROUTE).includes(`/_img/${image}-`), 240_000);
  const site = await createServer({ distDir: release });
  const origin = await site.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cards: string[] = [];
    for (const [language, prefix] of [
      ['en', ''],
      ['es', 'es/'],
    ] as const) {
      const page = await fetch(`${origin}/${prefix}${ROUTE}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const picture = pictureOf(html, image);
      // The hero's widths up to what its layout shows at twice the pixels; the original's format as the fallback.
      expect(picture).toMatchObject({ avif: [320, 480, 640, 800, 960, 1280], webp: [320, 480, 640, 800, 960, 1280], alt: ALT[language] });
      expect(picture.src).toMatch(new RegExp(`^/_img/${image}-[0-9a-f]+-\\d+x\\d+\\.jpg$`));
      expect(Number(picture.width) / Number(picture.height)).toBeCloseTo(1600 / 1067, 2);
      const variant = await fetch(`${origin}${/srcSet="([^" ]+) 320w/.exec(html.slice(html.indexOf('image/avif')))![1]}`);
      expect([variant.status, variant.headers.get('content-type'), variant.headers.get('cache-control')]).toEqual([
        200,
        'image/avif',
        expect.stringContaining('immutable'),
      ]);
      // Its own social card, drawn from its title in its language (the page sets no meta.image).
      const card = new URL(metaOf(html, 'og:image')!);
      expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1200', '630']);
      const drawn = await fetch(`${origin}${card.pathname}`);
      expect([drawn.status, drawn.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(await sharp(Buffer.from(await drawn.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
      cards.push(card.pathname);
    }
    expect(metaOf(built(`es/${ROUTE}`), 'og:image:alt')).toMatch(/con agentes de IA/);
    expect(new Set(cards).size).toBe(2);
  } finally {
    await site.close();
  }
});
