/**
 * The editor's media endpoints (src/editor/editor-endpoints.ts: media, mediaUpload, mediaReplace, mediaDelete,
 * mediaDetails): the
 * library as the picker and the library view show it, with where each image is used; an upload checked, cleaned and
 * measured by the media library's own ingest (src/engine/tooling/media/ingest.ts), then placed in the library in the
 * document store's turn, so in the hosted editor it is a commit by its author on the change set, reviewed and
 * published like a page. The slow part (reading and re-encoding the picture) runs before the turn; the library is
 * read in it (a duplicate by content answers the record already there, writing nothing).
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ContentState } from '../../engine/load/content-state';
import { translationFilePath } from '../../engine/load/i18n/translation-files';
import { imageUsesIn } from '../../engine/load/media/image-uses';
import { EXTENSIONS } from '../../engine/load/media/sniff';
import { pageSchema } from '../../engine/load/page-schema';
import { MEDIA_DIR, mediaRecordFile, type MediaRecord } from '../../engine/model/media';
import { pictureOf } from '../../engine/model/picture';
import {
  mediaRecordsIn,
  altRefusal,
  placeInLibrary,
  prepareImage,
  recordOf,
  recordText,
  type PreparedImage,
} from '../../engine/tooling/media/ingest';
import type { EditorEndpointName } from '../editor-endpoints';
import type { MediaDeleteAnswer, MediaDetailsAnswer, MediaItem, MediaLibraryAnswer, MediaUploadAnswer, MediaUse } from '../media-protocol';
import { hashText, readContentFile } from './content-files';
import { checkDetails, detailsOf, mergeDetails, recordWithDetails, type Details } from './media-details';
import type { OpenedVersions } from './save-base';
import type { DocumentStore } from './document-store';
import { HttpError, readBody, send } from './http';
import { readUpload } from './upload-body';

export interface MediaEndpointsOptions {
  contentDir: string;
  content: () => ContentState;
  documents: DocumentStore;
  /** What image addresses are put under (`/_img/...` is the dev server's own; a change set's editor serves `<base>/_img/...`). */
  imageBase: string;
  /** The versions of each record this editor was given, by hash: what a details save changed (as a page save's). */
  opened: OpenedVersions;
  /** Who last saved a file of the content (`_media/x.json`), as a conflict names them; unknown in `npm run dev`. */
  lastSavedBy?: (file: string) => Promise<string | undefined>;
}

const FIELD_WORDS = { alt: 'alt text', caption: 'caption', credit: 'credit', focus: 'focal point' } as const;

/** Who saved a record when the editor cannot say (`npm run dev` has no authors). */
const SOMEONE = 'a colleague';

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;
type MediaEndpointName = Extract<EditorEndpointName, 'media' | 'mediaUpload' | 'mediaReplace' | 'mediaDelete' | 'mediaDetails'>;
type Answer<T> = { status: number; body: T | { message: string } };

const fieldInWords = (path: readonly PropertyKey[]) =>
  path.map((part) => (typeof part === 'number' ? String(part + 1) : String(part))).join(' › ');

/** Each image's uses on the site's pages, by id. */
function usesOf(content: ContentState): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>();
  for (const page of content.good?.result.pages ?? []) {
    if (page.route === null) continue;
    for (const use of imageUsesIn(pageSchema, page.doc)) {
      const list = uses.get(use.id) ?? [];
      list.push({ route: page.route, file: page.file, field: fieldInWords(use.path) });
      uses.set(use.id, list);
    }
  }
  return uses;
}

const languageName = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;

/** The pages that show an image, each once with its fields: `/story (meta › image; blocks › 2 › image)`. */
function pagesInWords(uses: MediaUse[]): { count: number; words: string } {
  const byRoute = new Map<string, string[]>();
  for (const use of uses) byRoute.set(use.route, [...(byRoute.get(use.route) ?? []), use.field]);
  const words = [...byRoute].map(([route, fields]) => `${route} (${fields.join('; ')})`).join(', ');
  return { count: byRoute.size, words };
}

export function mediaHandlers(options: MediaEndpointsOptions): Record<MediaEndpointName, Handler> {
  const { contentDir, content, documents, imageBase, opened } = options;
  /** A record's text as it is on disk, and its hash (the version a details save names); undefined when it is not there. */
  const recordOnDisk = (id: string): { record: MediaRecord; hash: string } | undefined => {
    try {
      const { text, hash } = readContentFile(contentDir, mediaRecordFile(id));
      return { record: JSON.parse(text) as MediaRecord, hash };
    } catch {
      return undefined;
    }
  };
  /** An item as its editor is given it: the version of its record remembered, so a save from it merges with a colleague's. */
  const givenItem = (id: string, record: MediaRecord, uses: MediaUse[] = []): MediaItem => {
    const disk = recordOnDisk(id);
    if (!disk) return itemOf(id, record, uses, hashText(recordText(record)));
    opened.remember(mediaRecordFile(id), disk.hash, detailsOf(disk.record), 'opened');
    // Its details as on disk: the version named by the hash (the content as validated may lag behind a write).
    const shown = recordWithDetails(record, detailsOf(disk.record));
    return itemOf(id, 'refused' in shown ? record : shown, uses, disk.hash);
  };
  const itemOf = (id: string, record: MediaRecord, uses: MediaUse[] = [], hash = hashText(recordText(record))): MediaItem => ({
    id,
    file: record.file,
    record: mediaRecordFile(id),
    format: record.format,
    width: record.width,
    height: record.height,
    ...(record.alt === undefined ? {} : { alt: record.alt }),
    ...(record.decorative ? { decorative: true } : {}),
    ...(record.caption === undefined ? {} : { caption: record.caption }),
    ...(record.credit === undefined ? {} : { credit: record.credit }),
    ...(record.focus === undefined ? {} : { focus: record.focus }),
    thumbnail: `${imageBase}${pictureOf({ [id]: record }, id, 'card')!.src}`,
    // The hero's slot keeps the picture's own shape: the whole of it, to place a focal point on.
    preview: `${imageBase}${pictureOf({ [id]: record }, id, 'hero')!.src}`,
    uses,
    hash,
  });

  const uploadRequest = (url: URL) => {
    const name = (url.searchParams.get('name') ?? '').trim();
    if (!name) throw new HttpError(422, 'Not added: the file has no name');
    const alt = url.searchParams.get('alt') ?? undefined;
    const decorative = url.searchParams.get('decorative') === '1';
    return { name, ...(alt?.trim() ? { alt } : {}), ...(decorative ? { decorative } : {}) };
  };

  /** The upload read and made ready before the library's turn; refused in words (422) when the file is not one it takes. */
  async function prepared(req: IncomingMessage, name: string): Promise<PreparedImage> {
    const ready = await prepareImage(await readUpload(req), name);
    if ('refused' in ready) throw new HttpError(422, `Not added: ${ready.refused}`);
    return ready;
  }

  async function upload(req: IncomingMessage, url: URL): Promise<Answer<MediaUploadAnswer>> {
    const request = uploadRequest(url);
    const noAlt = altRefusal(request);
    if (noAlt) throw new HttpError(422, `Not added: ${noAlt}`);
    const image = await prepared(req, request.name);
    const { answer } = await documents.write<Answer<MediaUploadAnswer>>(() => {
      const placed = placeInLibrary({ contentDir, ...request }, image);
      if ('refused' in placed) return { refused: { status: 422, body: { message: `Not added: ${placed.refused}` } } };
      if (!placed.added)
        return {
          refused: { status: 200, body: { outcome: 'existing', item: itemOf(placed.id, placed.record, usesOf(content()).get(placed.id)) } },
        };
      return { files: placed.files, answer: { status: 201, body: { outcome: 'added', item: itemOf(placed.id, placed.record) } } };
    });
    return answer;
  }

  /** A new file for image `id`: its id, alt text, caption, credit and focal point kept, so every page showing it shows the new one. */
  async function replace(req: IncomingMessage, url: URL): Promise<Answer<MediaUploadAnswer>> {
    const id = url.searchParams.get('id') ?? '';
    const { name } = uploadRequest(url);
    if (!mediaRecordsIn(contentDir).has(id)) throw new HttpError(404, `there is no image "${id}" in the library`);
    const image = await prepared(req, name);
    const { answer } = await documents.write<Answer<MediaUploadAnswer>>(() => {
      const records = mediaRecordsIn(contentDir);
      const old = records.get(id);
      if (!old) return { refused: { status: 404, body: { message: `there is no image "${id}" in the library` } } };
      const same = [...records].find(([, record]) => record.sha256 === image.sha256);
      if (same)
        return {
          refused: {
            status: 422,
            body: {
              message:
                same[0] === id
                  ? 'Not replaced: this is the same picture as the one there now'
                  : `Not replaced: this picture is in the library already, as "${same[0]}": pick that one where you want it instead`,
            },
          },
        };
      const file = `${id}.${EXTENSIONS[image.format]}`;
      const { $schema: _schema, file: _file, sha256: _sha, format: _format, width: _w, height: _h, placeholder: _p, ...written } = old;
      const record = recordOf(image, file, written);
      return {
        files: {
          ...(old.file === file ? {} : { [`${MEDIA_DIR}/${old.file}`]: null }),
          [`${MEDIA_DIR}/${file}`]: new Uint8Array(image.bytes),
          [mediaRecordFile(id)]: recordText(record),
        },
        answer: { status: 200, body: { outcome: 'added', item: itemOf(id, record, usesOf(content()).get(id)) } },
      };
    });
    return answer;
  }

  /** An image no page shows removed with its file and its translations; one in use is refused (409), naming the pages. */
  async function remove(req: IncomingMessage): Promise<Answer<MediaDeleteAnswer>> {
    const { id } = (await readBody(req)) as { id?: unknown };
    if (typeof id !== 'string') throw new HttpError(422, 'name the image to delete: { "id": "<its id>" }');
    const { answer } = await documents.write<Answer<MediaDeleteAnswer>>(() => {
      const record = mediaRecordsIn(contentDir).get(id);
      if (!record) return { refused: { status: 404, body: { message: `there is no image "${id}" in the library` } } };
      const state = content();
      if (!state.good)
        return {
          refused: {
            status: 503,
            body: { message: 'Not deleted: the content has errors, so where this image is used is not known: fix them first' },
          },
        };
      const uses = usesOf(state).get(id) ?? [];
      if (uses.length) {
        const pages = pagesInWords(uses);
        const shows = pages.count === 1 ? '1 page shows' : `${pages.count} pages show`;
        const those = pages.count === 1 ? 'that page' : 'those pages';
        return {
          refused: { status: 409, body: { message: `Not deleted: ${shows} this image: ${pages.words}. Take it off ${those} first.` } },
        };
      }
      const translations = (state.good.result.site?.locales ?? [])
        .slice(1)
        .map((locale) => translationFilePath(locale.code, mediaRecordFile(id)))
        .filter((file) => existsSync(join(contentDir, file)));
      return {
        files: Object.fromEntries([`${MEDIA_DIR}/${record.file}`, mediaRecordFile(id), ...translations].map((file) => [file, null])),
        answer: { status: 200, body: { outcome: 'deleted', id } },
      };
    });
    return answer;
  }

  /**
   * Alt text (or decorative), caption, credit and focal point written into the record, in the store's turn; a bad
   * field refused in words (422), nothing written. What changed since the version the details were opened at (their
   * base) is written over the record as it is now, as a page save is: a colleague's change of another field saved
   * meanwhile is kept (and the answer says so); a field both changed differently is a conflict (409) naming the
   * field, both values and who saved the other, nothing written.
   */
  async function describe(req: IncomingMessage): Promise<Answer<MediaDetailsAnswer>> {
    const checked = checkDetails(await readBody(req));
    if ('noImage' in checked) throw new HttpError(422, 'name the image to describe: { "id": "<its id>", "alt": "..." }');
    if ('noBase' in checked) throw new HttpError(422, 'name the version of the details you started from: { "baseHash": "<its hash>" }');
    if ('fields' in checked) return { status: 422, body: { outcome: 'refused', ...checked } };
    const { id, baseHash, ...mine } = checked.details;
    const file = mediaRecordFile(id);
    let savedItem: MediaItem | undefined;
    const { answer, written } = await documents.write<Answer<MediaDetailsAnswer>>(async () => {
      const disk = recordOnDisk(id);
      const old = mediaRecordsIn(contentDir).get(id);
      if (!old || !disk) return { refused: { status: 404, body: { message: `there is no image "${id}" in the library` } } };
      const theirs = detailsOf(disk.record);
      const base = disk.hash === baseHash ? theirs : (opened.version(file, baseHash) as Details | undefined);
      const merged = mergeDetails(base, mine, theirs);
      const by = async () => (disk.hash === baseHash ? '' : ((await options.lastSavedBy?.(file)) ?? SOMEONE));
      if (!merged.ok) {
        const name = await by();
        const fields = merged.conflicts.map((conflict) => FIELD_WORDS[conflict.field]);
        return {
          refused: {
            status: 409,
            body: {
              outcome: 'conflict',
              message: `Not saved: ${name} saved other ${fields.join(', ')} meanwhile. Choose which to keep.`,
              by: name,
              conflicts: merged.conflicts,
              theirs: merged.theirs,
              item: givenItem(id, old, usesOf(content()).get(id)),
            },
          },
        };
      }
      const record = recordWithDetails(old, merged.details);
      if ('refused' in record) return { refused: { status: 422, body: { outcome: 'refused', message: record.refused, fields: {} } } };
      savedItem = itemOf(id, record, usesOf(content()).get(id));
      const saved: MediaDetailsAnswer = {
        outcome: 'saved',
        item: savedItem,
        ...(merged.theirs.length ? { merged: { by: await by(), fields: merged.theirs } } : {}),
      };
      return { files: { [file]: recordText(record) }, answer: { status: 200, body: saved } };
    });
    // Its next save is a change from what this one wrote.
    if (written && savedItem) opened.remember(file, savedItem.hash, detailsOf(savedItem), 'saved');
    return answer;
  }

  function library(): MediaLibraryAnswer {
    const state = content();
    const uses = usesOf(state);
    const records = state.good?.result.media ?? Object.fromEntries(mediaRecordsIn(contentDir));
    const [first, ...others] = state.good?.result.site?.locales ?? [];
    const code = first?.code ?? 'en';
    const items = Object.entries(records)
      .map(([id, record]) => givenItem(id, record, uses.get(id)))
      .sort((a, b) => a.id.localeCompare(b.id));
    return {
      items,
      language: { code, name: languageName(code) },
      translatedInto: others.map((locale) => ({ code: locale.code, name: languageName(locale.code) })),
    };
  }

  const answering =
    (work: (req: IncomingMessage, url: URL) => Promise<Answer<unknown>>): Handler =>
    async (req, res, url) => {
      const { status, body } = await work(req, url);
      send(res, status, body);
    };

  return {
    media: (_req, res) => send(res, 200, library()),
    mediaUpload: answering(upload),
    mediaReplace: answering(replace),
    mediaDelete: answering(remove),
    mediaDetails: answering(describe),
  };
}
