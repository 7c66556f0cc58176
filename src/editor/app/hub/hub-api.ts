/**
 * The hosted editor's requests beyond the editor's endpoints: the session, change sets, review, publishing, history
 * and preview links (src/editor/hosted-protocol.ts). A change carries the session's CSRF token; a 401 sends the
 * person to sign in, back here afterwards.
 */
import { QueryClient } from '@tanstack/react-query';
import { CSRF_HEADER } from '../../protocol';
import {
  HOSTED,
  type ChangeSetDetail,
  type ChangeSetSummary,
  type HistoryEntry,
  type PreviewLink,
  type PublishAnswer,
  type RestoreTarget,
  type SessionAnswer,
  type SiteAnswer,
  type UpdateRequest,
} from '../../hosted-protocol';

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

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, accept: number[] = []): Promise<T> {
  const response = await fetch(`${HOSTED.api}${path}`, {
    method,
    headers: { [CSRF_HEADER]: csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({ message: response.statusText }))) as T & { message?: string };
  // Signed out (or never signed in): to the sign-in, and back here afterwards. A refused sign-in stays where it is.
  const signingIn = method === 'POST' && path === '/session';
  if (response.status === 401 && !signingIn && window.location.pathname !== HOSTED.signIn) {
    window.location.assign(`${HOSTED.signIn}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!response.ok && !accept.includes(response.status)) throw new HubError(response.status, data.message ?? response.statusText);
  return data;
}

export const hubApi = {
  session: async () => {
    const answer = await call<SessionAnswer>('GET', '/session');
    csrf = answer.csrfToken;
    return answer;
  },
  signIn: async (email: string, password: string) => {
    const answer = await call<SessionAnswer>('POST', '/session', { email, password });
    csrf = answer.csrfToken;
    return answer;
  },
  signOut: () => call<unknown>('DELETE', '/session'),
  changeSets: () => call<ChangeSetSummary[]>('GET', '/changes'),
  createChangeSet: (title: string) => call<ChangeSetSummary>('POST', '/changes', { title }),
  changeSet: (id: string) => call<ChangeSetDetail>('GET', `/changes/${encodeURIComponent(id)}`),
  submit: (id: string) => call<ChangeSetDetail>('POST', `/changes/${encodeURIComponent(id)}/submit`),
  comment: (id: string, body: string) => call<ChangeSetDetail>('POST', `/changes/${encodeURIComponent(id)}/comments`, { body }),
  approve: (id: string) => call<ChangeSetDetail>('POST', `/changes/${encodeURIComponent(id)}/approve`),
  publish: (id: string) => call<PublishAnswer>('POST', `/changes/${encodeURIComponent(id)}/publish`, undefined, [409, 422]),
  update: (id: string, request: UpdateRequest) => call<ChangeSetDetail>('POST', `/changes/${encodeURIComponent(id)}/update`, request),
  previewLink: (id: string) => call<PreviewLink>('POST', `/changes/${encodeURIComponent(id)}/preview-link`),
  site: () => call<SiteAnswer>('GET', '/site'),
  serveAgain: () => call<SiteAnswer>('POST', '/site/serve'),
  /** A document's history; from a change set, its own saves first. */
  history: (file: string, changeSet?: string) =>
    call<HistoryEntry[]>('GET', `/history?${new URLSearchParams({ file, ...(changeSet ? { changeSet } : {}) }).toString()}`),
  /** The open change sets of the person's that a version of `file` may be restored into. */
  restoreTargets: (file: string) => call<RestoreTarget[]>('GET', `/restore-targets?${new URLSearchParams({ file }).toString()}`),
  restore: (id: string, file: string, sha: string) =>
    call<ChangeSetDetail>('POST', `/changes/${encodeURIComponent(id)}/restore`, { file, sha }),
};
