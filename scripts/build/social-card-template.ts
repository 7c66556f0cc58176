/**
 * How a social card looks (1200x630, what a link to a page shows on LinkedIn, Slack, X): the brand's glyph and name,
 * the page's title large, the brand's tagline and the site's host, on the brand's blue, in Inter. Drawn by satori
 * (layout to SVG) and resvg (SVG to PNG). The title's size is chosen so that it fits in at most four lines, its
 * longest word on one line: a long German title wraps, smaller, and is never clipped.
 * Changing the drawing? Bump CARD_DESIGN in src/render/social-image.ts, so every card gets a new address.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { SOCIAL_CARD_SIZE, type SocialCard } from '../../src/render/social-image';
import { ACCENT_SHADES, BRAND_SHADES } from '../../src/theme/brand-colors';

/** A node of satori's tree: what JSX would make, written out (the project's JSX runtime is the site's). */
interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardNode | string | (CardNode | string)[]; [name: string]: unknown };
}

const node = (type: string, style: Record<string, string | number>, children?: CardNode['props']['children'], props = {}): CardNode => ({
  type,
  props: { style, children, ...props },
});

/** The card's colours: the brand's shades of src/theme (plain values: a build loads no Mantine or React before it has set NODE_ENV). */
export const CARD_COLORS = {
  deep: BRAND_SHADES[9],
  mid: BRAND_SHADES[7],
  glyph: BRAND_SHADES[8],
  light: BRAND_SHADES[0],
  soft: BRAND_SHADES[2],
  accent: ACCENT_SHADES[2],
};

type CardColors = typeof CARD_COLORS;

/** Inter's Latin and Latin-extended subsets (.woff: satori reads no woff2), in the weights the card uses. */
const FONT_FILES = [400, 800].flatMap((weight) =>
  (['latin', 'latin-ext'] as const).map((subset) => ({
    weight: weight as 400 | 800,
    subset,
    file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`,
  })),
);

/** Each subset its own family, the extended one after: satori takes a glyph the first family lacks from the next. */
const FAMILIES = { latin: 'Inter', 'latin-ext': 'Inter Extended' };

export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 800;
  style: 'normal';
}

/** The fonts, read once per build. */
export function cardFonts(): CardFont[] {
  const require = createRequire(join(ROOT_DIR, 'package.json'));
  return FONT_FILES.map(({ weight, subset, file }) => ({
    name: FAMILIES[subset],
    data: readFileSync(require.resolve(file)),
    weight,
    style: 'normal',
  }));
}

const PADDING = 72;
const [PADDING_TOP, PADDING_BOTTOM] = [56, 52];
const TEXT_WIDTH = SOCIAL_CARD_SIZE.width - 2 * PADDING;
/** The height the title may take between the brand row and the footer. */
const TITLE_HEIGHT = 330;
const LINE_HEIGHT = 1.12;

/** A character's advance in Inter ExtraBold, in em, rounded up: a narrow or a wide letter, a capital, a digit. */
function charWidth(char: string): number {
  if (char === ' ') return SPACE;
  if ("iljtfrI.,:;'!|()[]".includes(char)) return 0.38;
  if ('mwMW@'.includes(char)) return 0.98;
  if (char !== char.toLowerCase()) return 0.76;
  return 0.64;
}

/** A space between the title's words, in em. */
const SPACE = 0.26;

/** The title's words: it wraps between them only (never at a hyphen inside one, as in "KI-Agenten"). */
const titleWords = (title: string) => title.split(/\s+/).filter(Boolean);

const textWidth = (text: string, size: number) => [...text].reduce((width, char) => width + charWidth(char), 0) * size;

/** The lines a title wraps to at a size, as satori breaks it (at spaces). */
function lineCount(words: string[], size: number): number {
  let lines = 1;
  let line = 0;
  for (const word of words) {
    const width = textWidth(word, size);
    const next = line === 0 ? width : line + textWidth(' ', size) + width;
    if (next > TEXT_WIDTH && line > 0) {
      lines += 1;
      line = width;
    } else line = next;
  }
  return lines;
}

/** The largest size at which the title fits its box: every word on a line, every line inside the height. */
function titleSize(title: string): number {
  const words = titleWords(title);
  for (const size of [92, 84, 76, 68, 62, 56, 50, 44, 40]) {
    const widest = Math.max(...words.map((word) => textWidth(word, size)));
    if (widest <= TEXT_WIDTH && lineCount(words, size) * size * LINE_HEIGHT <= TITLE_HEIGHT) return size;
  }
  return 36;
}

/** The brand's glyph, as the header's logo draws it, white on the brand's blue. */
const glyph = (colors: CardColors) =>
  node(
    'svg',
    { width: 56, height: 56 },
    [
      node('rect', {}, undefined, { width: 32, height: 32, rx: 8, fill: colors.glyph }),
      node('path', {}, undefined, {
        d: 'M9 22V10h7.5a4.5 4.5 0 0 1 0 9H13m3 0 5 3',
        stroke: '#fff',
        'stroke-width': 2.6,
        fill: 'none',
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    ],
    { viewBox: '0 0 32 32', width: 56, height: 56 },
  );

/** A soft ring in a corner: the brand's accent, as the site's banners use it. */
const ring = (size: number, right: number, top: number, color: string, opacity: number) =>
  node('div', {
    position: 'absolute',
    width: size,
    height: size,
    right,
    top,
    borderRadius: size,
    border: `${Math.round(size / 9)}px solid ${color}`,
    opacity,
  });

/** The card as satori's tree. */
export function cardTree(card: SocialCard, colors: CardColors = CARD_COLORS): CardNode {
  const size = titleSize(card.title);
  const align = card.dir === 'rtl' ? 'flex-end' : 'flex-start';
  return node(
    'div',
    {
      // satori sizes the root's content box: the padding goes around it.
      width: TEXT_WIDTH,
      height: SOCIAL_CARD_SIZE.height - PADDING_TOP - PADDING_BOTTOM,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: PADDING,
      paddingTop: PADDING_TOP,
      paddingBottom: PADDING_BOTTOM,
      position: 'relative',
      overflow: 'hidden',
      fontFamily: `${FAMILIES.latin}, ${FAMILIES['latin-ext']}`,
      color: '#fff',
      backgroundColor: colors.deep,
      backgroundImage: `linear-gradient(125deg, ${colors.deep} 0%, ${colors.deep} 45%, ${colors.mid} 100%)`,
    },
    [
      ring(560, -300, -330, colors.accent, 0.12),
      ring(260, -90, 470, colors.soft, 0.1),
      node('div', { display: 'flex', alignItems: 'center', gap: 18, alignSelf: align }, [
        glyph(colors),
        node('div', { fontSize: 40, fontWeight: 800, letterSpacing: '-0.01em' }, card.brand),
      ]),
      node(
        'div',
        { display: 'flex', height: TITLE_HEIGHT, alignItems: 'center', justifyContent: align, width: TEXT_WIDTH },
        node(
          'div',
          {
            display: 'flex',
            flexWrap: 'wrap',
            // Right to left, the first word is on the right.
            flexDirection: card.dir === 'rtl' ? 'row-reverse' : 'row',
            columnGap: Math.round(size * SPACE),
            fontSize: size,
            fontWeight: 800,
            lineHeight: LINE_HEIGHT,
            letterSpacing: '-0.025em',
            width: TEXT_WIDTH,
          },
          titleWords(card.title).map((word) => node('div', { display: 'flex', whiteSpace: 'nowrap' }, word)),
        ),
      ),
      node('div', { display: 'flex', flexDirection: 'column', width: TEXT_WIDTH }, [
        node('div', { width: 72, height: 6, borderRadius: 3, backgroundColor: colors.accent, marginBottom: 18, alignSelf: align }),
        node(
          'div',
          {
            display: 'flex',
            flexDirection: card.dir === 'rtl' ? 'row-reverse' : 'row',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            width: TEXT_WIDTH,
          },
          [
            node(
              'div',
              { display: 'flex', width: 780, fontSize: 24, fontWeight: 400, lineHeight: 1.35, color: colors.light },
              card.tagline,
            ),
            node('div', { display: 'flex', fontSize: 24, fontWeight: 800, color: colors.accent }, card.host),
          ],
        ),
      ]),
    ],
  );
}
