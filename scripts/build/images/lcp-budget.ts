/**
 * The LCP budget held again with the variants the build has just made: the build's validation weighed each page's
 * first image with the variants the image cache had then, so an image new or changed since the last build (none made
 * yet) passed unweighed. Now each is in dist/_img/: one over the budget at phone width stops the build, named by its
 * page, its field and the fix, as `npm run validate` names it.
 */
import { join } from 'node:path';
import { fileSize, pageLcpProblem } from '../../../src/engine/load/checks/image-checks';
import type { LoadedPage } from '../../../src/engine/load/content-types';
import { MEDIA_DIR, type MediaRecord } from '../../../src/engine/model/media';
import { formatProblem, type Problem } from '../../../src/engine/model/problems';
import { IMAGE_URL_PREFIX } from '../../../src/engine/model/picture';

/** The pages whose first image is over the budget at phone width, weighed with the files in `dist`. */
export function imagesOverBudget(
  dist: string,
  contentDir: string,
  content: { pages: readonly LoadedPage[]; media: Readonly<Record<string, MediaRecord>> },
): Problem[] {
  const sizes = {
    media: content.media,
    mediaFileSize: (file: string) => fileSize(join(contentDir, MEDIA_DIR, file)),
    variantSize: (name: string) => fileSize(join(dist, IMAGE_URL_PREFIX, name)),
  };
  return content.pages.flatMap((page) => pageLcpProblem(page, sizes) ?? []);
}

/** Prints them, as the build prints content errors, and what it means for the build. */
export function reportOverBudget(problems: readonly Problem[]) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\n${problems.length} page(s) would paint late on a phone; the site was not finished (dist/ is incomplete).`);
}
