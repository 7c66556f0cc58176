/**
 * One rule per step a change set can take, each a plain function of its record and who is asking: undefined when the
 * step is allowed, or the refusal in words with its status (403: not this person; 409: not now). The application's
 * functions (change-set-steps.ts, publish.ts, undo-publish.ts) ask them on every request, and review-rules.ts's actionsFor tells the
 * hub from them which buttons to show; what the interface shows is never the check.
 *
 *   - edit (save, restore, update): while it is open (being edited, changes requested, waiting for review, approved);
 *   - submit: its owner (or an admin), once it holds a change, while it is being edited or changes were requested;
 *   - withdraw: its owner (or an admin) takes it back from review (waiting, or approved) to being edited;
 *   - request changes: a reviewer (or admin) who is not its owner, while it waits for review or is approved, with a
 *     comment saying what to change; it goes back to its owner;
 *   - approve: a reviewer (or admin) who neither made it nor saved in it, while it waits for review;
 *   - publish: a reviewer (or admin), once approved; the same to set a time it publishes at by itself;
 *   - cancel a publish time: a reviewer (or admin), while one is set;
 *   - close: its owner (or an admin), while it is open: it leaves the open list, its commits kept;
 *   - reopen: its owner (or an admin), once closed: being edited again;
 *   - remove: its owner (or an admin), once closed: its branch and record put aside under refs/closed*;
 *   - undo as a change set: an editor, reviewer or admin (not a translator: an undo may change any field), once
 *     published and not undone, while no other undo of it is open: a new change set of theirs puts back what it
 *     changed, and goes through review (undo-as-change-set.ts);
 *   - undo a publish at once: an admin only (it skips review), on the same conditions: a new commit on the published
 *     site puts back what it changed (undo-publish.ts's undoPublish).
 * Roles are checked first by the endpoint's permission (accounts/roles.ts); these rules are about this change set.
 */
import type { ChangeSetStatus, Person, Role } from '../../hosted-protocol';
import type { ChangeSetRecord } from '../changes';

export interface Asker extends Person {
  role: Role;
  /** The languages they translate into (accounts/languages.ts); none or absent: every language. */
  languages?: readonly string[];
}

/** A step refused: its status and a sentence a marketer understands. */
interface Refusal {
  status: 403 | 409;
  message: string;
}

type Rule = Refusal | undefined;

const OPEN = new Set<ChangeSetStatus>(['draft', 'changes-requested', 'submitted', 'approved']);
const EDITING = new Set<ChangeSetStatus>(['draft', 'changes-requested']);

const isReviewer = (role: Role) => role === 'reviewer' || role === 'admin';
/** Whether two people are one (emails compare without case). */
export const samePerson = (a: Person, b: Person) => a.email.toLowerCase() === b.email.toLowerCase();
const ownerOrAdmin = (record: ChangeSetRecord, asker: Asker) => samePerson(record.owner, asker) || asker.role === 'admin';

const notNow = (message: string): Refusal => ({ status: 409, message });
const notYou = (message: string): Refusal => ({ status: 403, message });

export function editRule(record: ChangeSetRecord): Rule {
  return OPEN.has(record.status) ? undefined : notNow(`This change set is ${record.status}: start a new one to change anything.`);
}

export function submitRule(record: ChangeSetRecord, asker: Asker, commits: number): Rule {
  if (!EDITING.has(record.status)) return notNow('This change set is not being edited: it was submitted already.');
  if (commits === 0) return notNow('Save a change first: this change set holds none.');
  if (!ownerOrAdmin(record, asker)) return notNow('Only the person who made this change set (or an admin) submits it.');
  return undefined;
}

export function withdrawRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (record.status !== 'submitted' && record.status !== 'approved')
    return notNow('Only a change set waiting for review (or approved) is taken back.');
  if (!ownerOrAdmin(record, asker)) return notYou('Only the person who made this change set (or an admin) takes it back.');
  return undefined;
}

export function requestChangesRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (!isReviewer(asker.role)) return notYou('Only a reviewer asks for changes.');
  if (samePerson(record.owner, asker)) return notYou('Changes are asked for by someone other than the person who made the change set.');
  if (record.status !== 'submitted' && record.status !== 'approved')
    return notNow('Changes are asked for on a change set waiting for review (or approved).');
  return undefined;
}

/**
 * `wroteInIt`: whether the asker wrote in it (review/authorship.ts: a merge that only chose between versions others
 * wrote is not writing); someone who did is no reviewer of it.
 */
export function approveRule(record: ChangeSetRecord, asker: Asker, wroteInIt: boolean): Rule {
  if (wroteInIt) return notYou('You saved changes in this change set: someone who did not approves it.');
  if (samePerson(record.owner, asker)) return notYou('A change set is approved by someone other than the person who made it.');
  if (record.status !== 'submitted' || !isReviewer(asker.role)) return notNow('Only a change set waiting for review is approved.');
  return undefined;
}

export function publishRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (record.status === 'published') return notNow('This change set is published already.');
  if (record.status !== 'approved' || !isReviewer(asker.role)) return notNow('A change set is published once a reviewer approved it.');
  return undefined;
}

/** A publish time is set as publishing is (publishRule), and cancelled by any reviewer while one is set. */
export function cancelPublishAtRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (!isReviewer(asker.role)) return notYou('Only a reviewer cancels a publish time.');
  if (!record.publishAt) return notNow('This change set has no publish time to cancel.');
  return undefined;
}

export function closeRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (!OPEN.has(record.status)) return notNow(`This change set is ${record.status}: there is nothing to close.`);
  if (!ownerOrAdmin(record, asker)) return notYou('Only the person who made this change set (or an admin) closes it.');
  return undefined;
}

export function reopenRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (record.status !== 'closed') return notNow('Only a closed change set is reopened.');
  if (!ownerOrAdmin(record, asker)) return notYou('Only the person who made this change set (or an admin) reopens it.');
  return undefined;
}

export function removeRule(record: ChangeSetRecord, asker: Asker): Rule {
  if (record.status !== 'closed') return notNow('Close this change set first: only a closed change set is removed.');
  if (!ownerOrAdmin(record, asker)) return notYou('Only the person who made this change set (or an admin) removes it.');
  return undefined;
}

/**
 * What both undos need of the change set. `undoing`: the record of a change set made to undo it that is not closed
 * (open, or published), if there is one (review/undo-links.ts).
 */
function undoableRule(record: ChangeSetRecord, undoing: ChangeSetRecord | undefined): Rule {
  if (record.status !== 'published') return notNow('Only a published change set has a publish to undo.');
  if (record.undone) return notNow(`This publish was undone already, by ${record.undone.by.name}.`);
  if (undoing?.status === 'published') return notNow(`This change set was undone already, by “${undoing.title}”.`);
  if (undoing) return notNow(`An undo of this change set is open already: “${undoing.title}”. Publish it, or close it first.`);
  if (!record.published?.range)
    return notNow('This change set was published before the editor kept what its publish changed: undo it by hand in a new change set.');
  return undefined;
}

export function undoAsChangeSetRule(record: ChangeSetRecord, asker: Asker, undoing?: ChangeSetRecord): Rule {
  if (asker.role === 'translator')
    return notYou('An editor, a reviewer or an admin asks for an undo: it may change more than translations.');
  return undoableRule(record, undoing);
}

export function undoPublishRule(record: ChangeSetRecord, asker: Asker, undoing?: ChangeSetRecord): Rule {
  if (asker.role !== 'admin')
    return notYou('Only an admin undoes a publish at once, without review: use “Undo this change set” to have it reviewed.');
  return undoableRule(record, undoing);
}
