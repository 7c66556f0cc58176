/** The banner library's rules (spec sections 3, 4 and 9): size categories, previews, filters; and a palette read from the theme. */
import { MantineProvider, createTheme, type MantineColorsTuple } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BANNER_FILTERS } from '../../src/blocks/BannerLibrary/BannerLibrary';
import { PREVIEWS, previewOf, sizeCategory, UNKNOWN_PREVIEW } from '../../src/blocks/BannerLibrary/banner-sizes';
import { BrandPalette } from '../../src/blocks/BrandPalette/BrandPalette';
import type { BannerAd } from '../../src/engine/collections/banner-ads';
import { IslandRegistryContext } from '../../src/hydration/Island';
import { theme } from '../../src/theme/theme';
import { matches } from '../../src/widgets/filters/filter-items';
import { pageIslandRegistry } from '../../src/render/island-registry';
import { parseBlock } from './render-block';

describe('sizeCategory', () => {
  it.each([
    ['728x90 Leaderboard', 'Desktop'],
    ['300x250 Medium Rectangle', 'Desktop'],
    ['320x50 Mobile Banner', 'Mobile'],
    ['160x600 Skyscraper', 'Display'],
    ['1200x628 Facebook/LinkedIn', 'Social'],
    ['1200x1200 LinkedIn Square', 'Display'],
    ['1080x1080 Instagram Square', 'Social'],
    ['1080x1920 Instagram Story', 'Social'],
    ['375x667 Mobile Interstitial', 'Mobile'],
    ['600x400 Email Header', 'Email'],
    ['500x500 Square Display', 'Display'],
    ['970x250 Billboard', 'Desktop'],
    ['250x250 Small Square', 'Display'],
    ['300x600 Half Page', 'Display'],
    ['336x280 Large Rectangle', 'Desktop'],
    ['120x600 Thin Skyscraper', 'Display'],
    ['468x60 Banner', 'Display'],
  ])('%s is %s', (size, category) => {
    expect(sizeCategory(size)).toBe(category);
  });

  it('checks in the spec order: Mobile, then Social, then Email, then Desktop', () => {
    expect(sizeCategory('1080x1920 Mobile Email Takeover')).toBe('Mobile');
    expect(sizeCategory('728x90 Instagram Email Strip')).toBe('Social');
    expect(sizeCategory('728x90 Email Leaderboard')).toBe('Email');
  });

  it('files an unknown size under Display and previews it at 400x300', () => {
    expect(sizeCategory('640x360 Video Companion')).toBe('Display');
    expect(previewOf('640x360 Video Companion')).toEqual(UNKNOWN_PREVIEW);
    expect(UNKNOWN_PREVIEW).toMatchObject({ width: 400, height: 300 });
  });

  it('knows every size the spec lists, with its real proportions', () => {
    expect(Object.keys(PREVIEWS)).toHaveLength(17);
    for (const [size, preview] of Object.entries(PREVIEWS)) expect(size.startsWith(`${preview.width}x${preview.height} `)).toBe(true);
  });
});

describe('banner filters', () => {
  const ads = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', '_collections', 'banner-ads.json'), 'utf8'))
    .items as BannerAd[];
  const ids = (size: string, persona: string) => ads.filter((ad) => matches(ad, BANNER_FILTERS, { size, persona })).map((ad) => ad.id);

  it('start at All: every ad', () => {
    expect(ids('', '')).toHaveLength(16);
  });

  it('combine size category and persona with AND', () => {
    expect(ids('Mobile', '')).toEqual(ads.filter((ad) => sizeCategory(ad.size) === 'Mobile').map((ad) => ad.id));
    expect(ids('', 'Email Marketer')).toEqual(ads.filter((ad) => ad.persona === 'Email Marketer').map((ad) => ad.id));
    expect(ids('Desktop', 'Performance Marketer')).toEqual(['leaderboard-performance', 'billboard-performance']);
    expect(ids('Email', 'Collections Specialist')).toEqual([]);
  });
});

describe('the palette', () => {
  const block = parseBlock(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'blocks', 'BrandPalette', 'example.json'), 'utf8')),
  );
  const render = (primary?: string) => {
    const shades = [...(theme.colors!.brand as MantineColorsTuple)];
    if (primary) shades[5] = primary;
    const brand = shades as unknown as MantineColorsTuple;
    return renderToString(
      <IslandRegistryContext value={pageIslandRegistry()}>
        <MantineProvider theme={createTheme({ ...theme, colors: { ...theme.colors, brand } })}>
          <BrandPalette {...(block as Parameters<typeof BrandPalette>[0])} />
        </MantineProvider>
      </IslandRegistryContext>,
    );
  };

  it("shows the theme's primary colour, and follows the theme when it changes", () => {
    expect(render()).toContain('#4387f4');
    expect(render()).toContain('hsl(217 89% 61%)');
    const changed = render('#1a7f5a');
    expect(changed).toContain('#1a7f5a');
    expect(changed).not.toContain('#4387f4');
  });
});
