/**
 * Whole pages of the site as they were, are or would be, rendered by the built renderer for people to look at (never
 * indexed): a change set's page before (the published site) and after (the change set), for its review; a version of
 * the site in a document's history; and a change set's whole draft site through its preview link, which needs no
 * account but a signed token that expires (preview-links.ts). Each page's islands load the site data of its content.
 */
import type { FastifyReply } from 'fastify';
import { TRANSLATIONS_DIR } from '../../../engine/load/i18n/paths';
import { fileToRoute } from '../../../engine/model/routes';
import { HOSTED } from '../../hosted-protocol';
import { changeSetAndRecord, HostError, type HostContext } from '../host-context';
import { servePreview } from '../preview-site';
import { sendSiteData } from './site-data';
import type { Handlers } from './bind-endpoints';

const SHA = /^[0-9a-f]{7,64}$/;
const PUBLISHED = '/published';

async function sendPage(reply: FastifyReply, html: Promise<string | undefined>) {
  const page = await html;
  if (page === undefined) throw new HostError(404, 'There is no such page on this version of the site.');
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').send(page);
}

/** A page's path from its file in the repository (`pages-json/_translations/es/story.json` -> `/es/story`). */
function routeOfFile(file: string): string | undefined {
  const relative = file.replace(/^pages-json\//, '');
  const translation = new RegExp(`^${TRANSLATIONS_DIR}/([^/]+)/(.+)$`).exec(relative);
  const route = fileToRoute(translation ? translation[2] : relative);
  if (route === null || (relative.startsWith('_') && !translation)) return undefined;
  return translation ? `/${translation[1]}${route === '/' ? '' : route}` : route;
}

export function sitePageHandlers(
  host: HostContext,
): Handlers<'compare' | 'publishedSiteData' | 'historyVersion' | 'historySiteData' | 'preview'> {
  return {
    compare: async (request, reply) => {
      const { route = '/', side } = request.query;
      const { changeSet, record } = await changeSetAndRecord(host, request.params.id);
      if (record.published?.range) {
        // Published: the site just before and just after its publish, not the site as it is now on both sides.
        const sha = side === 'before' ? record.published.range.before : record.published.range.after;
        const version = await host.workspaces.atVersion(sha);
        if (!version) throw new HostError(404, 'That version of the site is no longer in the editor’s repository.');
        return await sendPage(reply, version.page(route, `/history/site-data/${sha}`));
      }
      if (side === 'before') return await sendPage(reply, host.workspaces.published.page(route, `${PUBLISHED}/site-data`));
      return await host.workspaces.editing(changeSet.id, (workspace) =>
        sendPage(reply, workspace.rendering.page(route, `${HOSTED.editBase(changeSet.id)}/site-data`)),
      );
    },

    publishedSiteData: async (request, reply) => sendSiteData(reply, host.workspaces.published, request.params.file),

    historyVersion: async (request, reply) => {
      const { file, sha = '' } = request.query;
      if (!SHA.test(sha)) throw new HostError(400, 'That is not a version.');
      const route = file === undefined ? (request.query.route ?? '/') : routeOfFile(file);
      if (route === undefined) throw new HostError(404, `${file} is not a page: open a page that shows it.`);
      const version = await host.workspaces.atVersion(sha);
      if (!version) throw new HostError(404, 'There is no such version.');
      return await sendPage(reply, version.page(route, `/history/site-data/${sha}`));
    },

    historySiteData: async (request, reply) => {
      const version = SHA.test(request.params.sha) ? await host.workspaces.atVersion(request.params.sha) : undefined;
      if (!version) return reply.code(404).send({ error: 'not_found', message: 'That is not a version.' });
      return sendSiteData(reply, version, request.params.file);
    },

    // A preview link's pages, its site's own files, and once published or closed, the page saying it ended (preview-site.ts).
    preview: async (request, reply) => servePreview(host, request.params.token, request.params['*'], reply),
  };
}
