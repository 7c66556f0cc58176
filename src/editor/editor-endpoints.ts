/**
 * The visual editor's own endpoints, under `<base>/api` (`/__edit/api` in `npm run dev`, a change set's
 * `/changes/<id>/edit/api` in the hosted editor), as one table: method, path, the permission the hosted editor asks
 * for it, and the types it is sent and answers. src/editor/server/endpoints.ts binds a handler to each entry (an entry
 * without one does not compile), the hosted editor derives its permissions from it (src/editor/host/endpoint-permissions.ts),
 * and the browser app (src/editor/app/api.ts) builds its requests from it.
 *
 * Permissions: reading and drafting need `read`, saving a page, collection, template or the configuration (and making
 * a page, and adding, replacing, deleting or describing an image) `edit-structure`, saving a translation `edit-translations`.
 */
import { endpoint } from './endpoint';
import type {
  CheckResponse,
  DocumentPayload,
  DocumentSummary,
  DraftResponse,
  FileHashResponse,
  NewPageRequest,
  NewPageResponse,
  SavePlan,
  SaveRequest,
  SaveResponse,
  SearchResponse,
  SiteVocabulary,
  TranslationDraftResponse,
  TranslationPayload,
  TranslationSaveRequest,
  TranslationSaveResponse,
} from './protocol';
import type {
  MediaDeleteAnswer,
  MediaDetailsAnswer,
  MediaDetailsRequest,
  MediaLibraryAnswer,
  MediaUploadAnswer,
  MediaUploadQuery,
} from './media-protocol';

interface FileAndDoc {
  file: string;
  doc: unknown;
}

export const EDITOR_ENDPOINTS = {
  documents: endpoint<undefined, DocumentSummary[]>()('GET', '/documents', 'read'),
  document: endpoint<undefined, DocumentPayload, { file: string }>()('GET', '/document', 'read'),
  /** What an open editor compares with its own when no file watcher tells it (the hosted editor polls). */
  fileHash: endpoint<undefined, FileHashResponse, { file: string }>()('GET', '/file-hash', 'read'),
  search: endpoint<undefined, SearchResponse, { q: string }>()('GET', '/search', 'read'),
  vocabulary: endpoint<undefined, SiteVocabulary>()('GET', '/vocabulary', 'read'),
  translation: endpoint<undefined, TranslationPayload, { file: string; locale: string }>()('GET', '/translation', 'read'),
  /** `route`: the page to preview a document that is not a page on (its first page when absent). */
  draft: endpoint<FileAndDoc & { route?: string }, DraftResponse>()('POST', '/draft', 'read'),
  check: endpoint<FileAndDoc, CheckResponse>()('POST', '/check', 'read'),
  plan: endpoint<FileAndDoc, SavePlan>()('POST', '/plan', 'read'),
  translationDraft: endpoint<{ file: string; locale: string; texts: Record<string, string> }, TranslationDraftResponse>()(
    'POST',
    '/translation-draft',
    'read',
  ),
  save: endpoint<SaveRequest, SaveResponse>()('POST', '/save', 'edit-structure'),
  newPage: endpoint<NewPageRequest, NewPageResponse>()('POST', '/new-page', 'edit-structure'),
  translationSave: endpoint<TranslationSaveRequest, TranslationSaveResponse>()('POST', '/translation-save', 'edit-translations'),

  // The media library (src/editor/server/media-endpoints.ts): an upload's body is the file's bytes as they are.
  media: endpoint<undefined, MediaLibraryAnswer>()('GET', '/media', 'read'),
  mediaUpload: endpoint<Blob, MediaUploadAnswer, MediaUploadQuery>()('POST', '/media', 'edit-structure'),
  /** The file of an image replaced, keeping its id (and so every page showing it) and its alt text. */
  mediaReplace: endpoint<Blob, MediaUploadAnswer, MediaUploadQuery & { id: string }>()('POST', '/media/replace', 'edit-structure'),
  /** Refused (409, naming the pages) while a page shows it. */
  mediaDelete: endpoint<{ id: string }, MediaDeleteAnswer>()('POST', '/media/delete', 'edit-structure'),
  /** Alt text (or decorative), caption, credit and focal point written into the image's record; translations go by translationSave. */
  mediaDetails: endpoint<MediaDetailsRequest, MediaDetailsAnswer>()('POST', '/media/details', 'edit-structure'),
} as const;

export type EditorEndpointName = keyof typeof EDITOR_ENDPOINTS;

/** The entry a request under `<base>/api` is for (`GET`, `/documents`), or undefined when there is none. */
export function editorEndpointOf(method: string, path: string): EditorEndpointName | undefined {
  return (Object.keys(EDITOR_ENDPOINTS) as EditorEndpointName[]).find(
    (name) => EDITOR_ENDPOINTS[name].method === method && EDITOR_ENDPOINTS[name].path === path,
  );
}
