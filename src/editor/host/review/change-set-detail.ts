/**
 * A change set as its page shows it: its summary for lists, and in detail its saves, its documents with their changes
 * in words and the pages to compare them on, comments, approvals and what the person asking may do now. Once
 * published, what it published as it was then (git counts its saves as the published site's afterwards).
 */
import type { ChangedDocument, ChangeSetDetail, ChangeSetSummary } from '../../hosted-protocol';
import type { ChangeSet, ChangeSetRecord } from '../changes';
import { changeSetAndRecord, personOf, type HostContext } from '../host-context';
import { actionsFor, type Asker } from './review-rules';
import { wroteIn } from './authorship';
import { clashInWords } from './conflict-words';
import { undoingOf, undoneInOf } from './undo-links';
import type { Made } from './rendered-cache';

/** Why its publish time was dropped, as its page says it (who did it is in the sentence; the record keeps them for the notice). */
const withoutWho = ({ by: _by, ...dropped }: NonNullable<ChangeSetRecord['publishAtDropped']>) => dropped;

/** What a list shows of a change set: a listed one (list-change-sets.ts) is enough. */
export const summaryOf = (
  changeSet: Pick<ChangeSet, 'id' | 'title' | 'owner' | 'createdAt' | 'ahead'>,
  record: ChangeSetRecord,
): ChangeSetSummary => ({
  id: changeSet.id,
  title: changeSet.title,
  owner: personOf(changeSet.owner),
  status: record.status,
  createdAt: changeSet.createdAt,
  updatedAt: record.updatedAt,
  // Once published, git counts its saves as the published site's (ahead is 0): its record kept them.
  commits: record.published ? record.published.commits.length : changeSet.ahead,
  ...(record.publishAt ? { publishAt: { at: record.publishAt.at, by: personOf(record.publishAt.by) } } : {}),
  ...(record.publishAtDropped ? { publishAtDropped: withoutWho(record.publishAtDropped) } : {}),
  ...(record.undone ? { undone: record.undone } : {}),
  ...(record.undoes ? { undoes: record.undoes } : {}),
});

export async function detailOf(host: HostContext, id: string, asker: Asker): Promise<ChangeSetDetail> {
  const { changeSet, record } = await changeSetAndRecord(host, id);
  if (record.published) {
    const { documents, commits } = record.published;
    // Only a published change set is undone: the undo of it, if one was asked for, is looked up for it alone.
    const undoing = await undoingOf(host, id);
    return {
      ...summaryOf(changeSet, record),
      ...undoneInOf(undoing),
      commits: commits.length,
      commitsList: commits,
      documents,
      comments: record.comments,
      approvals: record.approvals,
      actions: actionsFor(record, asker, commits.length, undoing),
      behindPublished: false,
      clashes: [],
    };
  }
  const commits = await host.repo.commits(id);
  const actions = actionsFor(record, asker, commits.length);
  // Its documents in words, kept by its start, its latest save and its content (review-cache.ts).
  const changedDocuments = () => documentsChangedSinceStart(host, changeSet);
  const [documents, clashes] = await Promise.all([
    host.reviewCache.inWorktree(changeSet.worktree, ['documents', changeSet.base, changeSet.head], changedDocuments),
    host.repo.clashes(changeSet),
  ]);
  return {
    ...summaryOf(changeSet, record),
    commits: commits.length,
    commitsList: commits.map((commit) => ({
      sha: commit.sha,
      author: personOf(commit.author),
      date: commit.date,
      // Its first line ("Story: Hero › Heading"); the changes in words are listed per document above.
      message: commit.subject,
      files: commit.files.map((file) => file.path),
    })),
    documents,
    comments: record.comments,
    approvals: record.approvals,
    // Who wrote in it does not approve it (review-rules.ts knows the owner; the authors are git's: authorship.ts).
    actions: { ...actions, approve: actions.approve && !wroteIn(commits, asker) },
    behindPublished: changeSet.behind > 0,
    clashes: clashes.map(clashInWords),
  };
}

/** An unpublished change set's documents in words: each file it changed, from its start to its latest save. */
export async function documentsChangedSinceStart(host: HostContext, changeSet: ChangeSet): Promise<Made<ChangedDocument[]>> {
  const files = await host.repo.changedFiles(changeSet.id);
  const versions = await Promise.all(
    files.map(async (file) => ({
      path: file.path,
      before: await host.repo.fileAt(changeSet.base, file.from ?? file.path),
      after: await host.repo.fileAt(changeSet.head, file.path),
    })),
  );
  return host.workspaces.editing(changeSet.id, (workspace) => workspace.changedDocuments(versions));
}
