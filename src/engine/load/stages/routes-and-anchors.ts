/**
 * Stage 6: the site's addresses. Two files may not claim one route (`foo.json` and `foo/index.json`), nor one take an
 * address something else answers (another language's pages, the build's assets, the server's own endpoints); and the
 * anchors of each route, which links with `#id` are checked against.
 */
import { fileProblem, locate, type Problem, type SourceDocument } from '../../model/problems';
import { fileToRoute } from '../../model/routes';
import type { SiteConfig } from '../../model/site-schema';
import type { AnchorsByRoute } from '../checks/content-checks';
import { reservedRouteReason } from '../checks/reserved-routes';
import type { LoadedPage } from '../content-types';

export function checkRoutes(pages: LoadedPage[], site: SiteConfig | undefined, display: (file: string) => string, problems: Problem[]) {
  const prefixes = (site?.locales ?? []).map((locale) => locale.prefix).filter(Boolean);
  const owners = new Map<string, string>();
  for (const page of pages) {
    if (page.route === null) continue;
    const reserved = reservedRouteReason(page.route, prefixes);
    if (reserved)
      problems.push(
        fileProblem(display(page.file), `the address ${page.route} is taken: ${reserved}`, 'rename the file or move it to another folder'),
      );
    const other = owners.get(page.route);
    if (other)
      problems.push(
        fileProblem(
          display(page.file),
          `route ${page.route} is already served by ${display(other)}`,
          'rename or remove one of the two files',
        ),
      );
    else owners.set(page.route, page.file);
  }
}

/**
 * Block ids must be unique within a page; they are the anchors links can use. A valid page's ids come from its
 * expanded blocks (a template may set them); an invalid page still claims its route and the ids written in its JSON,
 * so one broken page does not cascade into broken links.
 */
export function collectAnchors(
  pageFiles: string[],
  pages: LoadedPage[],
  sources: ReadonlyMap<string, SourceDocument>,
  problems: Problem[],
): AnchorsByRoute {
  const anchorsByRoute: AnchorsByRoute = new Map();
  for (const file of pageFiles) {
    const route = fileToRoute(file);
    const loaded = pages.find((page) => page.file === file);
    const doc = (loaded?.doc ?? sources.get(file)?.doc) as { blocks?: unknown } | undefined;
    const blocks = doc && Array.isArray(doc.blocks) ? (doc.blocks as { id?: unknown }[]) : undefined;
    const ids = new Set<string>();
    blocks?.forEach((block, i) => {
      if (typeof block?.id !== 'string') return;
      if (ids.has(block.id)) {
        const path = ['blocks', i, 'id'];
        problems.push({
          ...(loaded ? loaded.locate(path) : locate(sources.get(file)!, path)),
          message: `duplicate block id ${JSON.stringify(block.id)}`,
          hint: 'give each block its own id: links point at one block with #id',
          severity: 'error',
        });
      }
      ids.add(block.id);
    });
    if (route !== null) anchorsByRoute.set(route, blocks ? ids : 'unknown');
  }
  return anchorsByRoute;
}
