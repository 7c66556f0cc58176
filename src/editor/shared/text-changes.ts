/**
 * The texts and figures a change changes, whole, for a review's word diffs: "Hero › Heading", the text before and
 * after. The change in words (change-words.ts) clips a long text so a list stays short, which can hide a small change at
 * its end; a reviewer reads these instead, word by word.
 */
import type { TextChange } from '../hosted-protocol';
import type { Labeller } from './change-words';
import { fieldWords } from './field-words';
import { mergeJson } from './three-way-merge';

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

export function textChanges(before: unknown, after: unknown, label: Labeller): TextChange[] {
  const { theirChanges } = mergeJson(before, before, after);
  return theirChanges.flatMap((change) => {
    if (change.kind === 'moved') return [];
    const [was, is] = [asText(change.before), asText(change.after)];
    if ((was === undefined && change.kind !== 'added') || (is === undefined && change.kind !== 'removed')) return [];
    const where = fieldWords(change.in === 'base' ? before : after, change.path, label);
    return [{ where, before: was ?? '', after: is ?? '' }];
  });
}
