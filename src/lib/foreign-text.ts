/**
 * Text shown in another language than its page's: a Spanish page's sentence not translated yet shows in English, and
 * is marked so (`<span lang="en">`), for screen readers, search engines and the browser's hyphenation. The build marks
 * such a string where it sits in the content (src/engine/load/i18n/mark-untranslated.ts), in band: U+2068 FIRST STRONG
 * ISOLATE, the language as Unicode tag characters (U+E0001, then U+E0020-U+E007E: invisible, made for language tags),
 * the text, U+2069 POP DIRECTIONAL ISOLATE. Every component's JSX turns a marked string into its span (./jsx/), on the
 * server and in the browser alike, so islands hydrate to the same HTML; head tags and structured data take the plain
 * text (`plainText`). A mark that still reaches an attribute through a library's own markup is invisible there.
 * Content may not contain these characters itself (validation refuses them).
 */
const OPEN = '\u2068';
const CLOSE = '\u2069';
const LANGUAGE_TAG = '\u{E0001}';
const TAG_OFFSET = 0xe0000;

/** Characters that content may not contain, because they mark foreign text. */
export const MARK_CHARACTERS = /[\u2068\u2069\u{E0001}-\u{E007F}]/u;

const toTags = (lang: string) => [...lang].map((c) => String.fromCodePoint(TAG_OFFSET + c.charCodeAt(0))).join('');

/** `text` marked as written in `lang`: shown as it is, inside `<span lang>`. A mark inside it is dropped (one language). */
export const markForeign = (text: string, lang: string) => `${OPEN}${LANGUAGE_TAG}${toTags(lang)}${plainText(text)}${CLOSE}`;

/** Whether `text` has a marked part. */
export const hasForeignText = (text: string) => text.includes(OPEN);

/** `text` without its marks. */
export const plainText = (text: string) => (hasForeignText(text) ? text.replace(/[\u2068\u2069\u{E0001}-\u{E007F}]/gu, '') : text);

export type TextPart = string | { lang: string; text: string };

const MARKED = /\u2068\u{E0001}([\u{E0020}-\u{E007E}]+)([^\u2068\u2069]*)\u2069/gu;

/** `text` as its plain and marked parts, in order (marks nested by placeholders count once, in the outer language). */
export function textParts(text: string): TextPart[] {
  const flat = flattened(text);
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of flat.matchAll(MARKED)) {
    if (match.index > at) parts.push(plainText(flat.slice(at, match.index)));
    const lang = [...match[1]].map((c) => String.fromCharCode(c.codePointAt(0)! - TAG_OFFSET)).join('');
    parts.push({ lang, text: match[2] });
    at = match.index + match[0].length;
  }
  if (at < flat.length) parts.push(plainText(flat.slice(at)));
  return parts;
}

/**
 * A mark inside a marked part (a `{placeholder}` whose value is itself untranslated, put into an untranslated text) is
 * dropped: the outer part is already in that language.
 */
function flattened(text: string): string {
  let depth = 0;
  let out = '';
  for (const c of text) {
    if (c === OPEN) {
      depth++;
      if (depth > 1) continue;
    } else if (c === CLOSE) {
      depth--;
      if (depth > 0) continue;
    } else if (depth > 1 && c.codePointAt(0)! >= 0xe0000) continue;
    out += c;
  }
  return out;
}
