/**
 * Runs inside the editor's preview iframe (/__edit/preview), a page the dev server renders from the
 * unsaved draft with the build's renderer and the site's own scripts. The editor sends each new
 * rendering; it replaces the page's body in place, keeps the scroll position and starts the islands
 * again, as the live preview does after a save. Each section is marked with where it is written, so a
 * click on it selects it in the editor; a link in the preview does not navigate away.
 */
import type { SiteData } from '../../../engine/site-data';
import { startIslands, stopIslands } from '../../../hydration/runtime';
import { islandLoaders } from '../../../islands';
import { EARLY_CLICKS_GLOBAL, type PreviewUpdate } from '../../protocol';
import { BLOCK_ATTR, MARK_PREFIX, type FrameMessage, type ParentMessage } from './messages';

const KEPT = 'script[src], script[type="module"], style[data-editor]';
const SELECTED = 'data-editor-selected';

let marks: string[] = JSON.parse(document.getElementById('reachwell-editor-marks')?.textContent ?? '[]') as string[];
let selected: string | undefined;

function post(message: FrameMessage) {
  window.parent.postMessage(message, location.origin);
}

/** Marks the elements of each block with its index: the comment the server put before it says where a block starts. */
function markBlocks() {
  const main = document.getElementById('main');
  if (!main) return;
  let index: number | undefined;
  for (const node of [...main.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE && node.textContent?.startsWith(MARK_PREFIX))
      index = Number(node.textContent.slice(MARK_PREFIX.length));
    else if (node instanceof HTMLElement && index !== undefined) node.setAttribute(BLOCK_ATTR, String(index));
  }
  highlight(selected, false);
}

function highlight(mark: string | undefined, scroll: boolean) {
  selected = mark;
  for (const element of document.querySelectorAll(`[${SELECTED}]`)) element.removeAttribute(SELECTED);
  const index = mark === undefined ? -1 : marks.indexOf(mark);
  if (index < 0) return;
  const elements = [...document.querySelectorAll<HTMLElement>(`[${BLOCK_ATTR}="${index}"]`)];
  elements.forEach((element) => element.setAttribute(SELECTED, ''));
  if (!scroll) return;
  const first = elements.find((element) => element.getBoundingClientRect().height > 0);
  if (first) {
    const { top, bottom } = first.getBoundingClientRect();
    if (top < 0 || bottom > innerHeight) first.scrollIntoView({ block: 'start' });
  }
}

const style = document.createElement('style');
style.dataset.editor = '';
style.textContent = `
  [${BLOCK_ATTR}] { cursor: pointer; }
  [${BLOCK_ATTR}]:hover { outline: 2px dashed #1f5bc2; outline-offset: -2px; }
  [${SELECTED}] { outline: 3px solid #174aa3 !important; outline-offset: -3px; }
`;
document.head.append(style);

let siteData: SiteData | undefined;
let queue = Promise.resolve();

async function update(next: PreviewUpdate) {
  const { scrollX, scrollY } = window;
  stopIslands();
  const parsed = new DOMParser().parseFromString(`<body>${next.body}</body>`, 'text/html');
  document.title = next.title;
  const kept = [...document.body.querySelectorAll(KEPT)];
  document.body.replaceChildren(...[...parsed.body.childNodes], ...kept);
  marks = next.marks;
  siteData = next.siteData;
  markBlocks();
  window.scrollTo(scrollX, scrollY);
  post({ type: 'updated' });
  const site = siteData;
  await startIslands(islandLoaders, () => import('../../../site/browser-providers').then((m) => m.browserProviders(site)));
}

window.addEventListener('message', (event: MessageEvent<ParentMessage>) => {
  if (event.origin !== location.origin || event.source !== window.parent) return;
  const message = event.data;
  if (message.type === 'update') {
    queue = queue.then(() => update(message.update)).catch((error: unknown) => console.error('[editor preview] could not update', error));
  } else if (message.type === 'highlight') highlight(message.mark, true);
});

/** Selects, in the editor, the section an element belongs to. */
function selectBlockOf(target: Element | null) {
  const block = target?.closest(`[${BLOCK_ATTR}]`);
  if (!block) return;
  const mark = marks[Number(block.getAttribute(BLOCK_ATTR))];
  if (mark !== undefined) post({ type: 'select', mark });
}

// A click on a section selects it in the editor; links do not leave the preview (buttons still work: the islands are live).
document.addEventListener(
  'click',
  (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('a[href]')) event.preventDefault();
    selectBlockOf(target);
  },
  true,
);

markBlocks();
post({ type: 'ready' });
// Clicks made before this script ran (the page shows first; the document's inline script kept them): the last one counts.
const early = (window as unknown as Record<string, Element[] | undefined>)[EARLY_CLICKS_GLOBAL];
(window as unknown as Record<string, Element[] | undefined>)[EARLY_CLICKS_GLOBAL] = undefined;
const lastEarly = early?.findLast((target) => target.isConnected);
if (lastEarly) selectBlockOf(lastEarly);
