/** What the hub says about undoing a publish (UndoPublish.tsx, the change set's page and list). */
import type { Clash, UndoneBy } from '../../hosted-protocol';
import { whenInWords } from './words';

export const UNDO_WORDS = {
  button: 'Undo this publish',
  confirmTitle: 'Undo this publish?',
  confirmBody:
    'A new publish puts back, on the live site, what this change set changed, field by field, as it was before it was ' +
    'published. Changes published since stay. The whole site is checked first, then published, pushed and served as a ' +
    'publish is. This change set stays in the list, marked undone.',
  confirm: 'Yes, undo the publish',
  keep: 'Keep it published',
  doneTitle: 'Publish undone',
  refusedTitle: 'Not undone: a later publish changed the same fields',
  refusedAdvice: 'Undo the later change set first, or change these fields by hand in a new change set. Nothing was changed.',
  invalidTitle: 'Not undone: the site would not be valid',
  listBadge: 'Published, then undone',
} as const;

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
