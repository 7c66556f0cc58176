/**
 * Development only (the dev server adds this script): when a file in pages-json/ is saved, the open
 * page is rendered again on the server and swapped in place, started again (page-start.ts: its
 * islands and plain scripts, as at load), scroll kept, with no reload. A content mistake shows the
 * problems over the last good page until the file is fixed.
 */
import type { Problem } from '../engine/model/problems';
import { startPage, stopPage } from '../page-start';
import { loadPageSiteData, SITE_DATA_ATTR } from '../site/page-site-data';
import {
  CONTENT_EVENT,
  CONTENT_STATE_PATH,
  CONTENT_VERSION_SCRIPT_ID,
  PROBLEMS_SCRIPT_ID,
  type ContentMessage,
} from './live-preview-protocol';
import { hideProblems, showProblems } from './problem-overlay';

/** The page's script tags are not swapped: they ran once and keep running. */
const KEPT = 'script[src], script[type="module"]';

async function refreshPage() {
  const response = await fetch(location.href, { headers: { accept: 'text/html' } });
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  const { scrollX, scrollY } = window;
  stopPage();
  document.title = next.title;
  for (const meta of next.head.querySelectorAll('meta[name], meta[property]')) {
    const key = meta.hasAttribute('name') ? `name="${meta.getAttribute('name')}"` : `property="${meta.getAttribute('property')}"`;
    document.head.querySelector(`meta[${key}]`)?.setAttribute('content', meta.getAttribute('content') ?? '');
  }
  // The page's language may have changed with the save (a language removed from _site.json): its site data too.
  for (const name of ['lang', 'dir', SITE_DATA_ATTR])
    document.documentElement.setAttribute(name, next.documentElement.getAttribute(name) ?? '');
  const kept = [...document.body.querySelectorAll(KEPT)];
  document.body.replaceChildren(...[...next.body.childNodes].filter((node) => !(node instanceof Element && node.matches(KEPT))), ...kept);
  window.scrollTo(scrollX, scrollY);
  // The page starts again (its plain scripts and islands, as at load), with the site data as saved (past the module the
  // page loaded first).
  await startPage(() =>
    Promise.all([import('../site/browser-providers'), loadPageSiteData({ fresh: true })]).then(([m, site]) => m.browserProviders(site)),
  );
}

let queue = Promise.resolve();

function onContent(message: ContentMessage) {
  // One refresh at a time, in the order of the saves. A refresh that fails (the server busy or
  // restarting) is reported and must not stop the ones after it: the chain always continues.
  queue = queue
    .then(async () => {
      // This page's language's problems: the default language's, and a translation's on a page in its language.
      const lang = document.documentElement.lang;
      const errors = message.errors.filter((problem) => !problem.locale || problem.locale === lang);
      if (errors.length) {
        showProblems(errors, message.hasGoodPage);
        return;
      }
      if (document.documentElement.hasAttribute('data-content-error-page')) {
        location.reload(); // the error page had nothing to keep: load the page now that it renders
        return;
      }
      await refreshPage();
      showPageProblems();
    })
    .catch((error: unknown) => console.error('[live preview] could not update the page; save again to retry', error));
}

/** The problems the server rendered into the page (content errors, and the TODO text the page still has), or none. */
function showPageProblems() {
  const script = document.getElementById(PROBLEMS_SCRIPT_ID);
  const problems = script?.textContent ? (JSON.parse(script.textContent) as Problem[]) : [];
  if (problems.length) showProblems(problems, !document.documentElement.hasAttribute('data-content-error-page'));
  else hideProblems();
}

/**
 * A save whose message went out while this page was loading (before this script listened, or before the page's
 * connection to the dev server was up) is caught up with: if the server's content is newer than the page's, the page
 * is updated as on a message. Checked when this script starts and whenever the connection (re)opens.
 */
async function catchUp() {
  const pageVersion = Number(document.getElementById(CONTENT_VERSION_SCRIPT_ID)?.textContent);
  try {
    const message = (await (await fetch(CONTENT_STATE_PATH, { cache: 'no-store' })).json()) as ContentMessage;
    if (message.version !== pageVersion) onContent(message);
  } catch {
    // The dev server is not answering (restarting): the connection opening again checks again.
  }
}

showPageProblems();
import.meta.hot?.on(CONTENT_EVENT, onContent);
import.meta.hot?.on('vite:ws:connect', () => void catchUp());
void catchUp();
