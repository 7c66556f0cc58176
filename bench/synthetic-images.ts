/**
 * Pictures for the images figures of `npm run bench:build`: `count` 1200x800 JPEG illustrations, each its own (a
 * gradient and a few shapes, photo-sized, drawn from its number, so every run makes the same ones), added to a
 * synthetic site's media library as `npm run media:add` adds them, and each shown in the Hero of every
 * `count`-th page. Written only into the bench's own folder (.bench/, ignored by git).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ingestImage } from '../src/engine/tooling/media/ingest';

/** Picture `i`: colours and shapes from its number alone. */
function drawing(i: number): string {
  const hue = (i * 47) % 360;
  const circles = Array.from({ length: 6 }, (_, c) => {
    const x = (i * 131 + c * 197) % 1200;
    const y = (i * 71 + c * 113) % 800;
    return `<circle cx="${x}" cy="${y}" r="${60 + ((i + c * 37) % 140)}" fill="hsl(${(hue + c * 40) % 360} 70% 60%)" opacity="0.7"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 60% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360} 60% 75%)"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>${circles}</svg>`;
}

/** Adds `count` pictures to the site in `contentDir` and puts picture `n % count` in the Hero of its n-th page. */
export async function addSyntheticImages(contentDir: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const bytes = await sharp(Buffer.from(drawing(i)))
      .jpeg({ quality: 85 })
      .toBuffer();
    const added = await ingestImage({
      contentDir,
      bytes,
      name: `bench-${i}.jpg`,
      alt: `Illustration ${i}: coloured circles on a gradient`,
    });
    if (!('record' in added)) throw new Error(`picture ${i} was refused: ${added.refused}`);
  }
  const pages = readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.startsWith('_') && entry.name !== '404.json')
    .filter((entry) => !entry.parentPath.includes('_media'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  pages.forEach((file, n) => {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { blocks: { type: string; image?: string }[] };
    doc.blocks[0].image = `bench-${n % count}`;
    writeFileSync(file, JSON.stringify(doc));
  });
}
