/**
 * Whole pages of the site as they were, are or would be, rendered by the built renderer for people to look at (never
 * indexed): a change set's page before (the published site) and after (the change set), for its review; a version of
 * the site in a document's history; and a change set's whole draft site through its preview link, which needs no
 * account but a signed token that expires (preview-links.ts). Each page's islands load the site data of its content,
 * and its images are its content's own, under its place (preview-image-urls.ts): an image changed since shows as it
 * was on the side or version that had it.
 */
import type { FastifyReply } from 'fastify';
import { TRANSLATIONS_DIR } from '../../../engine/load/i18n/paths';
import { fileToRoute } from '../../../engine/model/routes';
import { HOSTED } from '../../hosted-protocol';
import { changeSetAndRecord, HostError, type HostContext } from '../host-context';
import { NOT_ON_VERSION, type NotOnVersion } from '../page-not-on-version';
import { plainPage } from '../plain-page';
import { imagesWithin, PUBLISHED_IMAGES_BASE, versionImagesBase } from '../preview-image-urls';
import { sendPreviewImage } from '../preview-images';
import { servePreview } from '../preview-site';
import type { SiteVersion } from '../workspaces';
import type { Made } from '../review/rendered-cache';
import { sendSiteData } from './site-data';
import type { Handlers } from './bind-endpoints';

const SHA = /^[0-9a-f]{7,64}$/;
const PUBLISHED = '/published';

/** A page of a version of the site; where that version has no such page, a page saying why in words (`missing`). */
async function sendPage(reply: FastifyReply, html: Promise<string | undefined>, missing: NotOnVersion) {
  const page = await html;
  if (page === undefined) reply.code(404);
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(page ?? plainPage(missing));
}

/** A page of a version of the site (`sha`; the published site when none), its images that version's own. */
function versionPage(version: SiteVersion, route: string, sha?: string): Promise<Made<string | undefined>> {
  const siteData = sha ? `/history/site-data/${sha}` : `${PUBLISHED}/site-data`;
  const images = sha ? versionImagesBase(sha) : PUBLISHED_IMAGES_BASE;
  return version.page(route, siteData).then(({ value, exact }) => ({ value: value && imagesWithin(value, images), exact }));
}

/**
 * Sends an answer from the version of the site at `sha` with `send`: true once sent, false when there is no such
 * version. (Not what `send` returns: a Fastify reply is thenable, and awaited it gives undefined, which read as "no
 * such version" sent a second answer on top of the first.)
 */
async function sentAtVersion(host: HostContext, sha: string, send: (version: SiteVersion) => Promise<unknown>): Promise<boolean> {
  const sent = await host.workspaces.atVersion(sha, async (version) => {
    await send(version);
    return true;
  });
  return sent === true;
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
): Handlers<'compare' | 'publishedSiteData' | 'historyVersion' | 'historySiteData' | 'publishedImage' | 'historyImage' | 'preview'> {
  return {
    // Each side kept by its content's tree, the page and the addresses it names (review/review-cache.ts).
    compare: async (request, reply) => {
      const { route = '/', side } = request.query;
      const { changeSet, record } = await changeSetAndRecord(host, request.params.id);
      const cache = host.reviewCache;
      if (record.published?.range) {
        // Published: the site just before and just after its publish, not the site as it is now on both sides.
        const sha = side === 'before' ? record.published.range.before : record.published.range.after;
        const missing = side === 'before' ? NOT_ON_VERSION.newWhenPublished : NOT_ON_VERSION.removedWhenPublished;
        const page = cache.atCommits([sha], ['page', route, sha], async () => {
          const made = await host.workspaces.atVersion(sha, (version) => versionPage(version, route, sha));
          if (!made) throw new HostError(404, 'That version of the site is no longer in the editor’s repository.');
          return made;
        });
        return await sendPage(reply, page, missing);
      }
      if (side === 'before') {
        const published = host.repo.publishedWorktree;
        const page = cache.inWorktree(published, ['page', route, PUBLISHED], () => versionPage(host.workspaces.published, route));
        return await sendPage(reply, page, NOT_ON_VERSION.newInChangeSet);
      }
      // Its images are the change set's own, served under its editor (preview-images.ts).
      const base = HOSTED.editBase(changeSet.id);
      const page = cache.inWorktree(changeSet.worktree, ['page', route, base], () =>
        host.workspaces.editing(changeSet.id, (workspace) =>
          workspace.rendering
            .page(route, `${base}/site-data`)
            .then(({ value, exact }) => ({ value: value && imagesWithin(value, base), exact })),
        ),
      );
      return await sendPage(reply, page, NOT_ON_VERSION.notInChangeSet);
    },

    publishedSiteData: async (request, reply) => sendSiteData(reply, host.workspaces.published, request.params.file),

    historyVersion: async (request, reply) => {
      const { file, sha = '' } = request.query;
      if (!SHA.test(sha)) throw new HostError(400, 'That is not a version.');
      const route = file === undefined ? (request.query.route ?? '/') : routeOfFile(file);
      // Always shown in a frame: every answer a page in words.
      if (route === undefined) return await sendPage(reply, Promise.resolve(undefined), NOT_ON_VERSION.notAPage);
      const sent = await sentAtVersion(host, sha, (version) =>
        sendPage(
          reply,
          versionPage(version, route, sha).then((page) => page.value),
          NOT_ON_VERSION.notInVersion,
        ),
      );
      return sent ? reply : await sendPage(reply, Promise.resolve(undefined), NOT_ON_VERSION.noSuchVersion);
    },

    historySiteData: async (request, reply) => {
      const sent =
        SHA.test(request.params.sha) &&
        (await sentAtVersion(host, request.params.sha, (version) => sendSiteData(reply, version, request.params.file)));
      return sent ? reply : reply.code(404).send({ error: 'not_found', message: 'That is not a version.' });
    },

    publishedImage: async (request, reply) =>
      sendPreviewImage(host.workspaces.published.contentDir, request.params.file, reply, 'The published site'),

    historyImage: async (request, reply) => {
      const sent =
        SHA.test(request.params.sha) &&
        (await sentAtVersion(host, request.params.sha, (version) =>
          sendPreviewImage(version.contentDir, request.params.file, reply, 'That version of the site'),
        ));
      return sent ? reply : reply.code(404).send({ error: 'not_found', message: 'That is not a version.' });
    },

    // A preview link's pages, its site's own files, and once published or closed, the page saying it ended (preview-site.ts).
    preview: async (request, reply) => servePreview(host, request.params.token, request.params['*'], reply),
  };
}
