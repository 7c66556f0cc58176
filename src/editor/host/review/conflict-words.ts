/** A publish's or an update's conflict as the review page shows it: where, and each side's value in words. */
import { describe } from '../../shared/change-words';
import type { Clash as ClashInWords, PublishConflict } from '../../hosted-protocol';
import type { Clash, Conflict } from '../changes';

export const conflictInWords = (conflict: Conflict): PublishConflict =>
  conflict.kind === 'file'
    ? { file: conflict.file, where: 'the whole document', published: conflict.reason, changeSet: '' }
    : {
        file: conflict.file,
        key: conflict.key,
        where: conflict.place,
        published: describe(conflict.published),
        changeSet: describe(conflict.changeSet),
      };

/** A clash as a change set's page and the editor's toolbar say it: the conflict in words, its document, who published the other side. */
export function clashInWords(clash: Clash): ClashInWords {
  const words: ClashInWords = { ...conflictInWords(clash), document: clash.document };
  if (clash.kind !== 'file') {
    if (clash.base !== undefined) words.before = describe(clash.base);
    if (clash.kind === 'value' && typeof clash.changeSet === 'string' && typeof clash.published === 'string')
      words.texts = { changeSet: clash.changeSet, published: clash.published };
  }
  if (clash.publishedBy) {
    const { person, date, changeSet } = clash.publishedBy;
    words.publishedBy = { name: person.name, email: person.email, date, ...(changeSet ? { changeSet } : {}) };
  }
  return words;
}

/** A merge's conflicts in words, each with its clash's document and publisher where the clashes name it. */
export const conflictsInWords = (conflicts: Conflict[], clashes: Clash[]): ClashInWords[] =>
  conflicts.map((conflict) => {
    const clash = clashes.find(
      (candidate) =>
        candidate.file === conflict.file && (conflict.kind === 'file' || (candidate.kind !== 'file' && candidate.key === conflict.key)),
    );
    return clash ? clashInWords(clash) : { ...conflictInWords(conflict), document: conflict.file };
  });
