/**
 * Who may change which document, as the hosted editor's server enforces it and its interface shows it: a translation
 * (`pages-json/_translations/<code>/…`) needs the "edit-translations" permission and, for a person with languages, that
 * language; anything else needs "edit-structure". One rule for both sides, so the interface never offers what the
 * server would refuse.
 */

const TRANSLATION = /^pages-json\/_translations\/([^/]+)\//;

/** The language of a translation file (`es` for `pages-json/_translations/es/story.json`); undefined for any other file. */
export const translationLocaleOf = (file: string): string | undefined => TRANSLATION.exec(file)?.[1];

/** The permission changing `file` needs. */
const permissionFor = (file: string): 'edit-translations' | 'edit-structure' =>
  translationLocaleOf(file) === undefined ? 'edit-structure' : 'edit-translations';

/** Whether a person with `languages` (none: every language) translates into `code`. */
export const translatesInto = (languages: readonly string[], code: string): boolean => languages.length === 0 || languages.includes(code);

/** Whether a person may change `file`: its permission, and for a translation its language. */
export function mayChange(person: { permissions: readonly string[]; languages: readonly string[] }, file: string): boolean {
  if (!person.permissions.includes(permissionFor(file))) return false;
  const code = translationLocaleOf(file);
  return code === undefined || translatesInto(person.languages, code);
}
