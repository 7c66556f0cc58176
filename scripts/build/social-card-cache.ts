/**
 * Social cards drawn once: each PNG is kept in a folder under a hash of everything its pixels depend on (what the card
 * shows, the template's and the drawing thread's sources, the brand colours, the font files' bytes, satori's, resvg's and sharp's versions), never a
 * path or a time, so a build with the same titles draws nothing, and a project copied with `cp -a` (or moved) keeps
 * its cards. A card is written to a temporary name and renamed: two builds at once never read half a file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import type { SocialCard } from '../../src/render/social-image';
import { drawCardsInParallel } from './social-card-drawers';
import { CARD_COLORS, cardFonts, cardTree, type CardFont } from './social-card-template';

/** The cards kept between builds. */
const SOCIAL_CARD_CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-social-cards');

/** The code that decides the pixels: the card's layout and the drawing thread's steps and options. */
const DRAWING_SOURCES = ['social-card-template.ts', 'social-card-worker.mjs'].map((file) => join(ROOT_DIR, 'scripts', 'build', file));

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
      const hash = createHash('sha256');
      for (const source of DRAWING_SOURCES) hash.update(readFileSync(source));
      hash.update(JSON.stringify([CARD_COLORS, version('satori'), version('@resvg/resvg-js'), version('sharp')]));
      for (const font of this.fonts) hash.update(`${font.weight}:`).update(font.data);
      this.drawingKey = hash.digest('hex');
    }
    return { fonts: this.fonts, key: this.drawingKey };
  }

  /** The card's PNG file in the cache, drawn first when it is not there. */
  async file(card: SocialCard): Promise<string> {
    const [file] = await this.files([card]);
    return file!;
  }

  /**
   * Each card's PNG file in the cache, in the cards' order: those not there are drawn first, on every core
   * (social-card-drawers.ts), each card once however often it is named.
   */
  async files(cards: readonly SocialCard[]): Promise<string[]> {
    const { fonts, key } = this.drawing();
    const files = cards.map((card) => {
      const name = createHash('sha256').update(key).update(JSON.stringify(card)).digest('hex');
      return join(this.dir, `${name.slice(0, 32)}.png`);
    });
    const missing = new Map<string, SocialCard>();
    files.forEach((file, index) => {
      // A card named again is taken as it was (drawn once, for its first name).
      if (missing.has(file) || existsSync(file)) this.reused++;
      else missing.set(file, cards[index]!);
    });
    if (missing.size) mkdirSync(this.dir, { recursive: true });
    const targets = [...missing.keys()];
    await drawCardsInParallel(
      [...missing.values()].map((card) => cardTree(card)),
      fonts,
      (index, png) => {
        const file = targets[index]!;
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, png);
        renameSync(partial, file);
        this.drawn++;
      },
    );
    return files;
  }
}
