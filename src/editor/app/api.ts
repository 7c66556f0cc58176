/**
 * The editor's requests to its endpoints (src/editor/server/endpoints.ts, in the dev server or the hosted editor):
 * every one carries the editor's headers (workspace.ts), and the documents are loaded through TanStack Query.
 */
import { QueryClient, useQuery } from '@tanstack/react-query';
import type { NewPageRequest, SaveRequest, TranslationSaveRequest } from '../protocol';
import { EDITOR_ENDPOINTS } from '../editor-endpoints';
import { urlOf, type AnswerOf, type BodyOf, type Endpoint, type QueryOf } from '../endpoint';
import { workspace } from './workspace';

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Entry = Endpoint<string, unknown, unknown, unknown>;

/** A request to an entry of the editor's table (src/editor/editor-endpoints.ts): its URL, body and answer typed by it. */
async function call<E extends Entry>(
  entry: E,
  { query, body, accept = [] }: { query?: QueryOf<E>; body?: BodyOf<E>; accept?: number[] } = {},
): Promise<AnswerOf<E>> {
  const response = await fetch(`${workspace.api}${urlOf(entry, {}, query as Record<string, string | undefined> | undefined)}`, {
    method: entry.method,
    headers: { ...workspace.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({ message: response.statusText }))) as AnswerOf<E> & { message?: string };
  if (!response.ok && !accept.includes(response.status)) throw new ApiError(response.status, data.message ?? `${response.status}`);
  return data;
}

const E = EDITOR_ENDPOINTS;

export const api = {
  fileHash: (file: string) => call(E.fileHash, { query: { file } }).then((answer) => answer.hash),
  documents: () => call(E.documents),
  document: (file: string) => call(E.document, { query: { file } }),
  vocabulary: () => call(E.vocabulary),
  /** `route`: the page to preview a document that is not a page on (its first page when absent). */
  draft: (file: string, doc: unknown, route?: string) => call(E.draft, { body: { file, doc, route } }),
  check: (file: string, doc: unknown) => call(E.check, { body: { file, doc } }),
  plan: (file: string, doc: unknown) => call(E.plan, { body: { file, doc } }),
  save: (request: SaveRequest) => call(E.save, { body: request, accept: [409, 422] }),
  search: (query: string) => call(E.search, { query: { q: query } }),
  newPage: (request: NewPageRequest) => call(E.newPage, { body: request, accept: [422] }),
  translation: (file: string, locale: string) => call(E.translation, { query: { file, locale } }),
  translationDraft: (file: string, locale: string, texts: Record<string, string>) =>
    call(E.translationDraft, { body: { file, locale, texts } }),
  translationSave: (request: TranslationSaveRequest) => call(E.translationSave, { body: request, accept: [422] }),
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
