/**
 * Pseudo-locales for development: every English text accented and lengthened by about a third, so layout that breaks
 * with longer words, and text left out of translation, show before any translator is involved; and the same text
 * right to left, so the mirrored layout can be checked. Placeholders and plural syntax stay as they are.
 * `npm run dev` serves them at /pseudo/... and /pseudo-rtl/...; `PSEUDO_DIST_DIR=dist-pseudo npm run build` builds them
 * beside dist/ (npm test does).
 */
import type { Locale } from '../site-schema';
import type { ContentText } from './content-texts';
import type { TranslationFile } from './translation-files';

export const PSEUDO_LOCALES: Locale[] = [
  { code: 'en-XA', region: 'XA', name: 'Pseudo (long)', prefix: 'pseudo', status: 'partial' },
  { code: 'ar-XB', region: 'XB', name: 'Pseudo (right to left)', prefix: 'pseudo-rtl', status: 'partial', dir: 'rtl' },
];

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i],
  ]),
);
const FILLER = ['lórém', 'íƥšúɱ', 'đóĺór', 'šíţ', 'áɱéţ'];

/** A text accented outside `{...}`, and about a third longer in extra short words (so it still wraps), within `max`. */
export function pseudoText(text: string, max = Infinity): string {
  let depth = 0;
  const accented = [...text].map((char) => {
    if (char === '{') depth++;
    if (char === '}') depth--;
    return depth > 0 ? char : (ACCENTED[char] ?? char);
  });
  const extra: string[] = [];
  for (let length = 0, i = 0; length < text.length / 3 && text.length + length + FILLER[i % FILLER.length].length + 1 <= max; i++) {
    extra.push(FILLER[i % FILLER.length]);
    length += FILLER[i % FILLER.length].length + 1;
  }
  // Inside a plural message the padding goes before its closing brace would break it: pad only plain text.
  return /\{\s*\w+\s*,\s*plural/.test(text) || !extra.length ? accented.join('') : `${accented.join('')} ${extra.join(' ')}`;
}

/** The pseudo translation of one content file. */
export const pseudoEntries = (texts: ContentText[]): TranslationFile =>
  Object.fromEntries(texts.map(({ key, source, max }) => [key, { source, text: pseudoText(source, max) }]));
