/** The words of the media library's views (the image field's picker, the upload, the library), in one place. */
import type { MediaItem, MediaUse } from '../../media-protocol';

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
};

/** "/story (blocks › 1 › image)". */
export const placeInWords = (use: MediaUse) => `${use.route} (${use.field})`;

/** What a thumbnail's alt says: the image's own alt text, or nothing for a decorative one. */
export const thumbnailAlt = (item: MediaItem) => (item.decorative ? '' : (item.alt ?? item.id));
