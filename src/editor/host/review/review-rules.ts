/**
 * What a person may do with a change set now, for its page (which buttons the hub shows), and what a save does to
 * it. The rules themselves are one function per step in application/transition-rules.ts, which the server asks on
 * every request, whatever the interface showed; this reads them all at once.
 *   - A save after approval takes the approval back (the reviewer approved something else): it waits for review again.
 *   - A publish time belongs to the approval it was set on: whatever ends the approval drops the time, saying why.
 */
import type { ChangeSetActions } from '../../hosted-protocol';
import {
  approveRule,
  cancelPublishAtRule,
  closeRule,
  editRule,
  publishRule,
  removeRule,
  reopenRule,
  requestChangesRule,
  submitRule,
  undoAsChangeSetRule,
  undoPublishRule,
  withdrawRule,
  type Asker,
} from '../application/transition-rules';
import type { ChangeSetRecord, Person } from '../changes';

export { samePerson, type Asker } from '../application/transition-rules';

/**
 * `commits`: how many saves it holds (approve also needs who made them: change-set-detail.ts adds that); `undoing`:
 * the change set made to undo it, open or published (undo-links.ts).
 */
export function actionsFor(record: ChangeSetRecord, asker: Asker, commits: number, undoing?: ChangeSetRecord): ChangeSetActions {
  return {
    // Every role changes something (a translator the translations; the endpoints check which files).
    edit: !editRule(record),
    submit: !submitRule(record, asker, commits),
    comment: true,
    approve: !approveRule(record, asker, false),
    publish: !publishRule(record, asker),
    withdraw: !withdrawRule(record, asker),
    requestChanges: !requestChangesRule(record, asker),
    close: !closeRule(record, asker),
    reopen: !reopenRule(record, asker),
    remove: !removeRule(record, asker),
    cancelPublishAt: !cancelPublishAtRule(record, asker),
    undo: !undoPublishRule(record, asker, undoing),
    undoAsChangeSet: !undoAsChangeSetRule(record, asker, undoing),
  };
}

/** A save was committed to the change set: an approval no longer covers it. */
export function afterSave(record: ChangeSetRecord, date = new Date(), by?: Person) {
  if (record.status === 'approved')
    endApproval(
      record,
      'submitted',
      date,
      `${by ? `${by.name} saved it` : 'It was saved'} after its approval, so it does not publish by itself: once it is approved again, a reviewer can set a new time.`,
      by,
    );
}

/**
 * The change set leaves review's end for `status` (taken back, changes asked for, closed, saved again): its approvals
 * go, and with them its publish time, if one was set: the page says why. Left, the time would publish it at a moment
 * nobody chose once it was approved again (or, after a restart, at a later start).
 */
export function endApproval(record: ChangeSetRecord, status: ChangeSetRecord['status'], date: Date, whyNoPublishTime: string, by?: Person) {
  record.status = status;
  record.approvals = [];
  delete record.approvedHead;
  if (!record.publishAt) return;
  delete record.publishAt;
  record.publishAtDropped = { date: date.toISOString(), reason: whyNoPublishTime, beforeItsTime: true, ...(by ? { by } : {}) };
}
