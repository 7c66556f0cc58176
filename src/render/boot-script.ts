/**
 * The one script tag a prerendered page carries. It starts the app only after the browser
 * has painted the page, so downloading and running JavaScript never delays the content;
 * it then preloads every module the page needs at once in parallel (no request waterfall)
 * and imports the entry. Its text is the same on every page (the CSP hashes it once); the
 * modules come from its data attributes.
 */
const BOOT = [
  `const boot = document.querySelector('script[data-entry]');`,
  `const start = () => {`,
  `  for (const href of boot.dataset.preload.split(' ').filter(Boolean)) {`,
  `    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });`,
  `    document.head.append(link);`,
  `  }`,
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
