/**
 * The change sets and their review, under /api: list, create, one change set in detail (its saves, its documents
 * in words with the pages to compare, comments, approvals, what the asker may do now), submit, comment, approve,
 * restore a version, bring it up to date with the published site (a side chosen per conflict), a document's history
 * and a preview link. Each route declares the permission it needs (the
 * accounts plugin checks it before the handler runs); the rules about a particular change set (its owner, its
 * status) are review-rules.ts's, asked again on every request.
 */
import { TRANSLATIONS_DIR } from '../../../engine/load/i18n/paths';
import type { HistoryEntry, PreviewLink, UpdateRequest } from '../../hosted-protocol';
import { can } from '../accounts/roles';
import { askerOf, changeSetAndRecord, HostError, personOf, type HostContext } from '../host-context';
import { previewToken } from '../preview-links';
import { actionsFor, afterSave, samePerson } from '../review/review-rules';
import { conflictInWords } from '../review/conflict-words';
import { detailOf, summaryOf } from '../review/change-set-detail';
import type { Handlers } from './bind-endpoints';

const TITLE_MAX = 120;
const COMMENT_MAX = 5000;
const HISTORY_LIMIT = 100;
const SHA = /^[0-9a-f]{7,64}$/;

type ChangeSetEndpoint =
  'changeSets' | 'createChangeSet' | 'changeSet' | 'submit' | 'comment' | 'approve' | 'restore' | 'update' | 'history' | 'previewLink';

function text(body: unknown, field: string, max: number): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || !value.trim()) throw new HostError(400, `Send the ${field} as text.`);
  if (value.length > max) throw new HostError(400, `The ${field} is ${value.length} characters long: at most ${max}.`);
  return value.trim();
}

/** The choices of an update as sent: file -> conflict key -> side. */
function choicesOf(body: unknown): UpdateRequest['choices'] {
  const choices = typeof body === 'object' && body !== null ? (body as { choices?: unknown }).choices : undefined;
  if (typeof choices !== 'object' || choices === null || Array.isArray(choices))
    throw new HostError(400, 'Send the choices as { file: { key: side } }.');
  for (const [file, keys] of Object.entries(choices as Record<string, unknown>)) {
    const sides = typeof keys === 'object' && keys !== null ? Object.values(keys) : [undefined];
    if (!file.startsWith('pages-json/') || sides.some((side) => side !== 'changeSet' && side !== 'published')) {
      throw new HostError(400, `Choose "changeSet" or "published" for each conflict of ${file.slice(0, 200)}.`);
    }
  }
  return choices as UpdateRequest['choices'];
}

/** A document's permission: a translation needs `edit-translations`, anything else `edit-structure`. */
const permissionFor = (file: string) => (file.startsWith(`pages-json/${TRANSLATIONS_DIR}/`) ? 'edit-translations' : 'edit-structure');

export function changeSetHandlers(host: HostContext): Handlers<ChangeSetEndpoint> {
  return {
    changeSets: async (request) => {
      const { changeSets, unreadable } = await host.repo.listAll();
      // The others are listed; one whose record cannot be read answers its error on its own page.
      for (const error of unreadable) request.log.error(error.message);
      return changeSets
        .map((changeSet) => summaryOf(changeSet, changeSet))
        .filter((summary) => summary.status !== 'closed')
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },

    createChangeSet: async (request, reply) => {
      const title = text(request.body, 'title', TITLE_MAX);
      const asker = askerOf(request);
      const changeSet = await host.repo.create(title, personOf(asker));
      return reply.code(201).send(summaryOf(changeSet, changeSet));
    },

    changeSet: async (request) => {
      return await detailOf(host, request.params.id, askerOf(request));
    },

    submit: async (request) => {
      const { id } = request.params;
      const asker = askerOf(request);
      const { record } = await changeSetAndRecord(host, id);
      const commits = (await host.repo.commits(id)).length;
      if (!actionsFor(record, asker, commits).submit) {
        throw new HostError(
          409,
          record.status !== 'draft'
            ? 'This change set is not being edited: it was submitted already.'
            : commits === 0
              ? 'Save a change first: this change set holds none.'
              : 'Only the person who made this change set (or an admin) submits it.',
        );
      }
      await host.repo.updateRecord(id, (r) => (r.status = 'submitted'), `submitted by ${asker.name}`, host.now());
      return await detailOf(host, id, asker);
    },

    comment: async (request) => {
      const { id } = request.params;
      const body = text(request.body, 'body', COMMENT_MAX);
      const asker = askerOf(request);
      await changeSetAndRecord(host, id);
      const date = host.now();
      await host.repo.updateRecord(
        id,
        (r) => r.comments.push({ author: personOf(asker), date: date.toISOString(), body }),
        `comment by ${asker.name}`,
        date,
      );
      return await detailOf(host, id, asker);
    },

    approve: async (request) => {
      const { id } = request.params;
      const asker = askerOf(request);
      const { changeSet, record } = await changeSetAndRecord(host, id);
      const commits = await host.repo.commits(id);
      if (commits.some((commit) => samePerson(commit.author, asker))) {
        throw new HostError(403, 'You saved changes in this change set: someone who did not approves it.');
      }
      if (!actionsFor(record, asker, 1).approve) {
        throw new HostError(
          samePerson(record.owner, asker) ? 403 : 409,
          samePerson(record.owner, asker)
            ? 'A change set is approved by someone other than the person who made it.'
            : 'Only a change set waiting for review is approved.',
        );
      }
      const date = host.now();
      await host.repo.updateRecord(
        id,
        (r) => {
          r.status = 'approved';
          r.approvals.push({ by: personOf(asker), date: date.toISOString() });
          // What was approved: Publish publishes exactly this, or refuses.
          r.approvedHead = changeSet.head;
        },
        `approved by ${asker.name}`,
        date,
      );
      return await detailOf(host, id, asker);
    },

    restore: async (request) => {
      const { id } = request.params;
      const file = text(request.body, 'file', 1000);
      const sha = text(request.body, 'sha', 64);
      if (!SHA.test(sha)) throw new HostError(400, 'That is not a version.');
      // Only the site's documents: a restore is a marketer's undo, never a way to put other files in a change set.
      if (!file.startsWith('pages-json/') || !file.endsWith('.json'))
        throw new HostError(403, `Only the site's documents are restored, not ${file.slice(0, 200)}.`);
      const asker = askerOf(request);
      const needed = permissionFor(file);
      if (!can(asker.role, needed))
        throw new HostError(403, `Your role (${asker.role}) may not restore ${file}: it needs the "${needed}" permission.`);
      const { record } = await changeSetAndRecord(host, id);
      if (!actionsFor(record, asker, 0).edit)
        throw new HostError(409, 'This change set is published or closed: start a new one to restore a version.');
      await host.repo.restore(id, file, sha, personOf(asker));
      await host.repo.updateRecord(id, afterSave, `restore by ${asker.name}`, host.now());
      return await detailOf(host, id, asker);
    },

    update: async (request, reply) => {
      const { id } = request.params;
      const asker = askerOf(request);
      const choices = choicesOf(request.body);
      for (const file of Object.keys(choices)) {
        const needed = permissionFor(file);
        if (!can(asker.role, needed))
          throw new HostError(403, `Your role (${asker.role}) may not change ${file}: it needs the "${needed}" permission.`);
      }
      const { record } = await changeSetAndRecord(host, id);
      if (!actionsFor(record, asker, 0).edit) throw new HostError(409, 'This change set is published or closed.');
      const outcome = await host.repo.update(id, personOf(asker), { choices });
      if (!outcome.ok) return await reply.code(409).send({ outcome: 'conflicts', conflicts: outcome.conflicts.map(conflictInWords) });
      // A merge brought the published site's changes in: what was approved is not what would be published now.
      if (outcome.how !== 'none') await host.repo.updateRecord(id, afterSave, `brought up to date by ${asker.name}`, host.now());
      return await detailOf(host, id, asker);
    },

    history: async (request) => {
      const { file, changeSet } = request.query;
      if (!file) throw new HostError(400, 'Name the document: ?file=pages-json/story.json');
      const entries = await host.repo.history(file, { limit: HISTORY_LIMIT, ...(changeSet ? { changeSet } : {}) });
      return entries.map((entry): HistoryEntry & { path: string } => ({
        sha: entry.sha,
        author: personOf(entry.author),
        date: entry.date,
        message: entry.message,
        path: entry.path,
      }));
    },

    previewLink: async (request) => {
      const { id } = request.params;
      await changeSetAndRecord(host, id);
      const { token, expiresAt } = previewToken(host.previewSecret, id, host.now());
      const link: PreviewLink = { url: `/preview/${token}/`, expiresAt: expiresAt.toISOString() };
      return link;
    },
  };
}
