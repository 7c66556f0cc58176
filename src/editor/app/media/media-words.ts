/** The words of the media library's views (the image field's picker, the upload, the library), in one place. */
import { YOU_ELSEWHERE, type MediaItem, type MediaUse } from '../../media-protocol';

/** Whose change, in a sentence: a colleague's name, or the person's own other tab. */
const whose = (by: string) => (by === YOU_ELSEWHERE ? 'your other tab\u2019s' : `${by}\u2019s`);

export const MEDIA_WORDS = {
  navLink: 'Images',
  libraryTitle: 'Images',
  libraryIntro: 'Every image of the site. An image is added by a page\u2019s image field or here, and becomes part of what you publish.',
  search: 'Search by name or alt text',
  unusedOnly: 'Only images not used anywhere',
  noneFound: 'No image matches.',
  loading: 'Loading the images\u2026',
  usedOn: 'Used on',
  unused: 'Not used anywhere',
  decorative: 'Decorative (no alt text)',
  noAlt: 'No alt text',
  replace: 'Replace the file',
  replaceLabel: (id: string) => `Replace the file of ${id}`,
  replaced: (id: string) => `The file of ${id} was replaced: every page showing it shows the new one.`,
  delete: 'Delete',
  deleteLabel: (id: string) => `Delete ${id}`,
  deleted: (id: string) => `${id} was deleted.`,
  choose: 'Choose an image',
  change: 'Change the image',
  remove: 'Remove the image',
  pickerTitle: (field: string) => `An image for \u201c${field}\u201d`,
  pickFromLibrary: 'From the library',
  pickLabel: (item: MediaItem) => `Use ${item.id}${item.alt ? `: ${item.alt}` : ''}`,
  none: 'No image chosen',
  missing: (id: string) => `No image named \u201c${id}\u201d in the library`,
  uploadTitle: 'Add a new image',
  uploadHelp: 'Drop a file here, paste one, or choose one: JPEG, PNG, WebP, AVIF, GIF or SVG, at most 20 MB.',
  chooseFile: 'Choose a file',
  fileChosen: (name: string, kb: number) => `${name} (${kb.toLocaleString('en')} kB)`,
  altLabel: (language: string) => `Alt text (${language})`,
  altHelp: 'What the image shows, for people who cannot see it: a sentence.',
  decorativeLabel: 'Decorative: it adds nothing a visitor would miss (no alt text)',
  altNeeded: 'Write what the image shows, or mark it decorative.',
  add: 'Add the image',
  adding: 'Adding\u2026',
  added: (id: string) => `${id} was added to the library.`,
  existing: (id: string) => `This picture is in the library already, as ${id}: that one is used.`,
  cancel: 'Cancel',
  edit: 'Edit details',
  editLabel: (id: string) => `Edit details of ${id}`,
  translate: 'Translate',
  translateLabel: (id: string) => `Translate the alt text and caption of ${id}`,
  detailsTitle: (id: string) => `Details of ${id}`,
  captionIs: (caption: string) => `Caption: ${caption}`,
  creditIs: (credit: string) => `Credit: ${credit}`,
  captionLabel: 'Caption (optional)',
  captionHelp:
    'A line shown under the image where its section shows captions (a page\u2019s opening section), translated like the alt text.',
  creditLabel: 'Credit (optional)',
  creditHelp: 'Who made the image and on what terms, for the team: not shown on pages, so never translated. \u201cPhoto: Jane Doe\u201d.',
  focusTitle: 'Focal point',
  focusHelp:
    'The part of the picture kept in view when a section shows it at another shape. Click the picture, or focus it and use the arrow keys (hold Shift for larger steps).',
  focusLabel: 'Focal point on the picture',
  focusAt: (x: number, y: number) => `${Math.round(x * 100)}% from the left, ${Math.round(y * 100)}% from the top`,
  focusCentre: 'Use the centre',
  save: 'Save the details',
  saved: (id: string) => `The details of ${id} were saved.`,
  close: 'Close',
  savedMerged: (id: string, by: string, fields: string[]) =>
    `The details of ${id} were saved, with ${whose(by)} change to the ${fields.join(', ')} kept beside yours.`,
  conflict: (by: string) =>
    `Not saved: ${by} saved other values of some of these fields meanwhile. Choose which to keep beside each, then save again.`,
  fieldName: { alt: 'alt text', caption: 'caption', credit: 'credit', focus: 'focal point' } as const,
  choiceLabel: (field: string) => `Which ${field} to keep`,
  keepMine: 'Keep mine',
  takeTheirs: (by: string) => `Take ${whose(by)}`,
  emptyValue: '(none)',
  centre: 'the centre',
  fixFields: 'Not saved: correct the fields marked below.',
  translationsTitle: 'Alt text and caption in other languages',
  /** What a translated text is, in a label or a sentence. */
  textName: { alt: 'alt text', caption: 'caption' },
  translationLabel: (what: string, language: string) => `${what[0]!.toUpperCase()}${what.slice(1)} (${language})`,
  translationSource: (language: string, text: string) => `${language}: \u201c${text}\u201d`,
  translationMissing: 'Not translated yet.',
  translationOutdated: 'The English changed since this was translated: check it.',
  saveTranslation: (language: string, what: string) => `Save the ${language} ${what}`,
  translationSaved: (language: string, what: string) => `The ${language} ${what} was saved.`,
  nothingToTranslate: 'This image has no text to translate: it is decorative (or its alt text is not written yet) and has no caption.',
  noLanguages: 'The site has no other languages.',
};

/** "/story (blocks › 1 › image)". */
export const placeInWords = (use: MediaUse) => `${use.route} (${use.field})`;

/** What a thumbnail's alt says: the image's own alt text, or nothing for a decorative one. */
export const thumbnailAlt = (item: MediaItem) => (item.decorative ? '' : (item.alt ?? item.id));
