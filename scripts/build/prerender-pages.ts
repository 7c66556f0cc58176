/**
 * Renders the build's pages with the prerender bundle, on every core: this thread renders a share and worker threads
 * (one per other core, and at most one thread per PAGES_PER_THREAD pages) render the rest, each loading the bundle
 * once. Shares interleave, so long and short pages spread evenly. Returns every page's outcome in the build's order;
 * a crash (not a block's render error, which is an outcome) rejects.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PrerenderOutcome, PrerenderShare } from '../../src/render/entry-server';

type EntryServer = typeof import('../../src/render/entry-server');

/**
 * Below this many pages per thread, another thread (about 0.8 s to start and load the bundle) costs more than it
 * saves. Measured on this 2-core machine: the real site's 96 pages took 2.8 to 3.2 s in one thread or two; 1,000
 * synthetic pages 11 to 14 s in one thread, 7 to 11 s in two (the second core is not always a whole core here).
 */
const PAGES_PER_THREAD = 50;

/** A worker thread's whole script: import the bundle it was given and run its worker body (typed, in the bundle). */
const WORKER_SCRIPT = `import(require('node:worker_threads').workerData.bundle).then((bundle) => bundle.prerenderShare())`;

export async function prerenderPages(
  bundleUrl: string,
  contexts: PrerenderShare['contexts'],
  pages: Omit<PrerenderShare['jobs'][number], 'index'>[],
): Promise<PrerenderOutcome[]> {
  // PRERENDER_THREADS=1 renders in this thread alone; the build-failure test sets 2 to cover the worker path.
  const threads =
    Number(process.env.PRERENDER_THREADS) || Math.max(1, Math.min(availableParallelism(), Math.floor(pages.length / PAGES_PER_THREAD)));
  const jobs = pages.map((page, index) => ({ ...page, index }));
  const shareOf = (thread: number) => jobs.filter((job) => job.index % threads === thread);
  const outcomes: PrerenderOutcome[] = [];
  const helpers = Array.from({ length: threads - 1 }, (_, helper) => {
    const share: PrerenderShare = { contexts, jobs: shareOf(helper + 1) };
    return new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: { ...share, bundle: bundleUrl } });
      worker.on('message', (outcome: PrerenderOutcome) => (outcomes[outcome.index] = outcome));
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a prerender thread exited with code ${code}`))));
    });
  });
  // Handled from now on: a thread that crashes while this one renders fails the build with its error, once.
  const helpersDone = Promise.all(helpers);
  const bundle = (await import(bundleUrl)) as EntryServer;
  await bundle.loadIslandComponents();
  for (const { index, page, context } of shareOf(0)) outcomes[index] = bundle.prerenderOne(index, page, contexts[context]);
  await helpersDone;
  const missing = jobs.filter((job) => !outcomes[job.index]);
  if (missing.length) throw new Error(`no prerender thread returned ${missing.map((job) => job.page.file).join(', ')}`);
  return outcomes;
}
