/**
 * A prerender worker thread's work (scripts/build/prerender-pages.ts starts one for each core beyond the first, each on this
 * bundle): render its share of the pages and post each one back, rendered or with the message of the block that could not be.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderContext } from '../engine/model/render-context';
import { BlockRenderError, loadIslandComponents, renderPage, type PageToRender, type RenderedPage, type SharedHtml } from './render-page';

/** What a worker is given: the render contexts (one per language) once, and its pages, each naming its context. */
export interface PrerenderShare {
  contexts: RenderContext[];
  jobs: { index: number; page: PageToRender; context: number }[];
}

/** One page's outcome, by its index in the build's list of pages. */
export type PrerenderOutcome = { index: number; rendered: RenderedPage } | { index: number; failure: string; causeStack?: string };

/** The HTML rendered so far that later pages share, per render context (one per language): their frame and islands. */
const sharedHtml = new WeakMap<RenderContext, SharedHtml>();

/** Renders one page; a block that cannot render is an outcome, anything else a crash of the build. */
export function prerenderOne(index: number, page: PageToRender, context: RenderContext): PrerenderOutcome {
  if (!sharedHtml.has(context)) sharedHtml.set(context, { islands: new Map() });
  try {
    return { index, rendered: renderPage(page, context, sharedHtml.get(context)) };
  } catch (error) {
    if (!(error instanceof BlockRenderError)) throw error;
    return { index, failure: error.message, causeStack: error.cause instanceof Error ? error.cause.stack : undefined };
  }
}

/** The worker thread's body: its share from workerData, each outcome posted as soon as it is ready. */
export async function prerenderShare(): Promise<void> {
  const { contexts, jobs } = workerData as PrerenderShare;
  await loadIslandComponents();
  for (const { index, page, context } of jobs) parentPort!.postMessage(prerenderOne(index, page, contexts[context]));
}
