/**
 * What a reviewer must see of a change set before approving it: every page it changes, in every language, and every
 * warning of its documents. A page is changed when what its rendering reads differs between the change set's start
 * and its latest save: the same render inputs an incremental publish compares to know which pages to render again
 * (scripts/build/render-inputs.ts), so a collection's change lists every page that shows it and a translation's only
 * pages in its language. Once published: between the site just before and just after its publish.
 */
import type { AffectedPage, ReviewAnswer } from '../../hosted-protocol';
import type { SiteRendering } from '../content-worker/content-workers';
import { changeSetAndRecord, HostError, type HostContext } from '../host-context';
import type { PageInputs } from './page-inputs';
import type { Made } from './rendered-cache';

/** The render inputs of the site's version at `sha` (of the pages that read `files`; every page's with none). */
const inputsAt = async (host: HostContext, sha: string, files: string[]) => {
  const inputs = await host.workspaces.atVersion(sha, (version) => version.inputs(files));
  if (!inputs) throw new HostError(404, 'That version of the site is no longer in the editor’s repository.');
  return inputs;
};

/**
 * The review of a change set, kept by content (review-cache.ts): by its start and its content's tree, or once
 * published by the two versions' trees. A save makes a new tree, so a review is never stale; a change being saved
 * (its worktree not its commit yet) is reviewed afresh and nothing kept.
 */
export async function reviewOf(host: HostContext, id: string): Promise<ReviewAnswer> {
  const { changeSet, record } = await changeSetAndRecord(host, id);
  const cache = host.reviewCache;
  const range = record.published?.range;
  if (range) return cache.atCommits([range.before, range.after], ['review'], () => affectedPages(host, id));
  if (record.published) return (await affectedPages(host, id)).value;
  return cache.inWorktree(changeSet.worktree, ['review', changeSet.base], () => affectedPages(host, id));
}

/** The review, and whether both sides were read from exactly their content (not while one has errors). */
async function affectedPages(host: HostContext, id: string): Promise<Made<ReviewAnswer>> {
  const { changeSet, record } = await changeSetAndRecord(host, id);
  let files: string[];
  let start: string;
  let after: (files: string[]) => ReturnType<SiteRendering['inputs']>;
  if (record.published) {
    files = record.published.documents.map((document) => document.file);
    const { range } = record.published;
    if (!range) return { value: { pages: [], warnings: [] }, exact: true };
    start = range.before;
    after = (asked) => inputsAt(host, range.after, asked);
  } else {
    files = (await host.repo.changedFiles(id)).flatMap((file) => (file.from ? [file.path, file.from] : [file.path]));
    start = changeSet.base;
    after = (asked) => host.workspaces.editing(id, (workspace) => workspace.rendering.inputs(asked));
  }
  // The start's inputs kept by its content: a review after each save reads only the change set's own content again.
  const before = () =>
    host.reviewCache.atCommits([start], ['inputs'], async () => {
      const inputs = await inputsAt(host, start, []);
      return { value: inputs, exact: inputs.exact };
    });
  const [was, is] = await Promise.all([before(), after(files)]);
  return { value: { pages: changedPages(was.pages, is.pages, files), warnings: is.warnings }, exact: was.exact && is.exact };
}

/** The pages whose inputs differ (or are new), those whose own document changed first, then in the site's order. */
function changedPages(before: PageInputs[], after: PageInputs[], files: string[]): AffectedPage[] {
  const was = new Map(before.map((page) => [page.key, page.hash]));
  const changed = new Set(files);
  const pages = after
    .filter((page) => was.get(page.key) !== page.hash)
    .map((page) => ({
      path: page.path,
      route: page.route,
      title: page.title,
      language: page.language,
      isNew: !was.has(page.key),
      direct: page.files.some((file) => changed.has(file)),
    }));
  return [...pages.filter((page) => page.direct), ...pages.filter((page) => !page.direct)];
}
