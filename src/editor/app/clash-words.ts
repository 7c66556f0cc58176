/** How the hub and the editor's toolbar say a clash: who published the other version, and the headline over them. */
import type { Clash } from '../hosted-protocol';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "published by Rita Review, 2 Dec 2026, 14:05, in “Terms heading one”"; empty when unknown. */
export function publishedByWords(clash: Clash): string {
  const by = clash.publishedBy;
  if (!by) return '';
  return `published by ${by.name}, ${dateTime.format(new Date(by.date))}${by.changeSet ? `, in “${by.changeSet.title}”` : ''}`;
}

/** "This change set and “Terms heading one” (published by Rita Review) changed the same field differently". */
export function clashHeadline(clashes: Clash[]): string {
  const fields = clashes.length === 1 ? 'the same field' : `the same ${clashes.length} fields`;
  const others = [...new Set(clashes.map((clash) => clash.publishedBy?.changeSet?.title).filter((title) => title !== undefined))];
  const publishers = [...new Set(clashes.map((clash) => clash.publishedBy?.name).filter((name) => name !== undefined))];
  if (others.length === 1 && publishers.length === 1)
    return `This change set and “${others[0]}” (published by ${publishers[0]}) collide: both changed ${fields} differently`;
  return `This change set and the published site collide: both changed ${fields} differently`;
}
