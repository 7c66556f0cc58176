/**
 * What the hub says about undoing a published change set: through review as a new change set (UndoAsChangeSet.tsx),
 * at once for an admin (UndoPublish.tsx), and the links between the two change sets (UndoLinks.tsx, the list).
 */
import type { ChangeSetStatus, ChangeSetSummary, Clash, UndoneBy } from '../../hosted-protocol';
import { STATUS_WORDS, whenInWords } from './words';

/** Undo through review: a new change set that puts it back. */
export const UNDO_CHANGE_SET_WORDS = {
  button: 'Undo this change set',
  confirmTitle: 'Undo this change set?',
  confirmBody:
    'A new change set, yours, puts back what this change set changed, field by field, as it was before it was ' +
    'published. Changes published since to other fields stay. Nothing changes on the live site yet: submit the new ' +
    'change set for review, and it is published like any other once a reviewer approves it.',
  confirm: 'Yes, make the undo',
  keep: 'Cancel',
  refusedTitle: 'Not made: a later publish changed the same fields',
  refusedAdvice: 'Undo the later change set first, or change these fields by hand in a new change set. Nothing was made.',
  undoes: 'Undoes',
  undoneIn: 'Undone in',
  undoOpen: 'An undo of it is on its way:',
} as const;

/** Undo at once, for an admin: it skips review. */
export const UNDO_WORDS = {
  button: 'Undo now',
  confirmTitle: 'Undo now, without review?',
  confirmBody:
    'A new publish puts back, on the live site, what this change set changed, field by field, as it was before it was ' +
    'published. Changes published since stay. Nobody reviews it: the whole site is checked first, then published, ' +
    'pushed and served as a publish is. This change set stays in the list, marked undone.',
  confirm: 'Yes, undo it now',
  keep: 'Keep it published',
  doneTitle: 'Publish undone',
  refusedTitle: 'Not undone: a later publish changed the same fields',
  refusedAdvice: 'Undo the later change set first, or change these fields by hand in a new change set. Nothing was changed.',
  invalidTitle: 'Not undone: the site would not be valid',
  listBadge: 'Published, then undone',
} as const;

/** Its status in words for its badge: "Published, then undone" once either undo of it is published. */
export const statusInWords = (changeSet: Pick<ChangeSetSummary, 'status' | 'undone' | 'undoneIn'>) =>
  changeSet.undone || changeSet.undoneIn?.status === 'published' ? UNDO_WORDS.listBadge : STATUS_WORDS[changeSet.status];

/** Whether the change set that undoes another is published ("Undone in") or still on its way. */
export const undoneInLabel = (status: ChangeSetStatus) =>
  status === 'published' ? UNDO_CHANGE_SET_WORDS.undoneIn : UNDO_CHANGE_SET_WORDS.undoOpen;

/** "Publish undone by Rita Review, 2 Dec 2026, 06:10." */
export const undoneInWords = (undone: UndoneBy) => `Publish undone by ${undone.by.name}, ${whenInWords(undone.date)}.`;

/**
 * A field a later publish changed too, naming that publish: "Story › Hero › Heading: now “B”, published by Ana Lima
 * in “Spring prices” (2 Dec 2026, 06:01); this change set had made it “A”."
 */
export function laterPublishInWords(clash: Clash): string {
  const where = clash.where === 'the whole document' ? clash.document : `${clash.document} › ${clash.where}`;
  if (!clash.key) return `${where}: ${clash.published}.`;
  const by = clash.publishedBy;
  const who = by ? ` by ${by.name}${by.changeSet ? ` in “${by.changeSet.title}”` : ''} (${whenInWords(by.date)})` : ' since';
  return `${where}: now ${clash.published}, published${who}; this change set had made it ${clash.before ?? 'what it is not any more'}.`;
}
