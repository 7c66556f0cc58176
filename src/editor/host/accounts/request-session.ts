/** Who is signed in on a request, as the access check (plugin.ts) found them; the typing Fastify routes see. */
import type { FastifyRequest } from 'fastify';
import type { Access } from './access';
import type { ActiveSession } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs (access.ts); required under the protected prefixes. */
    access?: Access;
  }
  interface FastifyRequest {
    /** The session the request's cookie opened, once the access check ran; null without one. */
    editorSession: ActiveSession | null;
  }
}

/** The signed-in person of a request that passed the check; throws on a route that declared `anyone`. */
export function signedIn(request: FastifyRequest): ActiveSession {
  if (!request.editorSession) throw new Error(`${request.method} ${request.url} declares no session, so it has no signed-in person`);
  return request.editorSession;
}
