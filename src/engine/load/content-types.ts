/** What loading the content gives: the pages as they render, the collections, the templates and every problem found. */
import type { Collections } from '../model/collections';
import type { PageDoc } from './page-schema';
import type { JsonPath, Location, Problem } from '../model/problems';
import type { MediaRecord } from '../model/media';
import type { SiteConfig } from '../model/site-schema';
import type { CompiledTemplate } from './templates/compile-template';

export interface LoadedPage {
  /** Path inside pages-json, with forward slashes: `use-cases/collections.json`. */
  file: string;
  /** Route, or null for the not-found page. */
  route: string | null;
  section: string;
  /** The page as it renders: a page on a template is already expanded. */
  doc: PageDoc;
  /** The template the page is written on, if any. */
  template?: string;
  /** Where a path of `doc` is written: on a template page, in the page's file or in the template's. */
  locate: (path: JsonPath) => Location;
}

export interface ContentResult {
  problems: Problem[];
  site?: SiteConfig;
  pages: LoadedPage[];
  collections: Collections;
  templates: Map<string, CompiledTemplate>;
  /** The media library's records by id, as this language has them (src/engine/model/media.ts). */
  media: Record<string, MediaRecord>;
}
