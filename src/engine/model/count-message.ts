/**
 * Count lines in a language with plural forms, written as an ICU plural message:
 *   `{total, plural, one {Mostrando {shown} de # anuncio} other {Mostrando {shown} de # anuncios}}`
 * checked against the language's plural categories (Intl.PluralRules: English and German have one/other, Spanish
 * one/many/other) and compiled at build time into one plain text per category, so the browser only picks one.
 * A text without a plural is used as it is.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CountLabel } from '../../lib/count-label';

export interface CountMessageProblem {
  message: string;
  hint: string;
}

const categoriesOf = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories as Intl.LDMLPluralRule[];

/** The text of elements, with `#` as `{<argument>}` and plain arguments as `{name}`. */
function printed(elements: MessageFormatElement[], argument: string): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.argument) return `{${element.value}}`;
      if (element.type === TYPE.pound) return `{${argument}}`;
      throw new Error('only text, {placeholders} and # may be inside a plural form');
    })
    .join('');
}

/** What is wrong with a count message in `lang`, or undefined. */
export function countMessageProblem(text: string, lang: string): CountMessageProblem | undefined {
  try {
    compileCountMessage(text, lang);
    return undefined;
  } catch (error) {
    return {
      message: (error as Error).message,
      hint: `write it as {total, plural, ${categoriesOf(lang)
        .map((category) => `${category} {...}`)
        .join(' ')}}: ${lang} has the plural forms ${categoriesOf(lang).join(', ')}`,
    };
  }
}

export function compileCountMessage(text: string, lang: string): CountLabel {
  if (!/\{\s*\w+\s*,\s*plural\s*,/.test(text)) return text;
  let elements: MessageFormatElement[];
  try {
    elements = parse(text, { requiresOtherClause: true });
  } catch (error) {
    throw new Error(`not a valid plural message (${(error as { message?: string }).message ?? String(error)})`);
  }
  const plural = elements.find((element) => element.type === TYPE.plural);
  if (!plural || elements.length !== 1 || plural.type !== TYPE.plural)
    throw new Error('a count line is one plural message: {total, plural, one {...} other {...}}');
  const allowed = categoriesOf(lang);
  const forms: Record<string, string> = {};
  for (const [selector, option] of Object.entries(plural.options)) {
    if (!allowed.includes(selector as Intl.LDMLPluralRule))
      throw new Error(`"${selector}" is not a plural form of ${lang}, which has ${allowed.join(', ')}`);
    forms[selector] = printed(option.value, plural.value);
  }
  const missing = allowed.filter((category) => !(category in forms));
  if (missing.length) throw new Error(`the plural message has no ${missing.join(', ')} form, which ${lang} uses`);
  return { lang, on: plural.value, forms: forms as { other: string } };
}
