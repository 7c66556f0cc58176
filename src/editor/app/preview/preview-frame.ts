/**
 * Runs inside the editor's preview iframe (/__edit/preview), a page the dev server renders from the
 * unsaved draft with the build's renderer and the site's own scripts. The editor sends each new
 * rendering; it replaces the page's body in place, keeps the scroll position and starts the page again
 * (its islands and plain scripts: page-start.ts, as the site's entry does at load), as the live preview
 * does after a save. Each section is marked with where it is written, so a click on it selects it in
 * the editor; a link in the preview does not navigate away.
 */
import type { SiteData } from '../../../engine/model/site-data';
import { startPage, stopPage } from '../../../page-start';
import { EARLY_CLICKS_GLOBAL, type PreviewUpdate } from '../../protocol';
import { BLOCK_ATTR, MARK_PREFIX, type FrameMessage, type ParentMessage } from './messages';

const KEPT = 'script[src], script[type="module"], style[data-editor]';
/** Room left above a section scrolled to, for the site's fixed header. */
const HEADER_ROOM = 72;

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

/**
 * The elements that draw a block: the marked element, or, where it has no box of its own (an island's container is
 * `display: contents`), its children that have one.
 */
function drawnElements(element: HTMLElement): HTMLElement[] {
  if (getComputedStyle(element).display !== 'contents') return [element];
  return [...element.children].flatMap((child) => (child instanceof HTMLElement ? drawnElements(child) : []));
}

/** The elements that draw block `index` of the page. */
const blockElements = (index: number) => [...document.querySelectorAll<HTMLElement>(`[${BLOCK_ATTR}="${index}"]`)].flatMap(drawnElements);

/**
 * An outline drawn over a block, as an element of its own laid over the page: never an attribute on the block's
 * elements, whose islands would then hydrate against HTML that is not what the server rendered.
 */
function outline(kind: 'selected' | 'hover') {
  let box = document.querySelector<HTMLElement>(`[data-editor-outline="${kind}"]`);
  if (!box) {
    box = document.createElement('div');
    box.dataset.editorOutline = kind;
    box.setAttribute('aria-hidden', 'true');
    document.documentElement.append(box);
  }
  return box;
}

/** Lays `kind`'s outline over block `index` (none when undefined or not drawn). */
function place(kind: 'selected' | 'hover', index: number | undefined) {
  const box = outline(kind);
  const rects =
    index === undefined
      ? []
      : blockElements(index)
          .map((element) => element.getBoundingClientRect())
          .filter((r) => r.height > 0);
  if (!rects.length) {
    box.hidden = true;
    return;
  }
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  Object.assign(box.style, {
    top: `${top + scrollY}px`,
    left: `${left + scrollX}px`,
    width: `${right - left}px`,
    height: `${bottom - top}px`,
  });
  box.hidden = false;
}

function highlight(mark: string | undefined, scroll: boolean) {
  selected = mark;
  const index = mark === undefined ? -1 : marks.indexOf(mark);
  place('selected', index < 0 ? undefined : index);
  if (index < 0 || !scroll) return;
  const first = blockElements(index).find((element) => element.getBoundingClientRect().height > 0);
  if (!first) return;
  // Sections below the first screen skip layout until near it (content-visibility): lay them out for a true position.
  document.documentElement.setAttribute('data-render-all', '');
  const { top, bottom } = first.getBoundingClientRect();
  // This frame's own scrolling only: scrollIntoView would also scroll the editor around the frame.
  if (top < 0 || bottom > innerHeight) window.scrollTo({ top: window.scrollY + top - HEADER_ROOM, behavior: 'instant' });
  place('selected', index);
}

const style = document.createElement('style');
style.dataset.editor = '';
style.textContent = `
  [${BLOCK_ATTR}] { cursor: pointer; }
  [data-editor-outline] { position: absolute; z-index: 2147483647; pointer-events: none; box-sizing: border-box; }
  [data-editor-outline="hover"] { border: 2px dashed #1f5bc2; }
  [data-editor-outline="selected"] { border: 3px solid #174aa3; }
`;
document.head.append(style);

let siteData: SiteData | undefined;
let queue = Promise.resolve();

async function update(next: PreviewUpdate) {
  const { scrollX, scrollY } = window;
  stopPage();
  const parsed = new DOMParser().parseFromString(`<body>${next.body}</body>`, 'text/html');
  document.title = next.title;
  document.documentElement.lang = next.siteData.locale.code;
  document.documentElement.dir = next.siteData.locale.dir;
  const kept = [...document.body.querySelectorAll(KEPT)];
  document.body.replaceChildren(...[...parsed.body.childNodes], ...kept);
  marks = next.marks;
  siteData = next.siteData;
  markBlocks();
  window.scrollTo(scrollX, scrollY);
  post({ type: 'updated' });
  const site = siteData;
  await startPage(() => import('../../../site/browser-providers').then((m) => m.browserProviders(site)));
}

window.addEventListener('message', (event: MessageEvent<ParentMessage>) => {
  if (event.origin !== location.origin || event.source !== window.parent) return;
  const message = event.data;
  if (message.type === 'update') {
    queue = queue.then(() => update(message.update)).catch((error: unknown) => console.error('[editor preview] could not update', error));
  } else if (message.type === 'highlight') highlight(message.mark, true);
});

// The hovered section is outlined too; the outlines follow the page as it lays out again (fonts, images, a resize).
document.addEventListener('mouseover', (event) => {
  const block = event.target instanceof Element ? event.target.closest(`[${BLOCK_ATTR}]`) : null;
  place('hover', block ? Number(block.getAttribute(BLOCK_ATTR)) : undefined);
});
document.addEventListener('mouseleave', () => place('hover', undefined));
new ResizeObserver(() => highlight(selected, false)).observe(document.body);

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
