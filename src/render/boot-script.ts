/**
 * The one script tag a prerendered page carries. It starts the app only after the browser
 * has painted the page, so downloading and running JavaScript never delays the content;
 * it then preloads every module the page needs in parallel (no request waterfall) and imports
 * the entry. Its text is the same on every page (the CSP hashes it once); the modules come
 * from its data attributes.
 */

/**
 * Each modulepreload link starts its request as it is added (about half a millisecond each in a trace): the home
 * page's 14 in one go made one task long enough to count as blocking under Lighthouse's 4x CPU slowdown, so they are
 * added a few per task.
 */
const PRELOADS_PER_TASK = 4;

const BOOT = [
  `const boot = document.querySelector('script[data-entry]');`,
  `const queue = [];`,
  // A message, not a timer: the next batch waits for no clock (tests' fake clocks hold timers).
  `const batches = new MessageChannel();`,
  `const preloadSome = () => {`,
  `  for (const href of queue.splice(0, ${PRELOADS_PER_TASK})) {`,
  `    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });`,
  `    document.head.append(link);`,
  `  }`,
  `  if (queue.length) batches.port2.postMessage(null);`,
  `  else batches.port1.close();`,
  `};`,
  `batches.port1.onmessage = preloadSome;`,
  `const start = () => {`,
  `  queue.push(...boot.dataset.preload.split(' ').filter(Boolean));`,
  `  preloadSome();`,
  `  import(boot.dataset.entry);`,
  `};`,
  `if (document.visibilityState === 'visible' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {`,
  `  new PerformanceObserver((_, observer) => { observer.disconnect(); start(); }).observe({ type: 'paint', buffered: true });`,
  `} else {`,
  `  start();`,
  `}`,
].join('\n');

/** The script's exact text, newlines included: the CSP hashes this. */
export const bootScriptText = `\n${BOOT}\n`;

export function bootScriptTag(entry: string, preload: string[]): string {
  return `<script type="module" data-entry="${entry}" data-preload="${preload.join(' ')}">${bootScriptText}</script>`;
}
