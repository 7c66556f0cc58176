/**
 * POST /api/changes/:id/publish: the application's publish (application/publish.ts), answered with its status (a
 * refusal as its `refused` outcome); and
 * POST/DELETE /api/changes/:id/publish-at: a time it publishes at by itself (application/scheduled-publish.ts); and
 * POST /api/changes/:id/undo-publish: its publish undone at once (application/undo-publish.ts); and
 * POST /api/changes/:id/undo: a new change set that undoes it, to review (application/undo-as-change-set.ts).
 */
import { publish } from '../application/publish';
import { cancelPublishAt, setPublishAt } from '../application/scheduled-publish';
import { undoPublish } from '../application/undo-publish';
import { undoAsChangeSet } from '../application/undo-as-change-set';
import type { PublishAnswer } from '../../hosted-protocol';
import { askerOf, refusalOf, type HostContext } from '../host-context';
import type { Handlers } from './bind-endpoints';

export function publishHandlers(
  host: HostContext,
): Handlers<'publish' | 'publishAt' | 'cancelPublishAt' | 'undoPublish' | 'undoAsChangeSet'> {
  return {
    publish: async (request, reply) => {
      const { status, answer } = await publish(host, askerOf(request), request.params.id).catch((error: unknown) => {
        // Refused now (not approved, or no longer; nothing to publish; published meanwhile): answered as a publish's own
        // refusal, which the change set's page shows in words, not as a bare error it has no place for.
        const refusal = refusalOf(error);
        if (refusal?.status !== 409) throw error;
        return { status: 409, answer: { outcome: 'refused', message: refusal.message } satisfies PublishAnswer };
      });
      return reply.code(status).send(answer);
    },
    publishAt: async (request) => {
      const body = request.body as { at?: unknown } | undefined;
      return setPublishAt(host, askerOf(request), request.params.id, body?.at);
    },
    cancelPublishAt: async (request) => cancelPublishAt(host, askerOf(request), request.params.id),
    undoPublish: async (request, reply) => {
      const { status, answer } = await undoPublish(host, askerOf(request), request.params.id);
      return reply.code(status).send(answer);
    },
    undoAsChangeSet: async (request, reply) => {
      const { status, answer } = await undoAsChangeSet(host, askerOf(request), request.params.id);
      return reply.code(status).send(answer);
    },
  };
}
