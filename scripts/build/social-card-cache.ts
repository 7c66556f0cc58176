/**
 * Social cards drawn once: each PNG is kept in a folder under a hash of everything its pixels depend on (what the card
 * shows, the template's source, the brand colours, the font files' bytes, satori's, resvg's and sharp's versions), never a
 * path or a time, so a build with the same titles draws nothing, and a project copied with `cp -a` (or moved) keeps
 * its cards. A card is written to a temporary name and renamed: two builds at once never read half a file.
 */
import { Resvg } from '@resvg/resvg-js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import satori, { type SatoriOptions } from 'satori';
import sharp from 'sharp';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { SOCIAL_CARD_SIZE, type SocialCard } from '../../src/render/social-image';
import { CARD_COLORS, cardFonts, cardTree, type CardFont } from './social-card-template';

/** The cards kept between builds. */
const SOCIAL_CARD_CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-social-cards');

const TEMPLATE_SOURCE = join(ROOT_DIR, 'scripts', 'build', 'social-card-template.ts');

export class SocialCardCache {
  /** Cards drawn by this cache, and cards taken as they were. */
  drawn = 0;
  reused = 0;
  private fonts: CardFont[] | undefined;
  private drawingKey: string | undefined;

  constructor(readonly dir: string = SOCIAL_CARD_CACHE_DIR) {}

  /** What every card's pixels depend on besides its text, hashed once. */
  private drawing(): { fonts: CardFont[]; key: string } {
    if (!this.fonts || !this.drawingKey) {
      this.fonts = cardFonts();
      const require = createRequire(join(ROOT_DIR, 'package.json'));
      const version = (name: string) =>
        (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
      const hash = createHash('sha256')
        .update(readFileSync(TEMPLATE_SOURCE))
        .update(JSON.stringify([CARD_COLORS, version('satori'), version('@resvg/resvg-js'), version('sharp')]));
      for (const font of this.fonts) hash.update(`${font.weight}:`).update(font.data);
      this.drawingKey = hash.digest('hex');
    }
    return { fonts: this.fonts, key: this.drawingKey };
  }

  /** The card's PNG file in the cache, drawn first when it is not there. */
  async file(card: SocialCard): Promise<string> {
    const { fonts, key } = this.drawing();
    const name = createHash('sha256').update(key).update(JSON.stringify(card)).digest('hex');
    const file = join(this.dir, `${name.slice(0, 32)}.png`);
    if (existsSync(file)) {
      this.reused++;
      return file;
    }
    const png = await drawCard(card, fonts);
    mkdirSync(this.dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, png);
    renameSync(partial, file);
    this.drawn++;
    return file;
  }
}

/**
 * The card as a PNG: satori lays it out as SVG (text as paths), resvg rasterises it, sharp stores it with a palette
 * (about 40 kB instead of 180: the card is a few flat colours and a gradient, with no banding seen at 256 colours).
 */
async function drawCard(card: SocialCard, fonts: CardFont[]): Promise<Buffer> {
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], {
    ...SOCIAL_CARD_SIZE,
    fonts: fonts as SatoriOptions['fonts'],
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: SOCIAL_CARD_SIZE.width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
  return sharp(png).png({ palette: true, quality: 100, compressionLevel: 9 }).toBuffer();
}
