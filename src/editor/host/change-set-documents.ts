/**
 * A change set's documents as the editor's endpoints write them (src/editor/server/document-store.ts): each write is
 * planned, written, staged and committed by the person saving in one turn of the change set's git queue
 * (ChangeRepository.planSave), so nothing is written into the worktree outside the queue, nothing twice, and every
 * answered save is that person's commit of what they saved.
 */
import type { ContentResult } from '../../engine/load/load-content';
import { blockLabeller } from '../server/block-labels';
import type { DocumentStore, WriteOutcome, WritePlan } from '../server/document-store';
import type { CommitResult, PlannedSave } from './changes';

const CONTENT = 'pages-json';

/** ChangeRepository.planSave for one change set and one person. */
export type PlanSave = <T>(plan: (worktree: string) => Promise<PlannedSave<T>>) => Promise<{ answer: T; commit?: CommitResult }>;

export function changeSetDocuments(options: {
  planSave: PlanSave;
  /** The change set's content as last validated: a template page's sections are named by its template's blocks. */
  result: () => ContentResult | undefined;
  /** After a write, once its turn is over (`committed`: it made a commit). */
  written: (committed: boolean) => void;
}): DocumentStore {
  return {
    async write<T>(plan: () => Promise<WritePlan<T>> | WritePlan<T>): Promise<WriteOutcome<T>> {
      const { answer, commit } = await options.planSave<T>(async () => {
        const planned = await plan();
        if ('refused' in planned) return planned;
        return {
          files: Object.fromEntries(Object.entries(planned.files).map(([file, text]) => [`${CONTENT}/${file}`, text])),
          blockLabel: blockLabeller(planned.document, options.result()),
          answer: planned.answer,
        };
      });
      if (commit) options.written(commit.committed);
      return { answer, written: commit !== undefined, committed: commit?.committed ?? false };
    },
  };
}
