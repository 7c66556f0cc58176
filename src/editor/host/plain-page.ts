/**
 * The one shell of the editor's plain pages, those that only say something in words: a page missing from a version
 * of the site (page-not-on-version.ts, shown in a frame) and a preview link that ended or does not open
 * (preview-site.ts). A heading, a sentence and maybe a link, readable alone or in a frame: no scripts, no styles but
 * its own, never indexed. The words are the callers' (their words modules); only the HTML is here.
 */
import { escapeHtml } from '../../render/html';

export interface PlainPage {
  heading: string;
  text: string;
  link?: { href: string; text: string };
}

export function plainPage({ heading, text, link }: PlainPage): string {
  const anchor = link ? `\n      <p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(heading)}</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;color:#1a1b1e;margin:0;padding:2rem 1.5rem}main{max-width:40rem}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 .5rem}</style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(heading)}</h1>
      <p>${escapeHtml(text)}</p>${anchor}
    </main>
  </body>
</html>
`;
}
