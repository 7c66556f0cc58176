/**
 * Who may do what in the hosted editor: the four roles, the actions an endpoint can require, and the one table that
 * joins them (docs/editor-server.md, "Accounts and sign-in"). Every endpoint names the action it needs and the server
 * checks it with can(); what the interface shows or hides is never the check.
 */

export const ROLES = ['editor', 'translator', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  'read',
  'edit-structure',
  'edit-translations',
  'submit',
  'comment',
  'approve',
  'publish',
  'manage-accounts',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Each role's actions, written out in full rather than inherited, so the table reads as it is enforced. A reviewer
 * may not approve a change set of their own: that rule needs the change set, and the change-set routes check it.
 */
const PERMISSIONS: Record<Role, readonly Action[]> = {
  translator: ['read', 'edit-translations', 'submit', 'comment'],
  editor: ['read', 'edit-structure', 'edit-translations', 'submit', 'comment'],
  reviewer: ['read', 'edit-structure', 'edit-translations', 'submit', 'comment', 'approve', 'publish'],
  admin: ['read', 'edit-structure', 'edit-translations', 'submit', 'comment', 'approve', 'publish', 'manage-accounts'],
};

/** What an action lets a person do, for a refusal a person understands. */
const ACTION_WORDS: Record<Action, string> = {
  read: "read the site's content",
  'edit-structure': 'change pages, collections, templates and the site configuration',
  'edit-translations': 'change translations',
  submit: 'submit a change set for review',
  comment: 'comment on a change set',
  approve: 'approve a change set',
  publish: 'publish a change set',
  'manage-accounts': 'manage accounts',
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export function can(role: Role, action: Action): boolean {
  return PERMISSIONS[role].includes(action);
}

/** Every action the role allows, in the order of ACTIONS (the editor's interface hides what it cannot do). */
export function permissionsOf(role: Role): Action[] {
  return ACTIONS.filter((action) => can(role, action));
}

/** The 403 message: what was asked, which role the person has, and which roles may. */
export function refusalFor(role: Role, action: Action): string {
  const allowed = ROLES.filter((r) => can(r, action));
  const who =
    allowed.length === 1 ? `only the ${allowed[0]} role has` : `the ${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1)} roles have`;
  return `Your role (${role}) may not ${ACTION_WORDS[action]}: this needs the "${action}" permission, which ${who}.`;
}
