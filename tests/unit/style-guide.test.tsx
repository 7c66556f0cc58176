// @vitest-environment jsdom
/**
 * The banner library's rules (spec sections 3, 4 and 9): size categories, previews, filters; and the
 * style guide's palette, type scale and components, rendered from /style-guide with the site's theme
 * or a changed one.
 */
import { DEFAULT_THEME, MantineProvider, createTheme, luminance, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BANNER_FILTERS } from '../../src/blocks/BannerLibrary/BannerLibrary';
import { PREVIEWS, previewOf, sizeCategory, UNKNOWN_PREVIEW } from '../../src/blocks/BannerLibrary/banner-sizes';
import { BrandPalette } from '../../src/blocks/BrandPalette/BrandPalette';
import { ComponentShowcase } from '../../src/blocks/ComponentShowcase/ComponentShowcase';
import { TypeScale } from '../../src/blocks/TypeScale/TypeScale';
import type { BannerAd } from '../../src/engine/model/collections/banner-ads';
import type { Block } from '../../src/engine/load/page-schema';
import { IslandRegistryContext } from '../../src/hydration/Island';
import { colorValue, contrastOf } from '../../src/theme/color-facts';
import { resolvedTheme, theme, themeCssVariables } from '../../src/theme/theme';
import { matches } from '../../src/widgets/filters/filter-items';
import { pageRegistry } from '../../src/render/render-page';
import { context, parseBlock } from '../../test-support/render-block';

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

/** The style guide's theme blocks, as /style-guide states them, rendered with a theme (the site's unless changed). */
const guide = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', 'style-guide.json'), 'utf8')) as {
  blocks: { type: string }[];
};
const guideBlock = (type: string) => parseBlock(guide.blocks.find((block) => block.type === type));

function renderGuide(type: 'BrandPalette' | 'TypeScale' | 'ComponentShowcase', change: Partial<MantineThemeOverride> = {}) {
  const Component = { BrandPalette, TypeScale, ComponentShowcase }[type] as (props: Block) => React.ReactNode;
  const html = renderToString(
    <IslandRegistryContext value={pageRegistry(context)}>
      <MantineProvider theme={createTheme({ ...theme, ...change, other: { ...theme.other, ...change.other } })}>
        <Component {...guideBlock(type)} />
      </MantineProvider>
    </IslandRegistryContext>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const swatchValues = (doc: Document, role: string) =>
  [...doc.querySelectorAll(`#palette li[data-color="${role}"] code`)].map((code) => code.textContent!.trim());

describe('the palette of /style-guide', () => {
  const brand = theme.colors!.brand as MantineColorsTuple;

  it("shows as Primary the theme's primary colour at the shade its filled buttons and links use", () => {
    const facts = colorValue(`brand.${theme.primaryShade}`, resolvedTheme);
    expect(swatchValues(renderGuide('BrandPalette'), 'primary')).toEqual([facts.hex, facts.hsl]);
  });

  it('follows the theme when its primary colour, its shade or its values change', () => {
    const teal = DEFAULT_THEME.colors.teal;
    expect(swatchValues(renderGuide('BrandPalette', { primaryColor: 'teal' }), 'primary')[0]).toBe(teal[8]);
    expect(swatchValues(renderGuide('BrandPalette', { primaryColor: 'teal' }), 'brandHue')[0]).toBe(teal[5]);
    expect(swatchValues(renderGuide('BrandPalette', { primaryShade: 7 }), 'primary')[0]).toBe(brand[7]);
    const green = [...brand] as unknown as MantineColorsTuple;
    (green as unknown as string[])[8] = '#1a7f5a';
    const changed = renderGuide('BrandPalette', { colors: { ...theme.colors, brand: green } });
    expect(swatchValues(changed, 'primary')).toEqual(['#1a7f5a', 'hsl(158 66% 30%)']);
    expect(changed.querySelector('#palette li[data-color="primary"]')!.textContent).not.toContain(brand[8]);
  });

  it('states the decided brand values exactly: primary hsl(217 89% 61%), accent hsl(263 50% 85%)', () => {
    const doc = renderGuide('BrandPalette');
    expect(swatchValues(doc, 'brandHue')).toEqual(['#4387f4', 'hsl(217 89% 61%)']);
    expect(swatchValues(doc, 'accent')).toEqual(['#d4c6ec', 'hsl(263 50% 85%)']);
    expect(colorValue('brand.5', resolvedTheme).hsl).toBe('hsl(217 89% 61%)');
    expect(colorValue('accent.2', resolvedTheme).hsl).toBe('hsl(263 50% 85%)');
  });

  it('copies no colour value into the captions: every value shown comes from the theme', () => {
    const palette = guide.blocks.find((block) => block.type === 'BrandPalette')!;
    expect(JSON.stringify(palette)).not.toMatch(/#[0-9a-f]{3,8}\b|hsla?\(|rgba?\(/i);
  });

  it('gives each gradient its name, its stops in hex and HSL, and its text contrast on the lightest and darkest stop', () => {
    const doc = renderGuide('BrandPalette');
    const { labels, gradients } = guideBlock('BrandPalette') as Extract<Block, { type: 'BrandPalette' }>;
    for (const entry of gradients!) {
      const card = doc.querySelector(`#palette li[data-gradient="${entry.gradient}"]`)!;
      const text = card.textContent!;
      const { from, to } = resolvedTheme.other.gradients[entry.gradient as keyof typeof resolvedTheme.other.gradients];
      const stops = [from, to].map((ref) => colorValue(ref, resolvedTheme));
      expect(text).toContain(entry.name);
      for (const stop of stops)
        expect([...card.querySelectorAll('code')].map((code) => code.textContent)).toEqual(expect.arrayContaining([stop.hex, stop.hsl]));
      const textColor = colorValue(resolvedTheme.other.gradientText[entry.gradient as 'band'], resolvedTheme).hex;
      const [lightest, darkest] = [...stops].sort((a, b) => luminance(b.hex) - luminance(a.hex));
      for (const [label, stop] of [
        [labels.lightest, lightest],
        [labels.darkest, darkest],
      ] as const) {
        const contrast = contrastOf(textColor, stop.hex);
        expect(text, `${entry.name} ${label}`).toContain(
          `${labels.contrast} ${label}: ${contrast.ratio}:1${contrast.passesAA ? labels.pass : labels.fail}`,
        );
        expect(contrast.passesAA, `${entry.name}: text ${textColor} ${label} ${stop.hex}`).toBe(true);
      }
    }
  });

  it("says AA fail when a gradient's text colour does not read on a stop", () => {
    const doc = renderGuide('BrandPalette', { other: { gradientText: { ...resolvedTheme.other.gradientText, band: 'gray.7' } } });
    const { labels } = guideBlock('BrandPalette') as Extract<Block, { type: 'BrandPalette' }>;
    expect(doc.querySelector('#palette li[data-gradient="band"]')!.textContent).toContain(labels.fail);
  });
});

describe('the type scale of /style-guide', () => {
  /** The values a row states, as one line. */
  const values = (row: Element) => row.querySelector('.values')!.textContent!.replace(/\s+/g, ' ').trim();
  const row = (doc: Document, style: string) => values(doc.querySelector(`#typography li[data-style="${style}"]`)!);

  it('states the six styles the site sets, with the fluid range of the hero and section headings', () => {
    const doc = renderGuide('TypeScale');
    expect(
      Object.fromEntries([...doc.querySelectorAll('#typography li')].map((li) => [li.getAttribute('data-style'), values(li)])),
    ).toEqual({
      display: 'Size 33.6–56px, following the screen width (clamp(2.1rem, 1.4rem + 3vw, 3.5rem)) · Weight 750 · Line height 1.1',
      section: 'Size 28–40px, following the screen width (clamp(1.75rem, 1.2rem + 2vw, 2.5rem)) · Weight 750 · Line height 1.2',
      card: 'Size 22px · Weight 750 · Line height 1.4',
      lead: 'Size 20px · Weight 400 · Line height 1.65',
      body: 'Size 16px · Weight 400 · Line height 1.55',
      caption: 'Size 14px · Weight 400 · Line height 1.45',
    });
  });

  it('is set through the same CSS variables as the hero and section headings, which the theme writes once', () => {
    const sample = renderGuide('TypeScale').querySelector<HTMLElement>('#typography li[data-style="display"] p.sample')!;
    expect(sample.getAttribute('style')).toContain('font-size:var(--rw-text-display-size)');
    const css = (path: string) => readFileSync(join(import.meta.dirname, '..', '..', ...path.split('/')), 'utf8');
    const hero = css('src/blocks/Hero/Hero.module.css');
    const section = css('src/ui/Section.module.css');
    for (const [file, style] of [
      [hero, 'display'],
      [hero, 'lead'],
      [section, 'section'],
    ]) {
      for (const property of ['size', 'line-height', 'weight', 'letter-spacing'])
        expect(file).toContain(`var(--rw-text-${style}-${property})`);
    }
    expect(hero + section).not.toMatch(/clamp\(|line-height: \d/);
    const variables = themeCssVariables(resolvedTheme).variables;
    expect(variables['--rw-text-display-size']).toBe('clamp(2.1rem, 1.4rem + 3vw, 3.5rem)');
    expect(variables['--rw-text-section-line-height']).toBe('1.2');
    expect(variables['--rw-text-lead-size']).toBe(resolvedTheme.fontSizes.xl);
  });

  it('follows the theme when a style changes', () => {
    const doc = renderGuide('TypeScale', {
      other: {
        textStyles: {
          ...resolvedTheme.other.textStyles,
          display: { kind: 'heading', size: 'h1', lineHeight: '1.05' },
          lead: { kind: 'text', size: 'lg' },
        },
      },
    });
    expect(row(doc, 'display')).toBe('Size 34px · Weight 750 · Line height 1.05');
    expect(row(doc, 'lead')).toBe('Size 18px · Weight 400 · Line height 1.6');
  });
});

describe('the components of /style-guide', () => {
  it('draws every variant and size the theme defines, the icon size included, and inverse on a dark band', () => {
    const doc = renderGuide('ComponentShowcase');
    const names = [...doc.querySelectorAll('#components li')].map((li) => li.textContent);
    for (const variant of Object.keys(resolvedTheme.other.buttonVariants))
      expect(names.some((name) => name?.endsWith(variant) || name?.includes(`${variant} ·`))).toBe(true);
    const icon = doc.querySelector<HTMLElement>('#components [role="img"]')!;
    expect(icon.style.getPropertyValue('--ai-size')).toBe('var(--ai-size-lg)');
    const inverse = [...doc.querySelectorAll('#components li')].find((li) => li.textContent!.includes('inverse'))!;
    expect(inverse.className).toContain('band');
    const bigger = renderGuide('ComponentShowcase', {
      other: { buttonSizes: { ...resolvedTheme.other.buttonSizes, icon: { size: 'xl' } } },
    });
    expect(bigger.querySelector<HTMLElement>('#components [role="img"]')!.style.getPropertyValue('--ai-size')).toBe('var(--ai-size-xl)');
  });
});
