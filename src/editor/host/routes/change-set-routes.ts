/**
 * The change sets and their review, under /api: list (open, or closed), create, one change set in detail (its saves,
 * its documents in words with the pages to compare, comments, approvals, what the asker may do now), and the steps of
 * its review (submit, withdraw, request changes, comment, approve, restore a version, bring it up to date, close,
 * reopen, remove), every page it changes with its warnings (review/affected-pages.ts), a document's history and a
 * preview link. Thin: each parses the request, calls the application
 * (application/change-set-steps.ts, which asks the step's rule and calls the stores) and answers. Each entry's
 * permission is the table's (src/editor/hosted-endpoints.ts), checked by the accounts plugin before the handler runs.
 */
import type { HistoryEntry, PreviewLink, UpdateRequest } from '../../hosted-protocol';
import * as steps from '../application/change-set-steps';
import { askerOf, changeSetAndRecord, HostError, personOf, type HostContext } from '../host-context';
import { previewToken } from '../preview-links';
import { restoreTargets } from '../restore-targets';
import { firstChangedPage } from '../preview-site';
import { clashInWords } from '../review/conflict-words';
import { detailOf, summaryOf } from '../review/change-set-detail';
import { reviewOf } from '../review/affected-pages';
import { refuseOtherSites } from '../review/same-site-only';
import { changeSetList } from '../review/change-set-list';
import type { Handlers } from './bind-endpoints';

const TITLE_MAX = 120;
const COMMENT_MAX = 5000;
/** A text of one's own settling a clash (a document's largest text is far below). */
const TEXT_MAX = 20_000;
const HISTORY_LIMIT = 100;
const SHA = /^[0-9a-f]{7,64}$/;

type ChangeSetEndpoint =
  | 'changeSets'
  | 'createChangeSet'
  | 'changeSet'
  | 'submit'
  | 'withdraw'
  | 'requestChanges'
  | 'comment'
  | 'approve'
  | 'restore'
  | 'update'
  | 'close'
  | 'reopen'
  | 'remove'
  | 'clashes'
  | 'review'
  | 'restoreTargets'
  | 'history'
  | 'previewLink';

function text(body: unknown, field: string, max: number): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || !value.trim()) throw new HostError(400, `Send the ${field} as text.`);
  if (value.length > max) throw new HostError(400, `The ${field} is ${value.length} characters long: at most ${max}.`);
  return value.trim();
}

/** The choices of an update as sent: file -> conflict key -> side, or a text of one's own. */
function choicesOf(body: unknown): UpdateRequest['choices'] {
  const choices = typeof body === 'object' && body !== null ? (body as { choices?: unknown }).choices : undefined;
  if (typeof choices !== 'object' || choices === null || Array.isArray(choices))
    throw new HostError(400, 'Send the choices as { file: { key: side } }.');
  for (const [file, keys] of Object.entries(choices as Record<string, unknown>)) {
    const sides = typeof keys === 'object' && keys !== null ? Object.values(keys) : [undefined];
    const isChoice = (side: unknown) =>
      side === 'changeSet' ||
      side === 'published' ||
      (typeof side === 'object' && side !== null && typeof (side as { text?: unknown }).text === 'string');
    if (!file.startsWith('pages-json/') || !sides.every(isChoice)) {
      throw new HostError(
        400,
        `Choose this change set's version, the published one or a text of your own for each clash of ${file.slice(0, 200)}.`,
      );
    }
    for (const side of sides)
      if (typeof side === 'object' && (side as { text: string }).text.length > TEXT_MAX)
        throw new HostError(400, `A text of your own is at most ${TEXT_MAX} characters long.`);
  }
  return choices as UpdateRequest['choices'];
}

export function changeSetHandlers(host: HostContext): Handlers<ChangeSetEndpoint> {
  return {
    changeSets: async (request) => {
      const listing = await host.repo.listShared();
      // The others are listed; one whose record cannot be read answers its error on its own page.
      for (const error of listing.unreadable) request.log.error(error.message);
      return changeSetList(listing, request.query.status === 'closed');
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

    submit: async (request) => steps.submit(host, askerOf(request), request.params.id),

    withdraw: async (request) => steps.withdraw(host, askerOf(request), request.params.id),

    requestChanges: async (request) =>
      steps.requestChanges(host, askerOf(request), request.params.id, text(request.body, 'comment', COMMENT_MAX)),

    close: async (request) => steps.close(host, askerOf(request), request.params.id),

    reopen: async (request) => steps.reopen(host, askerOf(request), request.params.id),

    remove: async (request, reply) => {
      await steps.remove(host, askerOf(request), request.params.id);
      return reply.code(204).send();
    },

    comment: async (request) => {
      const body = text(request.body, 'body', COMMENT_MAX);
      return steps.comment(host, askerOf(request), request.params.id, body);
    },

    approve: async (request) => steps.approve(host, askerOf(request), request.params.id),

    restore: async (request) => {
      const file = text(request.body, 'file', 1000);
      const sha = text(request.body, 'sha', 64);
      if (!SHA.test(sha)) throw new HostError(400, 'That is not a version.');
      return steps.restore(host, askerOf(request), request.params.id, file, sha);
    },

    update: async (request, reply) => {
      const choices = choicesOf(request.body);
      const outcome = await steps.update(host, askerOf(request), request.params.id, choices);
      return outcome.ok ? outcome.detail : reply.code(409).send({ outcome: 'conflicts', conflicts: outcome.conflicts });
    },

    // What the editor's toolbar shows while someone edits: cheap (remembered by the two commits), so asked on every view.
    clashes: async (request) => {
      const { changeSet, record } = await changeSetAndRecord(host, request.params.id);
      if (record.status === 'published' || record.status === 'closed') return { clashes: [] };
      return { clashes: (await host.repo.clashes(changeSet)).map(clashInWords) };
    },

    // Every page the change set changes, in every language, and its documents' warnings: what its review shows.
    review: async (request) => {
      refuseOtherSites(request);
      return await reviewOf(host, request.params.id);
    },

    restoreTargets: async (request) => {
      const { file } = request.query;
      if (!file) throw new HostError(400, 'Name the document: ?file=pages-json/story.json');
      return await restoreTargets(host, askerOf(request), file);
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
      // It opens the page the change set changes (preview-site.ts), not the home page.
      const page = await firstChangedPage(host, id);
      const link: PreviewLink = { url: `/preview/${token}${page}`, expiresAt: expiresAt.toISOString() };
      return link;
    },
  };
}
