/**
 * `GET /api/live`: the live stream (server-sent events, live/live-streams.ts) of the signed-in person, about a change
 * set (`?changeSet=`) and the document they have open in it (`?document=`, as the editor names it). The accounts plugin
 * checked the session and the `read` permission; here: a page of another site is refused (403: it would learn who is
 * where), the change set must exist (404), a person's streams are capped (429), then the response becomes the stream.
 * `GET /api/live/poll`: the same checks but the cap, for a tab without a stream (refused one, or no EventSource); it
 * answers what the stream would have sent since `?since=` (the last event id the tab had).
 */
import type { FastifyRequest } from 'fastify';
import { crossSiteRefusal } from '../accounts/access';
import { signedIn } from '../accounts/request-session';
import { ChangeSetNotFound } from '../changes';
import { HostError, refuseIf, type HostContext } from '../host-context';
import type { LiveStreams, StreamOwner } from '../live/live-streams';
import type { Handlers } from './bind-endpoints';

/** A document's name as the editor shows it is far shorter; anything longer is not one. */
const DOCUMENT_MAX = 200;

function documentOf(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (text.length > DOCUMENT_MAX || /[\u0000-\u001f\u007f]/.test(text))
    throw new HostError(400, `Name the document as the editor shows it, in at most ${DOCUMENT_MAX} characters.`);
  return text;
}

/**
 * The change set's id if it exists, from the repository's kept listing (the same object until a ref moves): every
 * polling tab asks this every LIVE_POLL_SECONDS, so it must cost no git call. One whose record cannot be read answers
 * that error, as its own page does; anything else is no such change set (404).
 */
async function existing(host: HostContext, id: string): Promise<string> {
  const { changeSets, unreadable } = await host.repo.listShared();
  if (changeSets.some((changeSet) => changeSet.id === id)) return id;
  const broken = unreadable.find((error) => error.id === id);
  throw broken ?? new ChangeSetNotFound(id);
}

/** Who asks and about what, once the checks both routes make are passed. */
async function askerOf(
  host: HostContext,
  origins: readonly string[],
  request: FastifyRequest,
  query: { changeSet?: string; document?: string },
): Promise<{ owner: StreamOwner; where: { changeSet?: string; document?: string } }> {
  if (crossSiteRefusal(request.headers, origins))
    throw new HostError(403, 'Live updates are sent only to the editor’s own pages, not to a page of another site.');
  const { changeSet, document } = query;
  const where = { ...(changeSet ? { changeSet: await existing(host, changeSet) } : {}), document: documentOf(document) };
  const session = signedIn(request);
  const owner = {
    userId: session.user.id,
    name: session.user.name,
    email: session.user.email,
    role: session.user.role,
    languages: session.user.languages,
    sessionHash: session.tokenHash,
    sessionEndsAt: session.expiresAt,
  };
  return { owner, where };
}

export function liveHandlers(host: HostContext, streams: LiveStreams, origins: readonly string[]): Handlers<'live' | 'livePoll'> {
  return {
    live: async (request, reply) => {
      const { owner, where } = await askerOf(host, origins, request, request.query);
      // The browser's own reconnection names the last event in its header; a tab back from polling, in the address.
      const lastEventId = request.headers['last-event-id'];
      const reconnecting = typeof lastEventId === 'string';
      refuseIf(streams.refusal(owner, reconnecting));
      reply.hijack();
      streams.open(reply.raw, owner, where, reconnecting ? lastEventId : request.query.since, reconnecting);
      return reply;
    },
    livePoll: async (request) => {
      const { owner, where } = await askerOf(host, origins, request, request.query);
      return streams.poll(owner, where, request.query.since || undefined);
    },
  };
}
