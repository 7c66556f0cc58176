/** The HTML document around a rendered page: head tags, the stylesheet, prefetching, the script. */
import { escapeHtml } from './html';
import { resolvedTheme } from '../theme/theme';
import { SITE_DATA_ATTR } from '../site/page-site-data';
import type { RenderedPage } from './render-page';

/**
 * Speculation rules: the browser prefetches a same-site page when the visitor hovers or presses a
 * link to it (`moderate`), so the full page load that follows is near-instant. Navigation stays
 * the platform's own (one model for every link: see README), and browsers without speculation
 * rules simply load the page.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: { href_matches: '/*' }, eagerness: 'moderate' }],
});

export interface DocumentAssets {
  stylesheets: string[];
  /** Fonts on every first screen, fetched with the HTML rather than after the CSS. */
  fontPreloads: string[];
  /** The page's script tags (the boot script in a build, Vite's client and the entry in development). */
  scripts: string;
  /** The address of the module with the site data of the page's language, which its islands load (src/site/page-site-data.ts). */
  siteData: string;
}

export function htmlDocument(page: RenderedPage, assets: DocumentAssets): string {
  const head = [
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    `<meta name="theme-color" content="${escapeHtml(resolvedTheme.colors.brand[8])}" />`,
    page.head,
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
    ...assets.fontPreloads.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}" />`),
    `<script type="speculationrules">${SPECULATION_RULES}</script>`,
  ];
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'en')}" dir="${page.dir ?? 'ltr'}" ${SITE_DATA_ATTR}="${escapeHtml(assets.siteData)}" data-mantine-color-scheme="light">
  <head>
    ${head.join('\n    ')}
  </head>
  <body>
    ${page.body}
    ${assets.scripts}
  </body>
</html>
`;
}
