/**
 * POST /api/changes/:id/publish: the application's publish (application/publish.ts), answered with its status.
 */
import { publish } from '../application/publish';
import { askerOf, type HostContext } from '../host-context';
import type { Handlers } from './bind-endpoints';

export function publishHandlers(host: HostContext): Handlers<'publish'> {
  return {
    publish: async (request, reply) => {
      const { status, answer } = await publish(host, askerOf(request), request.params.id);
      return reply.code(status).send(answer);
    },
  };
}
