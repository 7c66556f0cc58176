/** The diff a marketer sees before a save: unified diff lines of two texts, three lines of context around each change. */
import { structuredPatch } from 'diff';
import type { DiffLine } from '../protocol';

export function diffLines(before: string, after: string): { diff: DiffLine[]; added: number; removed: number } {
  const { hunks } = structuredPatch('before', 'after', before, after, '', '', { context: 3 });
  const diff: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  hunks.forEach((hunk, index) => {
    if (index > 0 || hunk.oldStart > 1) diff.push({ kind: 'gap', text: `line ${hunk.newStart}` });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith('\\')) continue; // "\ No newline at end of file"
      if (line.startsWith('+')) {
        diff.push({ kind: 'added', text, newLine: newLine++ });
        added++;
      } else if (line.startsWith('-')) {
        diff.push({ kind: 'removed', text, oldLine: oldLine++ });
        removed++;
      } else diff.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  });
  return { diff, added, removed };
}
