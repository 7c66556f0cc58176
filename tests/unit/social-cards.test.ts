/**
 * Social cards (src/render/social-image.ts, scripts/build/social-card-cache.ts): a page's card is named by what it
 * shows, so a changed title is a new card at a new address and an unchanged one the same; the cache draws a card once,
 * and a copy of the cache folder (cp -a) still has it. `meta.image` wins over the generated card.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { socialImageOf } from '../../src/render/social-image';
import { SocialCardCache } from '../../scripts/build/social-card-cache';

const site = {
  origin: 'https://www.reachwell.example',
  brand: { productName: 'Reachwell', tagline: 'AI agents that email, text and call your customers.' },
};
const german = { code: 'de', dir: 'ltr' as const };
const page = (title: string, image?: string) => ({ meta: { title, image } });

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (file: string) => {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe('a page’s social image', () => {
  it('is a generated 1200x630 card at an absolute address, its alt the title with the brand, in the page’s language', () => {
    const image = socialImageOf(page('Rückgewinnungskampagnen mit KI-Agenten | Reachwell'), site, german);
    expect(image).toMatchObject({ width: 1200, height: 630, alt: 'Rückgewinnungskampagnen mit KI-Agenten | Reachwell' });
    expect(image.url).toMatch(/^https:\/\/www\.reachwell\.example\/social\/[0-9a-f]{16}\.png$/);
    expect(image.generated?.card).toMatchObject({ title: 'Rückgewinnungskampagnen mit KI-Agenten', lang: 'de', brand: 'Reachwell' });
    expect(socialImageOf(page('Karriere'), site, german).alt).toBe('Karriere | Reachwell');
  });

  it('has a new address when the title changes, and the same one when it does not', () => {
    const url = (title: string, locale = german) => socialImageOf(page(title), site, locale).url;
    expect(url('Nutzungsbedingungen | Reachwell')).toBe(url('Nutzungsbedingungen | Reachwell'));
    expect(url('Nutzungsbedingungen | Reachwell')).not.toBe(url('Allgemeine Nutzungsbedingungen | Reachwell'));
    expect(url('Reachwell')).not.toBe(url('Reachwell', { code: 'es', dir: 'ltr' }));
  });

  it('is the page’s own meta.image when it has one: its media record made 1200x630, with its alt text', () => {
    const record = { file: 'story.png', sha256: 'a'.repeat(64), format: 'png', width: 1600, height: 1000, alt: 'Ein Bild' } as const;
    const image = socialImageOf(page('Story', 'story'), site, german, { story: record });
    expect(image).toEqual({
      url: expect.stringMatching(/^https:\/\/www\.reachwell\.example\/_img\/story-[0-9a-f]{16}-1200x630\.png$/),
      width: 1200,
      height: 630,
      alt: 'Ein Bild',
    });
    // A record that is not there (validation says so) leaves the generated card.
    expect(socialImageOf(page('Story', 'missing'), site, german, {}).generated).toBeDefined();
  });
});

describe('the social card cache', () => {
  const card = (title: string) => socialImageOf(page(title), site, german).generated!.card;

  it('draws a changed title and takes an unchanged one, also from a cp -a copy of its folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'social-cards-')), 'cache');
    const first = new SocialCardCache(dir);
    const file = await first.file(card('Warenkorbabbrüche zurückgewinnen mit KI-Agenten | Reachwell'));
    expect(pngSize(file)).toEqual({ width: 1200, height: 630 });
    expect([first.drawn, first.reused]).toEqual([1, 0]);

    // Another build over the same folder: the same title is a hit, a changed one is drawn.
    const second = new SocialCardCache(dir);
    expect(await second.file(card('Warenkorbabbrüche zurückgewinnen mit KI-Agenten | Reachwell'))).toBe(file);
    const changed = await second.file(card('Warenkörbe zurückgewinnen mit KI-Agenten | Reachwell'));
    expect(changed).not.toBe(file);
    expect([second.drawn, second.reused]).toEqual([1, 1]);

    // A copy of the folder (new times, another path) keeps both cards.
    const copy = join(dir, '..', 'copy');
    execFileSync('cp', ['-a', dir, copy]);
    const copied = new SocialCardCache(copy);
    await copied.file(card('Warenkorbabbrüche zurückgewinnen mit KI-Agenten | Reachwell'));
    await copied.file(card('Warenkörbe zurückgewinnen mit KI-Agenten | Reachwell'));
    expect([copied.drawn, copied.reused]).toEqual([0, 2]);
  });
});
