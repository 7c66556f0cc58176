/** A publish's or an update's conflict as the review page shows it: where, and each side's value in words. */
import { describe } from '../../shared/change-words';
import type { PublishConflict } from '../../hosted-protocol';
import type { Conflict } from '../changes';

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
