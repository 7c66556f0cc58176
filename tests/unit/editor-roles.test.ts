/**
 * Who may do what in the hosted editor (src/editor/host/accounts/roles.ts), as the design note sets it out: the whole
 * table, written out here so that any change to it shows as a failing row, and the refusal a person reads.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, can, isRole, permissionsOf, refusalFor, ROLES, type Action, type Role } from '../../src/editor/host/accounts/roles';

/** Rows: actions; columns: translator, editor, reviewer, admin. */
const TABLE: Record<Action, [translator: boolean, editor: boolean, reviewer: boolean, admin: boolean]> = {
  read: [true, true, true, true],
  'edit-structure': [false, true, true, true],
  'edit-translations': [true, true, true, true],
  submit: [true, true, true, true],
  comment: [true, true, true, true],
  approve: [false, false, true, true],
  publish: [false, false, true, true],
  'manage-accounts': [false, false, false, true],
};
const COLUMNS: Role[] = ['translator', 'editor', 'reviewer', 'admin'];

describe('the permission table', () => {
  it('covers every action and role', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ACTIONS].sort());
    expect([...COLUMNS].sort()).toEqual([...ROLES].sort());
  });

  for (const action of ACTIONS) {
    it(`${action}: ${COLUMNS.filter((_, i) => TABLE[action][i]).join(', ')}`, () => {
      expect(COLUMNS.map((role) => can(role, action))).toEqual(TABLE[action]);
    });
  }

  it('a translator changes translations but never structure; only an admin manages accounts', () => {
    expect(can('translator', 'edit-translations')).toBe(true);
    expect(can('translator', 'edit-structure')).toBe(false);
    expect(ROLES.filter((role) => can(role, 'manage-accounts'))).toEqual(['admin']);
  });

  it("lists a role's permissions for the interface, in the order of the actions", () => {
    expect(permissionsOf('translator')).toEqual(['read', 'edit-translations', 'submit', 'comment']);
    expect(permissionsOf('admin')).toEqual([...ACTIONS]);
  });

  it('knows the roles by name only', () => {
    expect(ROLES.every(isRole)).toBe(true);
    for (const value of ['Admin', 'owner', '', undefined, 1]) expect(isRole(value)).toBe(false);
  });
});

describe('a refusal in words', () => {
  it('names the role, what was asked, the permission and who has it', () => {
    expect(refusalFor('translator', 'edit-structure')).toBe(
      'Your role (translator) may not change pages, collections, templates and the site configuration: this needs the "edit-structure" permission, which the editor, reviewer and admin roles have.',
    );
    expect(refusalFor('reviewer', 'manage-accounts')).toBe(
      'Your role (reviewer) may not manage accounts: this needs the "manage-accounts" permission, which only the admin role has.',
    );
  });
});
