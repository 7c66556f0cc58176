/**
 * The review's rules, one per step (src/editor/host/application/transition-rules.ts), for each role as the change
 * set's author and as someone else, in each status: who may submit, withdraw, request changes, approve, publish,
 * close, reopen, remove, undo as a new change set and undo a publish at once, and when a change set is edited at all.
 */
import { describe, expect, test } from 'vitest';
import {
  approveRule,
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
} from '../../src/editor/host/application/transition-rules';
import type { ChangeSetRecord } from '../../src/editor/host/changes';
import type { ChangeSetStatus, Role } from '../../src/editor/hosted-protocol';

const ROLES: Role[] = ['admin', 'reviewer', 'editor', 'translator'];
const STATUSES: ChangeSetStatus[] = ['draft', 'changes-requested', 'submitted', 'approved', 'published', 'closed'];

const person = (role: Role, who: 'author' | 'other'): Asker => ({ name: `${role} ${who}`, email: `${who}-${role}@example.com`, role });

function record(status: ChangeSetStatus, owner: Asker): ChangeSetRecord {
  return {
    id: 'cs',
    title: 'A change',
    owner: { name: owner.name, email: owner.email.toUpperCase() },
    createdAt: '2026-12-01T00:00:00Z',
    updatedAt: '2026-12-01T00:00:00Z',
    status,
    comments: [],
    approvals: [],
  };
}

/** Every role as author and as someone else, in every status: whether the rule allows it. */
function table(rule: (record: ChangeSetRecord, asker: Asker) => unknown) {
  const rows: string[] = [];
  for (const status of STATUSES)
    for (const role of ROLES)
      for (const who of ['author', 'other'] as const) {
        const asker = person(role, who);
        // The author is the asker (emails compare without case) or an editor who is not them.
        const owner = who === 'author' ? asker : person('editor', 'author');
        if (!rule(record(status, owner), asker)) rows.push(`${status} ${role} ${who}`);
      }
  return rows;
}

const allowed = (statuses: ChangeSetStatus[], people: string[]) => statuses.flatMap((status) => people.map((p) => `${status} ${p}`));
const EVERYONE = ROLES.flatMap((role) => [`${role} author`, `${role} other`]);
const AUTHORS_AND_ADMINS = ['admin author', 'admin other', 'reviewer author', 'editor author', 'translator author'];

describe('the review’s rules, by role, author or not', () => {
  test('edit: while open, whoever asks (the endpoints check which files a role may change)', () => {
    expect(table((r) => editRule(r))).toEqual(allowed(['draft', 'changes-requested', 'submitted', 'approved'], EVERYONE));
    expect(editRule(record('published', person('admin', 'author')))?.status).toBe(409);
  });

  test('submit: its author or an admin, once it holds a change, while being edited or sent back', () => {
    expect(table((r, a) => submitRule(r, a, 1))).toEqual(allowed(['draft', 'changes-requested'], AUTHORS_AND_ADMINS));
    expect(submitRule(record('draft', person('editor', 'author')), person('editor', 'author'), 0)?.message).toMatch(/Save a change first/);
  });

  test('withdraw: its author or an admin takes it back from review', () => {
    expect(table((r, a) => withdrawRule(r, a))).toEqual(allowed(['submitted', 'approved'], AUTHORS_AND_ADMINS));
    expect(withdrawRule(record('submitted', person('editor', 'author')), person('reviewer', 'other'))?.status).toBe(403);
  });

  test('request changes: a reviewer or admin who did not make it, while it waits for review or is approved', () => {
    expect(table((r, a) => requestChangesRule(r, a))).toEqual(allowed(['submitted', 'approved'], ['admin other', 'reviewer other']));
    expect(requestChangesRule(record('submitted', person('reviewer', 'author')), person('reviewer', 'author'))?.status).toBe(403);
    expect(requestChangesRule(record('submitted', person('editor', 'author')), person('editor', 'other'))?.status).toBe(403);
  });

  test('approve: a reviewer or admin who neither made it nor saved in it, while it waits for review', () => {
    expect(table((r, a) => approveRule(r, a, false))).toEqual(allowed(['submitted'], ['admin other', 'reviewer other']));
    const saver = person('reviewer', 'other');
    const refused = approveRule(record('submitted', person('editor', 'author')), saver, true);
    expect(refused).toEqual({ status: 403, message: 'You saved changes in this change set: someone who did not approves it.' });
  });

  test('publish: a reviewer or admin, once approved (its author too: the approval was someone else’s)', () => {
    expect(table((r, a) => publishRule(r, a))).toEqual(
      allowed(['approved'], ['admin author', 'admin other', 'reviewer author', 'reviewer other']),
    );
    expect(publishRule(record('published', person('admin', 'author')), person('admin', 'author'))?.message).toMatch(/published already/);
  });

  test('close: its author or an admin, while open; reopen and remove: its author or an admin, once closed', () => {
    expect(table((r, a) => closeRule(r, a))).toEqual(allowed(['draft', 'changes-requested', 'submitted', 'approved'], AUTHORS_AND_ADMINS));
    expect(table((r, a) => reopenRule(r, a))).toEqual(allowed(['closed'], AUTHORS_AND_ADMINS));
    expect(table((r, a) => removeRule(r, a))).toEqual(allowed(['closed'], AUTHORS_AND_ADMINS));
    expect(closeRule(record('draft', person('editor', 'author')), person('reviewer', 'other'))?.status).toBe(403);
    expect(removeRule(record('draft', person('editor', 'author')), person('editor', 'author'))?.message).toMatch(
      /Close this change set first/,
    );
  });

  const withRange = (r: ChangeSetRecord): ChangeSetRecord => ({
    ...r,
    published: { documents: [], commits: [], range: { before: 'a', after: 'b' } },
  });
  const published = withRange(record('published', person('editor', 'author')));
  const undone = { ...published, undone: { by: { name: 'Rita', email: 'rita@example.com' }, date: '2026-12-02T00:00:00Z', commit: 'c' } };
  /** A change set made to undo `published`, in a status. */
  const undoing = (status: ChangeSetStatus): ChangeSetRecord => ({
    ...record(status, person('editor', 'other')),
    id: 'undo-cs',
    title: 'Undo: A change',
    undoes: { id: 'cs', title: 'A change' },
  });

  test('undo as a change set: an editor, reviewer or admin, author or not, once published, once, when its publish was kept', () => {
    expect(table((r, a) => undoAsChangeSetRule(withRange(r), a))).toEqual(
      allowed(
        ['published'],
        EVERYONE.filter((who) => !who.startsWith('translator')),
      ),
    );
    const editor = person('editor', 'other');
    expect(undoAsChangeSetRule(published, person('translator', 'other'))?.status).toBe(403);
    expect(undoAsChangeSetRule(undone, editor)).toEqual({ status: 409, message: 'This publish was undone already, by Rita.' });
    // One undo at a time: while one is open, and once one is published; a closed one leaves room for another.
    expect(undoAsChangeSetRule(published, editor, undoing('submitted'))).toEqual({
      status: 409,
      message: 'An undo of this change set is open already: “Undo: A change”. Publish it, or close it first.',
    });
    expect(undoAsChangeSetRule(published, editor, undoing('published'))).toEqual({
      status: 409,
      message: 'This change set was undone already, by “Undo: A change”.',
    });
    expect(undoAsChangeSetRule(record('published', person('editor', 'author')), editor)?.message).toMatch(
      /undo it by hand in a new change set/,
    );
  });

  test('undo a publish at once: an admin only (it skips review), author or not, on the same conditions', () => {
    expect(table((r, a) => undoPublishRule(withRange(r), a))).toEqual(allowed(['published'], ['admin author', 'admin other']));
    const admin = person('admin', 'other');
    expect(undoPublishRule(published, person('reviewer', 'other'))).toEqual({
      status: 403,
      message: 'Only an admin undoes a publish at once, without review: use “Undo this change set” to have it reviewed.',
    });
    expect(undoPublishRule(undone, admin)).toEqual({ status: 409, message: 'This publish was undone already, by Rita.' });
    expect(undoPublishRule(published, admin, undoing('draft'))?.status).toBe(409);
    expect(undoPublishRule(record('published', person('editor', 'author')), admin)?.message).toMatch(/undo it by hand in a new change set/);
  });
});
