/**
 * What a person does to a change set, between the routes (which parse a request and answer) and the stores (the
 * change repository: branches, commits and records in git; the workspaces): submit, withdraw, request changes,
 * approve, restore, update, close, reopen, remove (publish.ts: publish). Each takes who is asking and the change set,
 * asks its rule (transition-rules.ts) and calls the stores; a refusal is thrown as the HostError it is, so the routes
 * never decide anything. A step that changes the record asks its rule in the record's own turn, on the record as it
 * is then (changed meanwhile by a colleague's step or a publish), where a refusal writes nothing.
 */
import { TRANSLATIONS_DIR } from '../../../engine/load/i18n/paths';
import type { ChangeSetDetail, Clash, UpdateRequest } from '../../hosted-protocol';
import { can, type Action } from '../accounts/roles';
import { languageRefusal } from '../accounts/languages';
import { translatesInto, translationLocaleOf } from '../../shared/document-permission';
import { changeSetAndRecord, HostError, personOf, refuseIf, type HostContext } from '../host-context';
import type { Person } from '../changes';
import { checkRestoreInto } from '../restore-targets';
import { detailOf } from '../review/change-set-detail';
import { wroteIn } from '../review/authorship';
import { conflictsInWords } from '../review/conflict-words';
import { updateMessage } from '../review/update-words';
import { afterSave, endApproval } from '../review/review-rules';
import {
  approveRule,
  closeRule,
  editRule,
  removeRule,
  reopenRule,
  requestChangesRule,
  submitRule,
  withdrawRule,
  type Asker,
} from './transition-rules';

/** The end of a publish time dropped with the approval: what brings one back. */
const AGAIN = 'once it is approved again, a reviewer can set a new time.';

/** A document's permission: a translation needs `edit-translations`, anything else `edit-structure`. */
const permissionFor = (file: string): Action =>
  file.startsWith(`pages-json/${TRANSLATIONS_DIR}/`) ? 'edit-translations' : 'edit-structure';

/** A translation into a language the asker does not translate is refused (403 in words), as its save would be. */
function checkLanguage(asker: Asker, file: string) {
  const code = translationLocaleOf(file);
  const languages = asker.languages ?? [];
  if (code !== undefined && !translatesInto(languages, code)) throw new HostError(403, languageRefusal(languages, code));
}

export async function submit(host: HostContext, asker: Asker, id: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id);
  const saves = (await host.repo.commits(id)).length;
  await host.repo.updateRecord(
    id,
    (r) => {
      refuseIf(submitRule(r, asker, saves));
      r.status = 'submitted';
    },
    `submitted by ${asker.name}`,
    host.now(),
  );
  return await detailOf(host, id, asker);
}

/** Its author takes it back from review: being edited again, any approval gone. */
export async function withdraw(host: HostContext, asker: Asker, id: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id); // there, readable, with its branch: or refused before anything is written
  await host.repo.updateRecord(
    id,
    (r) => {
      refuseIf(withdrawRule(r, asker));
      endApproval(
        r,
        'draft',
        host.now(),
        `${asker.name} took it back from review, so it does not publish by itself: ${AGAIN}`,
        personOf(asker),
      );
    },
    `taken back by ${asker.name}`,
    host.now(),
  );
  return await detailOf(host, id, asker);
}

/** A reviewer sends it back to its author, saying what to change (a comment, kept with the others). */
export async function requestChanges(host: HostContext, asker: Asker, id: string, comment: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id); // there, readable, with its branch: or refused before anything is written
  const date = host.now();
  await host.repo.updateRecord(
    id,
    (r) => {
      refuseIf(requestChangesRule(r, asker));
      endApproval(
        r,
        'changes-requested',
        date,
        `${asker.name} asked for changes, so it does not publish by itself: ${AGAIN}`,
        personOf(asker),
      );
      r.comments.push({ author: personOf(asker), date: date.toISOString(), body: comment });
    },
    `changes requested by ${asker.name}`,
    date,
  );
  return await detailOf(host, id, asker);
}

export async function comment(host: HostContext, asker: Asker, id: string, body: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id); // there, readable, with its branch: or refused before anything is written
  const date = host.now();
  await host.repo.updateRecord(
    id,
    (r) => void r.comments.push({ author: personOf(asker), date: date.toISOString(), body }),
    `comment by ${asker.name}`,
    date,
  );
  return await detailOf(host, id, asker);
}

export async function approve(host: HostContext, asker: Asker, id: string): Promise<ChangeSetDetail> {
  const { changeSet } = await changeSetAndRecord(host, id);
  const commits = await host.repo.commits(id);
  const date = host.now();
  await host.repo.updateRecord(
    id,
    async (r) => {
      refuseIf(approveRule(r, asker, wroteIn(commits, asker)));
      // A save that came after the reviewer's request: not what they approved. One that comes after this read waits
      // for the record's turn, and takes the approval back (approvalTakenBack).
      if ((await host.repo.headOf(id)) !== changeSet.head)
        throw new HostError(409, 'This change set was saved again while you approved it: look at its latest changes, then approve.');
      r.status = 'approved';
      r.approvals.push({ by: personOf(asker), date: date.toISOString() });
      // What was approved: Publish publishes exactly this, or refuses.
      r.approvedHead = changeSet.head;
    },
    `approved by ${asker.name}`,
    date,
  );
  return await detailOf(host, id, asker);
}

/**
 * After a save was committed to the change set: its approval taken back in the record's turn, unless it covers the
 * branch as it is (approved after the save). An approval written meanwhile is seen here; approve refuses a save it
 * sees first. Nothing is written when there is no approval to take back. A head that cannot be read takes it back.
 */
export const approvalTakenBack = (repo: HostContext['repo'], id: string, by?: Person, now = new Date()) =>
  repo.updateRecord(
    id,
    async (r) => {
      if (r.status !== 'approved') return false;
      const head = await repo.headOf(id).catch(() => undefined);
      return head !== undefined && head === r.approvedHead ? false : afterSave(r, now, by);
    },
    'saved after its approval',
  );

/** A version of one document put back, as a save by the asker (the site's documents only). */
export async function restore(host: HostContext, asker: Asker, id: string, file: string, sha: string): Promise<ChangeSetDetail> {
  // Only the site's documents: a restore is a marketer's undo, never a way to put other files in a change set.
  if (!file.startsWith('pages-json/') || !file.endsWith('.json'))
    throw new HostError(403, `Only the site's documents are restored, not ${file.slice(0, 200)}.`);
  checkLanguage(asker, file);
  // Only into an open change set of the asker's (restore-targets.ts); the history view offers those and a new one.
  const { changeSet } = await changeSetAndRecord(host, id);
  await checkRestoreInto(host, changeSet, asker, file);
  const restored = await host.repo.restore(id, file, sha, personOf(asker));
  if (!restored.committed) throw new HostError(409, `“${changeSet.title}” has that version already: nothing was changed.`);
  await host.repo.updateRecord(id, (r) => afterSave(r, host.now(), personOf(asker)), `restore by ${asker.name}`, host.now());
  return await detailOf(host, id, asker);
}

/** Brought up to date with the published site, a side chosen per conflict; the conflicts left, when some are. */
export async function update(
  host: HostContext,
  asker: Asker,
  id: string,
  choices: UpdateRequest['choices'],
): Promise<{ ok: true; detail: ChangeSetDetail } | { ok: false; conflicts: Clash[] }> {
  for (const file of Object.keys(choices)) {
    const needed = permissionFor(file);
    if (!can(asker.role, needed))
      throw new HostError(403, `Your role (${asker.role}) may not change ${file}: it needs the "${needed}" permission.`);
    checkLanguage(asker, file);
  }
  const { record } = await changeSetAndRecord(host, id);
  if (editRule(record)) throw new HostError(409, 'This change set is published or closed.');
  const clashes = Object.keys(choices).length ? await host.repo.clashes(await host.repo.get(id)) : [];
  const outcome = await host.repo.update(id, personOf(asker), { choices, message: updateMessage(record.title, clashes, choices) });
  if (!outcome.ok) {
    // In words with who published the other version (the clashes the change set's page showed, by the same commits).
    const known = await host.repo.clashes(await host.repo.get(id));
    return { ok: false, conflicts: conflictsInWords(outcome.conflicts, known) };
  }
  // A merge brought the published site's changes in: what was approved is not what would be published now.
  if (outcome.how !== 'none')
    await host.repo.updateRecord(id, (r) => afterSave(r, host.now(), personOf(asker)), `brought up to date by ${asker.name}`, host.now());
  return { ok: true, detail: await detailOf(host, id, asker) };
}

/** Closed: off the open list (listed under closed), read only, its branch and saves kept; reopen brings it back. */
export async function close(host: HostContext, asker: Asker, id: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id); // there, readable, with its branch: or refused before anything is written
  await host.repo.updateRecord(
    id,
    (r) => {
      refuseIf(closeRule(r, asker));
      endApproval(r, 'closed', host.now(), `${asker.name} closed it, so it does not publish by itself.`, personOf(asker));
    },
    `closed by ${asker.name}`,
    host.now(),
  );
  const detail = await detailOf(host, id, asker);
  // Nobody edits it now: its drafts are forgotten and its worktree retired (its branch kept).
  host.workspaces.close(id);
  return detail;
}

export async function reopen(host: HostContext, asker: Asker, id: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id); // there, readable, with its branch: or refused before anything is written
  await host.repo.updateRecord(
    id,
    (r) => {
      refuseIf(reopenRule(r, asker));
      r.status = 'draft';
    },
    `reopened by ${asker.name}`,
    host.now(),
  );
  return await detailOf(host, id, asker);
}

/** A closed change set removed for good: its branch and record put aside in the repository (refs/closed*), nothing lost. */
export async function remove(host: HostContext, asker: Asker, id: string): Promise<void> {
  // Asked before its workspace is closed and its worktree removed (an open draft's, under its author's saves), and
  // again in the record's turn, just before its refs move (reopened meanwhile: not removed).
  const { record } = await changeSetAndRecord(host, id);
  refuseIf(removeRule(record, asker));
  host.workspaces.close(id);
  await host.repo.remove(id, (r) => refuseIf(removeRule(r, asker)));
}
