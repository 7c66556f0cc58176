/**
 * The editor's requests to its endpoints (src/editor/server/endpoints.ts, in the dev server or the hosted editor):
 * every one carries the editor's headers (workspace.ts), and the documents are loaded through TanStack Query.
 */
import { QueryClient, useQuery } from '@tanstack/react-query';
import {
  type CheckResponse,
  type FileHashResponse,
  type DocumentPayload,
  type DocumentSummary,
  type DraftResponse,
  type NewPageRequest,
  type NewPageResponse,
  type SavePlan,
  type SaveRequest,
  type SaveResponse,
  type SearchResponse,
  type SiteVocabulary,
  type TranslationDraftResponse,
  type TranslationPayload,
  type TranslationSaveRequest,
  type TranslationSaveResponse,
} from '../protocol';
import { workspace } from './workspace';

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, accept: number[] = []): Promise<{ status: number; data: T }> {
  const response = await fetch(`${workspace.api}${path}`, {
    method,
    headers: { ...workspace.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({ message: response.statusText }))) as T & { message?: string };
  if (!response.ok && !accept.includes(response.status)) throw new ApiError(response.status, data.message ?? `${response.status}`);
  return { status: response.status, data };
}

export const api = {
  fileHash: (file: string) => call<FileHashResponse>('GET', `/file-hash?file=${encodeURIComponent(file)}`).then((r) => r.data.hash),
  documents: () => call<DocumentSummary[]>('GET', '/documents').then((r) => r.data),
  document: (file: string) => call<DocumentPayload>('GET', `/document?file=${encodeURIComponent(file)}`).then((r) => r.data),
  vocabulary: () => call<SiteVocabulary>('GET', '/vocabulary').then((r) => r.data),
  /** `route`: the page to preview a document that is not a page on (its first page when absent). */
  draft: (file: string, doc: unknown, route?: string) => call<DraftResponse>('POST', '/draft', { file, doc, route }).then((r) => r.data),
  check: (file: string, doc: unknown) => call<CheckResponse>('POST', '/check', { file, doc }).then((r) => r.data),
  plan: (file: string, doc: unknown) => call<SavePlan>('POST', '/plan', { file, doc }).then((r) => r.data),
  save: (request: SaveRequest) => call<SaveResponse>('POST', '/save', request, [409, 422]).then((r) => r.data),
  search: (query: string) => call<SearchResponse>('GET', `/search?q=${encodeURIComponent(query)}`).then((r) => r.data),
  newPage: (request: NewPageRequest) => call<NewPageResponse>('POST', '/new-page', request, [422]).then((r) => r.data),
  translation: (file: string, locale: string) =>
    call<TranslationPayload>('GET', `/translation?file=${encodeURIComponent(file)}&locale=${encodeURIComponent(locale)}`).then(
      (r) => r.data,
    ),
  translationDraft: (file: string, locale: string, texts: Record<string, string>) =>
    call<TranslationDraftResponse>('POST', '/translation-draft', { file, locale, texts }).then((r) => r.data),
  translationSave: (request: TranslationSaveRequest) =>
    call<TranslationSaveResponse>('POST', '/translation-save', request, [422]).then((r) => r.data),
};

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 2_000 } },
});

export const useDocuments = () => useQuery({ queryKey: ['documents'], queryFn: api.documents });
export const useVocabulary = () => useQuery({ queryKey: ['vocabulary'], queryFn: api.vocabulary, staleTime: 10_000 });
/** A document as on disk. Never refetched behind the marketer's back: a draft is built on it (a change on disk is a conflict). */
export const useDocument = (file: string) =>
  useQuery({ queryKey: ['document', file], queryFn: () => api.document(file), staleTime: Infinity, gcTime: 0 });
/** A document's texts in a language. Like a document: never refetched under a draft. */
export const useTranslation = (file: string, locale: string) =>
  useQuery({ queryKey: ['translation', locale, file], queryFn: () => api.translation(file, locale), staleTime: Infinity, gcTime: 0 });
