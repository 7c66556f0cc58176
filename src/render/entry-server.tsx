/** The prerender bundle's entry (`vite build --ssr`): what scripts/build/build.ts and the dev server call. */
export { BlockRenderError, loadIslandComponents, renderPage, type PageToRender, type RenderedPage } from './render-page';
export { htmlDocument, SPECULATION_RULES, type DocumentAssets } from './document';
export { bootScriptTag, bootScriptText } from './boot-script';
export { prerenderOne, prerenderShare, type PrerenderOutcome, type PrerenderShare } from './prerender-worker';
