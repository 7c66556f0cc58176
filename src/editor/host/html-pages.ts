/**
 * The hosted editor's HTML pages: its own pages (data-app="hub": signing in, change sets, review, history) and the
 * editor of one change set (data-editor-base: where that change set's endpoints are). Each tells the app the
 * session's CSRF token; none holds anything else of the person.
 */
import { escapeHtml } from '../../render/html';
import type { BuiltAssets } from './built-assets';
import { scriptTags } from './site-pages';

interface PageOptions {
  title: string;
  /** The session's CSRF token (absent on the sign-in page, before there is a session). */
  csrf?: string;
  /** Attributes of `<html>` besides these. */
  data?: Record<string, string>;
}

function page(assets: BuiltAssets, { title, csrf, data = {} }: PageOptions): string {
  const attributes = Object.entries({ ...data, ...(csrf ? { csrf } : {}) })
    .map(([name, value]) => ` data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(value)}"`)
    .join('');
  const scripts = scriptTags(assets.appScripts);
  return `<!doctype html>
<html lang="en" data-mantine-color-scheme="light"${attributes}>
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${escapeHtml(assets.appStylesheet)}" />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <div id="root"></div>
    ${scripts}
  </body>
</html>
`;
}

/** Signing in, change sets, review, history. */
export const hubPage = (assets: BuiltAssets, csrf?: string) => page(assets, { title: 'Reachwell editor', csrf, data: { app: 'hub' } });

/** The editor, on one change set; `permissions` (the role's) and `languages` (none: all) let it lock what the server would refuse. */
export const editorPage = (
  assets: BuiltAssets,
  changeSet: { id: string; title: string; base: string },
  session: { csrf: string; permissions: readonly string[]; languages: readonly string[] },
) =>
  page(assets, {
    title: `${changeSet.title} · Reachwell editor`,
    csrf: session.csrf,
    data: {
      editorBase: changeSet.base,
      changeSet: changeSet.id,
      changeSetTitle: changeSet.title,
      permissions: session.permissions.join(' '),
      languages: session.languages.join(' '),
    },
  });
