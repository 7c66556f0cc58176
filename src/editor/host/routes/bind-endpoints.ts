/**
 * The hosted editor's routes, registered from its table (src/editor/hosted-endpoints.ts): each entry's method, path and
 * permission (the accounts plugin checks the permission before the handler runs) with the handler routes/ gives it.
 * The handlers' types come from the entries: their params from the path, their query, and what they answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, ParamsOf, QueryOf } from '../../endpoint';
import { HOSTED_ENDPOINTS, SESSION_ENDPOINTS, type HostedEndpointName } from '../../hosted-endpoints';
import type { Access } from '../accounts/access';

type Entries = typeof HOSTED_ENDPOINTS;

/** A handler of one entry: the request typed by it; it answers what the entry says, or sends its own reply. */
type HandlerOf<Name extends HostedEndpointName> = (
  request: FastifyRequest<{ Params: ParamsOf<Entries[Name]['path']>; Querystring: Partial<QueryOf<Entries[Name]>> }>,
  reply: FastifyReply,
) => Promise<AnswerOf<Entries[Name]> | FastifyReply>;

export type Handlers<Names extends HostedEndpointName> = { [Name in Names]: HandlerOf<Name> };

/** Every entry the server binds (the session's are the accounts plugin's). */
export type BoundName = Exclude<HostedEndpointName, (typeof SESSION_ENDPOINTS)[number]>;

export function bindEndpoints(app: FastifyInstance, handlers: Handlers<BoundName>) {
  const names = (Object.keys(HOSTED_ENDPOINTS) as HostedEndpointName[]).filter(
    (name): name is BoundName => !(SESSION_ENDPOINTS as readonly string[]).includes(name),
  );
  const register = (scope: FastifyInstance, name: BoundName) => {
    const { method, path } = HOSTED_ENDPOINTS[name];
    // The table's permissions are the accounts' own: one the accounts do not know does not compile.
    const access: Access = HOSTED_ENDPOINTS[name].access;
    const handler = handlers[name] as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    if (method === 'ALL') scope.all(path, { config: { access } }, handler);
    else scope.route({ method, url: path, config: { access }, handler });
  };
  for (const name of names) if (HOSTED_ENDPOINTS[name].answers !== 'stream') register(app, name);
  // The editor's endpoints read their own bodies (a save's document, as sent): Fastify leaves the stream unread there.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const name of names) if (HOSTED_ENDPOINTS[name].answers === 'stream') register(scope, name);
  });
}
