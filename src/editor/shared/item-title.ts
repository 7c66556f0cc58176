/** What names an item of a list (a card, a question, a plan) to a person: the app's outlines and the change words use it. */
import { isObject } from './json-path';

/** The text of an item that names it in a list: its title, label, heading, question... */
export function itemTitle(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (!isObject(item)) return undefined;
  for (const key of ['title', 'label', 'heading', 'question', 'name', 'feature', 'value', 'id', 'slot']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}
