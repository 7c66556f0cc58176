/**
 * What the editor's media endpoints (editor-endpoints.ts, src/editor/server/media-endpoints.ts) send and answer: the
 * media library as the picker and the library view show it, an upload's outcome. Types only: the browser imports it.
 */

/** A page that shows an image: its address, the document and the field. */
export interface MediaUse {
  route: string;
  file: string;
  /** Where in the document, in words (`blocks › 1 › image`). */
  field: string;
}

export interface MediaItem {
  id: string;
  /** The original's file name in pages-json/_media/. */
  file: string;
  /** Its record's document (`_media/<id>.json`): what its texts' translations are of. */
  record: string;
  format: string;
  width: number;
  height: number;
  alt?: string;
  decorative?: boolean;
  caption?: string;
  credit?: string;
  /** The point a crop keeps in view, as fractions of the width and height (0..1); none: the centre. */
  focus?: MediaFocus;
  /** A small variant's address for a thumbnail, made on request from the change set's own media. */
  thumbnail: string;
  /** The whole picture, uncropped, large enough to place a focal point on. */
  preview: string;
  /** The pages that show it (none: unused). */
  uses: MediaUse[];
  /** The version of its record these details are (its text's hash): a details save names it as its base. */
  hash: string;
}

export interface MediaFocus {
  x: number;
  y: number;
}

export interface MediaLibraryAnswer {
  items: MediaItem[];
  /** The language alt text is written in here: the site's default language (its code and its name in English). */
  language: { code: string; name: string };
  /** The site's other languages, which alt text and captions are translated into (each in its translation file). */
  translatedInto: { code: string; name: string }[];
}

/** What people write about an image, sent whole: a field left out (or empty) is removed from its record. */
export interface MediaDetailsRequest {
  id: string;
  /**
   * The version of the record the details were opened at (`MediaItem.hash`): the fields changed since it are what this
   * save changes; a colleague's change of another field saved meanwhile is kept.
   */
  baseHash: string;
  alt?: string;
  decorative?: boolean;
  caption?: string;
  credit?: string;
  /** null or left out: the centre. */
  focus?: MediaFocus | null;
}

export type MediaDetailsField = 'alt' | 'caption' | 'credit' | 'focus';

/** One field's value as a record has it: `alt` is its text or `decorative`; none: the field is empty (focus: the centre). */
export type MediaFieldValue = Pick<MediaDetailsRequest, 'alt' | 'decorative' | 'caption' | 'credit'> & { focus?: MediaFocus };

/** A field both people changed since the version the details were opened at, each differently. */
export interface MediaDetailsConflict {
  field: MediaDetailsField;
  mine: MediaFieldValue;
  theirs: MediaFieldValue;
}

/** Who saved meanwhile (`by`) when it was the person asking, in another tab or window. */
export const YOU_ELSEWHERE = 'you, in another tab';

export type MediaDetailsAnswer =
  /** `merged`: a colleague saved other fields since the details were opened; theirs were kept beside these. */
  | { outcome: 'saved'; item: MediaItem; merged?: { by: string; fields: MediaDetailsField[] } }
  /**
   * 409, nothing written: a colleague (`by`) saved other values of the same fields since the details were opened.
   * `item` is the record as it is now: saved again with its hash as the base, the choices made are what is written.
   * `theirs`: the fields only the colleague changed, whose values (in `item`) the form takes so as not to undo them.
   */
  | {
      outcome: 'conflict';
      message: string;
      by: string;
      conflicts: MediaDetailsConflict[];
      theirs: MediaDetailsField[];
      item: MediaItem;
    }
  /** Nothing written; each field's problem in words, and all of them in `message`. */
  | { outcome: 'refused'; message: string; fields: Partial<Record<MediaDetailsField, string>> };

/** The query of an upload, whose body is the file's bytes as they are. */
export interface MediaUploadQuery {
  /** The file's name as it came (its id is made from it, and its extension must match its bytes). */
  name: string;
  alt?: string;
  /** `'1'`: the image adds nothing a visitor would miss (no alt text). */
  decorative?: string;
}

export interface MediaUploadAnswer {
  /** `existing`: the same picture was in the library already; its record is answered and nothing was written. */
  outcome: 'added' | 'existing';
  item: MediaItem;
}

export interface MediaDeleteAnswer {
  outcome: 'deleted';
  id: string;
}
