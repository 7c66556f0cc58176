/**
 * What a preview link (preview-links.ts) opens, under `/preview/<token>/`: a change set's draft site, read-only, each
 * page under a banner naming the change set and saying it is not the live site; the site's own files (its favicon,
 * fonts, images) as the live site serves them; and once the change set is published or closed, a page saying the
 * preview has ended, with the link to the page on the live site. A new link opens the first page the change set
 * changes rather than the home page.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../render/html';
import { changeSetAndRecord, type HostContext } from './host-context';
import { checkPreviewToken } from './preview-links';
import { documentsChangedSinceStart } from './review/change-set-detail';
import { imageFileIn, imagesWithin } from './preview-image-urls';
import { sendPreviewImage } from './preview-images';
import { plainPage } from './plain-page';
import { PREVIEW_WORDS } from './preview-words';
import { sendSiteData } from './routes/site-data';
import type { SiteRendering } from './content-worker/content-workers';

/** Links within a preview's pages stay within it (`/story` -> `/preview/<token>/story`); bundles are the editor's own. */
const linksWithin = (html: string, base: string) => html.replace(/(href=")\/(?!\/|assets\/|fonts\/)/g, `$1${base}/`);

/** The banner, first in the page's body: on a dark ground (contrast over 12:1), above the site's own header. */
function withBanner(html: string, title: string): string {
  const banner =
    `<aside aria-label="${PREVIEW_WORDS.bannerLabel}" data-preview-banner style="background:#1a1b1e;color:#fff;` +
    `font:600 15px/1.4 system-ui,sans-serif;padding:8px 16px;text-align:center">${escapeHtml(PREVIEW_WORDS.banner(title))}</aside>`;
  return html.replace(/<body([^>]*)>/, (body) => `${body}\n${banner}`);
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(html);

/** The live site's address (`origin` of its configuration), as published at `sha`. */
async function liveOrigin(host: HostContext, sha: string): Promise<string | undefined> {
  const text = await host.repo.fileAt(sha, 'pages-json/_site.json');
  try {
    const origin = (JSON.parse(text ?? '{}') as { origin?: unknown }).origin;
    return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** A file of the site's own (`favicon.svg`, `assets/…`), as the editor's bundles hold it; undefined for a page. */
function siteFile(host: HostContext, rest: string): string | undefined {
  if (!/\.[a-z0-9]+$/i.test(rest) || rest.startsWith('__site-data/')) return undefined;
  const relative = normalize(rest);
  if (relative.startsWith('..') || relative.startsWith('/')) return undefined;
  const path = join(host.assets.clientDir, relative);
  return existsSync(path) && statSync(path).isFile() ? relative : undefined;
}

/** The first page the change set changes (a page's own, or one that shows a changed collection), else the home page. */
export async function firstChangedPage(host: HostContext, id: string): Promise<string> {
  const { changeSet, record } = await changeSetAndRecord(host, id);
  const documents = record.published ? record.published.documents : (await documentsChangedSinceStart(host, changeSet)).value;
  return documents.find((document) => document.status !== 'removed' && document.routes.length > 0)?.routes[0] ?? '/';
}

/** Answers `GET /preview/<token>/<rest>`. */
export async function servePreview(host: HostContext, token: string, rest: string, reply: FastifyReply) {
  reply.header('Referrer-Policy', 'no-referrer');
  const check = checkPreviewToken(host.previewSecret, token, host.now());
  if (!check.ok) return sendHtml(reply, 403, plainPage({ heading: PREVIEW_WORDS.brokenTitle, text: check.message }));
  const file = siteFile(host, rest);
  if (file) return reply.header('Cache-Control', 'private, max-age=3600').sendFile(file, host.assets.clientDir);
  const { changeSet, record } = await changeSetAndRecord(host, check.id);
  if (record.status === 'closed')
    return sendHtml(reply, 410, plainPage({ heading: PREVIEW_WORDS.closedTitle(changeSet.title), text: PREVIEW_WORDS.closed }));
  const published = record.published?.range?.after ?? record.publishedCommit;
  if (record.status === 'published' || published) {
    const origin = published ? await liveOrigin(host, published) : undefined;
    const live = origin && !rest.startsWith('__site-data/') ? { href: `${origin}/${rest}`, text: PREVIEW_WORDS.liveLink } : undefined;
    return sendHtml(
      reply,
      410,
      plainPage({ heading: PREVIEW_WORDS.publishedTitle(changeSet.title), text: PREVIEW_WORDS.published, ...(live ? { link: live } : {}) }),
    );
  }
  const base = `/preview/${token}`;
  const show = async (rendering: SiteRendering, contentDir: string) => {
    if (rest.startsWith('__site-data/')) return sendSiteData(reply, rendering, rest.slice('__site-data/'.length));
    const image = imageFileIn(rest);
    if (image !== undefined) return sendPreviewImage(contentDir, image, reply);
    const { value: page } = await rendering.page(`/${rest}`, `${base}/__site-data`);
    if (page === undefined) return sendHtml(reply, 404, plainPage({ heading: PREVIEW_WORDS.noPage, text: PREVIEW_WORDS.noPageHint }));
    return sendHtml(reply, 200, withBanner(imagesWithin(linksWithin(page, base), base), changeSet.title));
  };
  return await host.workspaces.editing(check.id, (workspace) => show(workspace.rendering, workspace.contentDir));
}
