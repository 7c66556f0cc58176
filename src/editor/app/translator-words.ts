/**
 * What the editor tells a translator (a role that changes translations only, in the languages of their account): why
 * the English is read only and where their translation is, how far each document is in their languages, and why a
 * language that is not theirs is not theirs to change.
 */

interface Untranslated {
  missing: number;
  outdated: number;
}

/** A document in one language: "Translated", or "3 to translate, 1 to update". */
export function untranslatedWords({ missing, outdated }: Untranslated): string {
  if (!missing && !outdated) return 'Translated';
  return [missing ? `${missing} to translate` : '', outdated ? `${outdated} to update` : ''].filter(Boolean).join(', ');
}

/** A language across the documents listed: "Español: 40 translated, 2 with texts to translate, 1 to update". */
export function languageSummaryWords(name: string, documents: { translated: number; pending: number; outdated: number }): string {
  const { translated, pending, outdated } = documents;
  const plural = (count: number) => (count === 1 ? 'document' : 'documents');
  return `${name}: ${translated} ${plural(translated)} translated, ${pending} with texts to translate, ${outdated} with texts to update`;
}

export const translatorWords = {
  listHeading: 'Your languages',
  languageColumn: (name: string) => name,
  /** A document's link to its translation: "Our story in Español: 3 to translate". */
  cellLabel: (title: string, language: string, state: string) => `${title} in ${language}: ${state}`,
  /** Above the English form: why it cannot be changed here, before the links to its translations. */
  readOnlyTitle: 'The English is read only for you',
  readOnly: (languages: string) =>
    `You translate into ${languages}: the English pages, collections and settings are changed by editors. Translate this one here:`,
  translateInto: (name: string) => `Translate into ${name}`,
  notYours: (name: string) => `${name} is not one of your languages`,
  notYoursText: (name: string, yours: string) =>
    `You translate into ${yours}, so the ${name} translation is read only for you: an admin can add ${name} to your languages.`,
  saveLocked: 'You translate: change this text in your language under “Translate into”',
};

/** The translation editor's words: the document by its title, never its translation file. */
export const translationWords = {
  cannotTranslate: (document: string) => `${document.charAt(0).toUpperCase()}${document.slice(1)} cannot be translated here`,
  opening: (document: string) => `Opening the translation of ${document}`,
  main: (title: string, language: string) => `Translating “${title}” into ${language}`,
  previewTitle: (title: string, language: string) => `“${title}” in ${language}`,
  historyName: (title: string, language: string) => `the ${language} of “${title}”`,
  saved: (title: string, language: string, mergedWithDisk: boolean) =>
    `Saved the ${language} of “${title}”.${mergedWithDisk ? ' It had changed meanwhile: what was written there is kept, but for the texts you wrote.' : ''}`,
  notAPage: (title: string, language: string) =>
    `These texts show on the pages that use “${title}”; open one of them to see it in ${language}.`,
  leave: (title: string) => `Your translations of “${title}” are not saved. If you leave without saving, they are lost.`,
  /** A colleague saved the English (or one did in another tab): the texts show it now, what was written here kept. */
  englishChanged: 'The English of this page changed: each text shows the English now, and what you wrote is kept.',
  /** Beside a text written here from an English that changed since: the English it was written from. */
  writtenFor: 'You wrote this for the English as it was: ',
  /** A text written here whose English was removed since. */
  removed: 'Its English was removed, so this text cannot be saved. Copy it if you need it, then drop it.',
  drop: 'Drop this text',
};
