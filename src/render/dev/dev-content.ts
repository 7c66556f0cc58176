/**
 * The dev server's view of pages-json/: validated once per save (not per request), with the last
 * version that had no errors kept, so a content mistake never blanks the page being previewed.
 */
import { buildEnv, CONTENT_DIR, SCHEMAS_DIR } from '../../engine/content-env';
import type { Problem } from '../../engine/problems';
import { buildSiteData, type SiteData } from '../../engine/site-data';
import { errorsIn, loadContent, type ContentResult } from '../../engine/validate';

export interface GoodContent {
  result: ContentResult;
  siteData: SiteData;
}

export interface DevContentState {
  /** Errors of the files as they are now (empty when the content is valid). */
  errors: Problem[];
  /** Every problem, warnings included (placeholder text a scaffolded page still has). */
  problems: Problem[];
  /** The content as it is, or as it last was without errors. */
  good?: GoodContent;
}

export function createDevContent() {
  const state: DevContentState = { errors: [], problems: [] };
  const reload = (): DevContentState => {
    const result = loadContent(CONTENT_DIR, SCHEMAS_DIR);
    state.problems = result.problems;
    state.errors = errorsIn(result.problems);
    if (!state.errors.length && result.site) state.good = { result, siteData: buildSiteData(result.site, result.pages, buildEnv()) };
    return state;
  };
  reload();
  return { state, reload };
}
