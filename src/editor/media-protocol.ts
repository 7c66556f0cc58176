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
  format: string;
  width: number;
  height: number;
  alt?: string;
  decorative?: boolean;
  /** A small variant's address for a thumbnail, made on request from the change set's own media. */
  thumbnail: string;
  /** The pages that show it (none: unused). */
  uses: MediaUse[];
}

export interface MediaLibraryAnswer {
  items: MediaItem[];
  /** The language alt text is written in here: the site's default language (its code and its name in English). */
  language: { code: string; name: string };
}

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
