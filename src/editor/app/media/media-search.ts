/** An image matches a search when every word of it is in its name or its alt text (case and accents aside). */
import type { MediaItem } from '../../media-protocol';

const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function matchesSearch(item: MediaItem, search: string): boolean {
  const haystack = folded(`${item.id} ${item.file} ${item.alt ?? ''}`);
  return folded(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
