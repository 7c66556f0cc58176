/**
 * The languages a person may translate into (`npm run editor:user -- add ... --languages es,de`): none kept means
 * every language, as accounts made before languages existed. The server checks them at every translation save
 * (routes/translation-languages.ts); the editor only shows what they allow.
 */

/** A language code as the site's locales are written: `es`, `de`, `pt-BR`. */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** The codes of a comma-separated list, trimmed, without repeats; throws words naming a code that is not one. */
export function parseLanguages(list: string): string[] {
  const codes = [
    ...new Set(
      list
        .split(',')
        .map((code) => code.trim())
        .filter((code) => code !== ''),
    ),
  ];
  const wrong = codes.filter((code) => !LANGUAGE_CODE.test(code));
  if (wrong.length > 0) {
    throw new Error(
      `"${wrong.join('", "')}" ${wrong.length === 1 ? 'is not a language code' : 'are not language codes'}: write them as the site's locales are, for example es,de.`,
    );
  }
  return codes;
}

/** How a store keeps them: one text column, comma-separated ('' = every language). */
export const languagesColumn = (languages: readonly string[]): string => languages.join(',');
export const languagesFromColumn = (column: string | null): string[] => (column ? column.split(',') : []);

export const mayTranslate = (languages: readonly string[], code: string): boolean => languages.length === 0 || languages.includes(code);

/** The 403 message for a translation into a language the person does not translate. */
export const languageRefusal = (languages: readonly string[], code: string): string =>
  `You translate into ${languages.join(', ')} only, so you may not change the ${code} translation: ask an admin to add ${code} to your languages.`;
