/** `/_img/` in `npm run dev`: a page's image file made from the media library on request (src/dev/image-files.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageFiles } from '../../src/dev/image-files';
import type { MediaRecord } from '../../src/engine/model/media';
import { pictureOf, variantKey } from '../../src/engine/model/picture';

const ROOT = join(import.meta.dirname, '..', '..');
const record = JSON.parse(readFileSync(join(ROOT, 'pages-json/_media/story-hero.json'), 'utf8')) as MediaRecord;
const svgRecord = JSON.parse(readFileSync(join(ROOT, 'pages-json/_media/home-hero.json'), 'utf8')) as MediaRecord;
const media = { 'story-hero': record, 'home-hero': svgRecord };

function get(path: string): Promise<{ status: 'sent'; type: string; bytes: Buffer; csp?: string } | { status: 'next' }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
      end: (bytes: Buffer) => resolve({ status: 'sent', type: headers['content-type'], bytes, csp: headers['content-security-policy'] }),
    };
    const next = (error?: unknown) => (error ? reject(error as Error) : resolve({ status: 'next' }));
    imageFiles(() => media)({ url: path } as never, res as never, next);
  });
}

describe('image files in npm run dev', () => {
  it('serves a variant a page names, made from the original', async () => {
    const picture = pictureOf(media, 'story-hero', 'hero')!;
    const avif = picture.sources[0].srcset.split(', ')[0].split(' ')[0];
    const answer = await get(avif.replace('/_img', ''));
    expect(answer).toMatchObject({ status: 'sent', type: 'image/avif' });
    expect('bytes' in answer && answer.bytes.subarray(4, 12).toString('latin1')).toBe('ftypavif');
  });

  it('sends an SVG as it is, forbidden to run or load anything when opened on its own', async () => {
    const svg = pictureOf(media, 'home-hero', 'hero')!.src;
    const answer = await get(svg.replace('/_img', ''));
    expect(answer).toMatchObject({ status: 'sent', type: 'image/svg+xml', csp: expect.stringContaining('sandbox') });
  });

  it('passes on a name no record makes', async () => {
    expect(await get('/story-hero-0000000000000000-320x213.avif')).toEqual({ status: 'next' });
    expect(await get('/nothing.png')).toEqual({ status: 'next' });
    // A size no slot has, with the key it would have: not made (a request would choose how large a picture to draw).
    expect(await get(`/story-hero-${variantKey(record, 2000, 1333, 'webp')}-2000x1333.webp`)).toEqual({ status: 'next' });
  });
});
