/**
 * The page documents as the browser sees them: one lazily loaded chunk per
 * page, discovered from the pages-json folder (the `@content` alias). Loading a
 * page also loads the code of the blocks it uses.
 */
import { loadBlockComponents } from '../blocks/components';
import siteData from 'virtual:site-data';
import type { PageDoc } from '../engine/page-schema';
import { resolveContent } from '../engine/resolve';
import { fileToRoute, isPageFile, NOT_FOUND_FILE } from '../engine/routes';

const modules = import.meta.glob<PageDoc>(['@content/**/*.json', '!@content/**/_*.json'], { import: 'default' });

export interface PageEntry {
  file: string;
  route: string | null;
  load: () => Promise<PageDoc>;
}

export const pageEntries: PageEntry[] = Object.entries(modules)
  .map(([path, importer]) => {
    const file = path.replace(/^.*?pages-json\//, '').replace(/^@content\//, '');
    const load = async () => {
      const doc = resolveContent(await importer(), siteData.config);
      await loadBlockComponents(doc.blocks);
      return doc;
    };
    return { file, route: fileToRoute(file), load };
  })
  .filter((entry) => isPageFile(entry.file));

export const notFoundEntry = pageEntries.find((entry) => entry.file === NOT_FOUND_FILE)!;
