/**
 * Who may do what with a change set, and what each step does to it: the one place the review's rules are written.
 * The server asks these on every request, whatever the interface showed.
 *   - It is edited while open (being edited, waiting for review, approved); a save after approval takes the approval
 *     back (the reviewer approved something else), so it waits for review again.
 *   - Its owner (or an admin) submits it for review, once it holds a change.
 *   - A reviewer (or admin) who is not its owner approves it while it waits for review, unless they wrote in it
 *     (authorship.ts: a merge that only chose between versions others wrote is not writing); anyone signed in comments.
 *   - A reviewer (or admin) publishes it once approved.
 */
import type { ChangeSetActions, Person, Role } from '../../hosted-protocol';
import type { ChangeSetRecord } from '../changes';

export interface Asker extends Person {
  role: Role;
}

const OPEN = new Set(['draft', 'submitted', 'approved']);
const isReviewer = (role: Role) => role === 'reviewer' || role === 'admin';
/** Whether two people are one (emails compare without case). */
export const samePerson = (a: Person, b: Person) => a.email.toLowerCase() === b.email.toLowerCase();

export function actionsFor(record: ChangeSetRecord, asker: Asker, commits: number): ChangeSetActions {
  const open = OPEN.has(record.status);
  return {
    // Every role changes something (a translator the translations; the endpoints check which files).
    edit: open,
    submit: record.status === 'draft' && commits > 0 && (samePerson(record.owner, asker) || asker.role === 'admin'),
    comment: true,
    approve: record.status === 'submitted' && isReviewer(asker.role) && !samePerson(record.owner, asker),
    publish: record.status === 'approved' && isReviewer(asker.role),
  };
}

/** A save was committed to the change set: an approval no longer covers it. */
export function afterSave(record: ChangeSetRecord) {
  if (record.status === 'approved') {
    record.status = 'submitted';
    record.approvals = [];
    delete record.approvedHead;
  }
}
