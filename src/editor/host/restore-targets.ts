/**
 * Where a person may restore a version of a document: into an open change set of theirs (one they started, or one
 * they saved in), or into a new one. A restore is a save in that change set by that person; putting one into a
 * colleague's change set they never worked in would make them an author of it behind its owner's back (and take a
 * reviewer out of approving it), so the server refuses it whatever the history view offered.
 */
import { TRANSLATIONS_DIR } from '../../engine/load/i18n/paths';
import type { RestoreTarget } from '../hosted-protocol';
import { can } from './accounts/roles';
import type { ChangeSet, ChangeSetRecord } from './changes';
import { HostError, type HostContext } from './host-context';
import { actionsFor, samePerson, type Asker } from './review/review-rules';

/** A document's permission: a translation needs `edit-translations`, anything else `edit-structure`. */
const restorePermissionFor = (file: string) =>
  file.startsWith(`pages-json/${TRANSLATIONS_DIR}/`) ? 'edit-translations' : 'edit-structure';

/** Which of `changeSets` are the asker's (they started it, or saved in it), asking git once for all of them. */
async function theirsAmong<T extends ChangeSetRecord & { head: string }>(host: HostContext, changeSets: T[], asker: Asker): Promise<T[]> {
  const others = changeSets.filter((changeSet) => !samePerson(changeSet.owner, asker));
  const authors = others.length ? await host.repo.authorsAt(others.map((changeSet) => changeSet.head)) : new Map<string, never>();
  return changeSets.filter(
    (changeSet) => samePerson(changeSet.owner, asker) || (authors.get(changeSet.head) ?? []).some((author) => samePerson(author, asker)),
  );
}

/** Refuses (HostError) a restore of `file` by `asker` into `changeSet`, in words; returns when it may go. */
export async function checkRestoreInto(host: HostContext, changeSet: ChangeSet, asker: Asker, file: string): Promise<void> {
  const needed = restorePermissionFor(file);
  if (!can(asker.role, needed))
    throw new HostError(403, `Your role (${asker.role}) may not restore ${file}: it needs the "${needed}" permission.`);
  if (!actionsFor(changeSet, asker, 0).edit)
    throw new HostError(409, 'This change set is published or closed: restore into an open change set of yours, or into a new one.');
  if (!(await theirsAmong(host, [changeSet], asker)).length)
    throw new HostError(
      403,
      `“${changeSet.title}” is ${changeSet.owner.name}’s, and you have not saved in it: restore into a change set of yours, or into a new one.`,
    );
}

/** The open change sets `asker` may restore `file` into, most recently changed first. */
export async function restoreTargets(host: HostContext, asker: Asker, file: string): Promise<RestoreTarget[]> {
  if (!can(asker.role, restorePermissionFor(file))) return [];
  const { changeSets } = await host.repo.listAll();
  const open = changeSets.filter((changeSet) => actionsFor(changeSet, asker, 0).edit);
  return (await theirsAmong(host, open, asker))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map(({ id, title, status }) => ({ id, title, status }));
}
