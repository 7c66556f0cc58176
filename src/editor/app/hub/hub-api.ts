/**
 * The hosted editor's requests beyond the editor's endpoints: the session, change sets, review, publishing, history
 * and preview links (src/editor/hosted-protocol.ts). A change carries the session's CSRF token; a 401 sends the
 * person to sign in, back here afterwards.
 */
import { QueryClient } from '@tanstack/react-query';
import { urlOf, type AnswerOf, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from '../../endpoint';
import { HOSTED_ENDPOINTS as H } from '../../hosted-endpoints';
import { HOSTED, type UpdateRequest } from '../../hosted-protocol';
import { CSRF_HEADER } from '../../protocol';

/** How often the hub's lists ask again by themselves: the live stream refreshes them as change sets move. */
export const SLOW_POLL_MS = 60_000;

export const hubQueryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true } } });

class HubError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The session's CSRF token, once known (the page carries it; signing in gives a new one). */
let csrf = document.documentElement.dataset.csrf ?? '';

type Entry = Endpoint<string, unknown, unknown, unknown>;

interface Request<E extends Entry> {
  params?: ParamsOf<E['path']>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** Statuses answered with a body the view shows (a publish's conflicts), not thrown. */
  accept?: number[];
}

/** A request to an entry of the hosted editor's table (src/editor/hosted-endpoints.ts): URL, body and answer typed by it. */
async function call<E extends Entry>(entry: E, { params, query, body, accept = [] }: Request<E> = {}): Promise<AnswerOf<E>> {
  const path = urlOf(entry, (params ?? {}) as ParamsOf<E['path']>, query as Record<string, string | undefined> | undefined);
  const response = await fetch(path, {
    method: entry.method,
    headers: { [CSRF_HEADER]: csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({ message: response.statusText }))) as AnswerOf<E> & { message?: string };
  // Signed out (or never signed in): to the sign-in, and back here afterwards. A refused sign-in stays where it is.
  const signingIn = entry === H.signIn;
  if (response.status === 401 && !signingIn && window.location.pathname !== HOSTED.signIn) {
    window.location.assign(`${HOSTED.signIn}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!response.ok && !accept.includes(response.status)) throw new HubError(response.status, data.message ?? response.statusText);
  return data;
}

export const hubApi = {
  session: async () => {
    const answer = await call(H.session);
    csrf = answer.csrfToken;
    return answer;
  },
  signIn: async (email: string, password: string) => {
    const answer = await call(H.signIn, { body: { email, password } });
    csrf = answer.csrfToken;
    return answer;
  },
  signOut: () => call(H.signOut),
  changeSets: () => call(H.changeSets),
  closedChangeSets: () => call(H.changeSets, { query: { status: 'closed' } }),
  createChangeSet: (title: string) => call(H.createChangeSet, { body: { title } }),
  changeSet: (id: string) => call(H.changeSet, { params: { id } }),
  submit: (id: string) => call(H.submit, { params: { id } }),
  comment: (id: string, body: string) => call(H.comment, { params: { id }, body: { body } }),
  approve: (id: string) => call(H.approve, { params: { id } }),
  withdraw: (id: string) => call(H.withdraw, { params: { id } }),
  requestChanges: (id: string, comment: string) => call(H.requestChanges, { params: { id }, body: { comment } }),
  close: (id: string) => call(H.close, { params: { id } }),
  reopen: (id: string) => call(H.reopen, { params: { id } }),
  remove: (id: string) => call(H.remove, { params: { id } }),
  publish: (id: string) => call(H.publish, { params: { id }, accept: [409, 422] }),
  publishAt: (id: string, at: string) => call(H.publishAt, { params: { id }, body: { at } }),
  cancelPublishAt: (id: string) => call(H.cancelPublishAt, { params: { id } }),
  undoPublish: (id: string) => call(H.undoPublish, { params: { id }, accept: [409, 422] }),
  /** A new change set that undoes it, or the later publishes that changed the same fields; any other refusal thrown. */
  undoAsChangeSet: async (id: string) => {
    const answer = await call(H.undoAsChangeSet, { params: { id }, accept: [409] });
    if (!answer.outcome) throw new HubError(409, (answer as { message?: string }).message ?? 'Not undone.');
    return answer;
  },
  update: (id: string, request: UpdateRequest) => call(H.update, { params: { id }, body: request }),
  previewLink: (id: string) => call(H.previewLink, { params: { id } }),
  /** Every page the change set changes, in every language, and its documents' warnings. */
  review: (id: string) => call(H.review, { params: { id } }),
  site: () => call(H.site),
  serveAgain: () => call(H.serveAgain),
  /** A document's history; from a change set, its own saves first. */
  history: (file: string, changeSet?: string) => call(H.history, { query: { file, ...(changeSet ? { changeSet } : {}) } }),
  /** The open change sets of the person's that a version of `file` may be restored into. */
  restoreTargets: (file: string) => call(H.restoreTargets, { query: { file } }),
  restore: (id: string, file: string, sha: string) => call(H.restore, { params: { id }, body: { file, sha } }),
};

/** Addresses the hub's views open rather than read (pages rendered by the server), from the same table. */
export const hubLinks = {
  comparison: (changeSet: string, route: string, side: 'before' | 'after') => urlOf(H.compare, { id: changeSet }, { route, side }),
  version: (file: string, sha: string) => urlOf(H.historyVersion, {}, { file, sha }),
};
