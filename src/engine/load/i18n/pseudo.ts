/**
 * Pseudo-locales for development: every English text accented and lengthened by about a third, so layout that breaks
 * with longer words, and text left out of translation, show before any translator is involved; and the same text
 * right to left, so the mirrored layout can be checked. Placeholders and plural syntax stay as they are.
 * `npm run dev` serves them at /pseudo/... and /pseudo-rtl/...; `PSEUDO_DIST_DIR=dist-pseudo npm run build` builds them
 * beside dist/ (npm test does).
 */
import type { Locale } from '../../model/site-schema';
import type { ContentText } from './content-texts';
import type { TranslationFile } from './translation-files';

export const PSEUDO_LOCALES: Locale[] = [
  { code: 'en-XA', region: 'XA', name: 'Pseudo (long)', prefix: 'pseudo', status: 'preview' },
  { code: 'ar-XB', region: 'XB', name: 'Pseudo (right to left)', prefix: 'pseudo-rtl', status: 'preview', dir: 'rtl' },
];

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i],
  ]),
);
const FILLER = ['lórém', 'íƥšúɱ', 'đóĺór', 'šíţ', 'áɱéţ'];
/**
 * A word as long as a German compound ("Nutzungsbedingungen"), added to texts of a heading's length or more:
 * layout must break it, not run past a phone's edge.
 */
const COMPOUND = 'Ŵóŕţžúšáɱɱéñšéţžúñĝ'; // "Wortzusammensetzung", German for compound word
const COMPOUND_FROM = 16;

/**
 * A text accented outside `{...}`, and about a third longer, within `max`: first a compound-long word, then short
 * ones (so it still wraps where words allow).
 */
export function pseudoText(text: string, max = Infinity): string {
  let depth = 0;
  const accented = [...text].map((char) => {
    if (char === '{') depth++;
    if (char === '}') depth--;
    return depth > 0 ? char : (ACCENTED[char] ?? char);
  });
  const words = text.length >= COMPOUND_FROM ? [COMPOUND, ...FILLER] : FILLER;
  const extra: string[] = [];
  for (let length = 0, i = 0; length < text.length / 3; i++) {
    const word = words[i % words.length];
    if (text.length + length + word.length + 1 > max) {
      if (word === COMPOUND) continue; // no room for the long word: the short ones may still fit
      break;
    }
    extra.push(word);
    length += word.length + 1;
  }
  // Inside a plural message the padding goes before its closing brace would break it: pad only plain text.
  return /\{\s*\w+\s*,\s*plural/.test(text) || !extra.length ? accented.join('') : `${accented.join('')} ${extra.join(' ')}`;
}

/** The pseudo translation of one content file. */
export const pseudoEntries = (texts: ContentText[]): TranslationFile =>
  Object.fromEntries(texts.map(({ key, source, max }) => [key, { source, text: pseudoText(source, max) }]));
