/**
 * The editor on one change set, at /changes/<id>/edit: its page (the built app, with the session's CSRF token), and
 * under it the editor's own endpoints (src/editor/server/endpoints.ts, one set per person, so each person's unsaved
 * drafts are theirs alone), its previews and its site data. Each endpoint needs the permission endpoint-permissions.ts
 * gives it (an endpoint not listed there is refused); a change set that is published or closed is read only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { editorEndpointOf } from '../../editor-endpoints';
import { editorRoutes } from '../../protocol';
import { HOSTED } from '../../hosted-protocol';
import { signedIn } from '../accounts/request-session';
import { can, permissionsOf, refusalFor } from '../accounts/roles';
import { endpointPermission } from '../endpoint-permissions';
import { askerOf, changeSetAndRecord, personOf, type HostContext } from '../host-context';
import { editorPage } from '../html-pages';
import { editRule } from '../application/transition-rules';
import { imageFileIn } from '../preview-image-urls';
import { sendPreviewImage } from '../preview-images';
import { sendSiteData } from './site-data';
import { languageCheck } from './translation-languages';
import type { Handlers } from './bind-endpoints';

type EditParams = { Params: { id: string; '*'?: string } };

const SITE_DATA = 'site-data/';

export function editorHandlers(host: HostContext): Handlers<'editor' | 'editorWithin'> {
  const handle = async (request: FastifyRequest<EditParams>, reply: FastifyReply) => {
    const { id } = request.params;
    const rest = request.params['*'] ?? '';
    const { changeSet, record } = await changeSetAndRecord(host, id);
    const base = HOSTED.editBase(changeSet.id);
    const routes = editorRoutes(base);
    const asker = askerOf(request);
    const path = new URL(request.url, 'http://editor').pathname;

    if (rest.startsWith(SITE_DATA) && request.method === 'GET') {
      return host.workspaces.editing(id, (workspace) => sendSiteData(reply, workspace.rendering, rest.slice(SITE_DATA.length)));
    }

    // Its previews' images, made from the change set's own media (preview-images.ts).
    const image = imageFileIn(rest);
    if (image !== undefined && request.method === 'GET') {
      return host.workspaces.editing(id, (workspace) => sendPreviewImage(workspace.contentDir, image, reply));
    }

    const isApi = path.startsWith(`${routes.api}/`);
    const isPreview = path === routes.preview || path === routes.blockPreview;
    if (!isApi && !isPreview) {
      if (request.method !== 'GET') return reply.code(404).send({ error: 'not_found', message: 'No such page.' });
      // The editor's own pages (its documents, a document): the app, which routes within itself.
      const { csrfToken, user } = signedIn(request);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          editorPage(
            host.assets,
            { id: changeSet.id, title: record.title, base },
            { csrf: csrfToken, permissions: permissionsOf(user.role), languages: user.languages },
          ),
        );
    }

    const permission = isApi ? endpointPermission(request.method, path.slice(routes.api.length)) : 'read';
    if (!permission) return reply.code(404).send({ error: 'not_found', message: 'No such endpoint.' });
    if (!can(asker.role, permission)) return reply.code(403).send({ error: 'not_allowed', message: refusalFor(asker.role, permission) });
    const readOnly = permission === 'read' ? undefined : editRule(record);
    if (readOnly) return reply.code(readOnly.status).send({ error: 'closed', message: readOnly.message });
    const apiPath = path.slice(routes.api.length);
    const refuse = isApi ? languageCheck(editorEndpointOf(request.method, apiPath), signedIn(request).user.languages) : undefined;
    // The endpoints answer on the connection themselves, reading the body as it arrives; the workspace stays open
    // until they have answered (a save in flight is never closed under it). Taken from Fastify only once the workspace
    // is open: a change set removed since its record was read above is then the error handler's 404 in words, not
    // a request nobody answers.
    let hijacked = false;
    const answered = await host.workspaces
      .editing(id, (workspace) => {
        reply.hijack();
        hijacked = true;
        return workspace.handlerFor(personOf(asker), refuse)(request.raw, reply.raw);
      })
      .catch((error: unknown) => {
        if (!hijacked) throw error;
        // Fastify no longer answers this request: a fault after the hijack is answered here, never left open.
        request.log.error(error);
        if (reply.raw.headersSent) reply.raw.destroy();
        else {
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
          reply.raw.end(JSON.stringify({ error: 'internal', message: 'The editor could not finish this: try again.' }));
        }
        return true;
      });
    if (!answered) {
      reply.raw.writeHead(404, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ error: 'not_found', message: 'No such endpoint.' }));
    }
    return reply;
  };

  return { editor: handle, editorWithin: handle };
}
