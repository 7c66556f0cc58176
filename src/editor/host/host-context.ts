/**
 * What the editor server's routes share: the repository (change sets and their records), the open workspaces, the built app,
 * the clock; and the small rules every route applies the same way (who is asking, a change set's record, a refusal
 * in words, git's and the repository's errors as the answers they are).
 */
import { WorkerStuck } from './content-worker/save-turns';
import type { FastifyRequest } from 'fastify';
import type { Person } from '../hosted-protocol';
import type { BuiltAssets } from './built-assets';
import {
  ChangeSetIdError,
  ChangeSetNotFound,
  ChangeSetReadOnly,
  NothingToPublish,
  PublishedMoved,
  RecordUnreadable,
  RepoPathError,
  type ChangeRepository,
  type ChangeSet,
  type ChangeSetRecord,
} from './changes';
import { signedIn } from './accounts/request-session';
import type { Asker } from './review/review-rules';
import type { SitePublisher } from './serve-published';
import type { TeamRemote } from './team-remote';
import type { Workspaces } from './workspaces';
import type { PublishTimes } from './application/scheduled-publish';
import type { ReviewCache } from './review/review-cache';

export interface HostContext {
  repo: ChangeRepository;
  workspaces: Workspaces;
  assets: BuiltAssets;
  /** What reviews rendered, kept by content (review/review-cache.ts). */
  reviewCache: ReviewCache;
  /** Signs preview links. */
  previewSecret: Buffer;
  /** Builds and serves a published commit on this machine (EDITOR_RELEASES_DIR); unset, Publish only pushes. */
  site?: SitePublisher;
  /** The published branch's push to the team's repository (EDITOR_GIT_REMOTE), its merges of the team's commits and retries. */
  team: TeamRemote;
  /** The timers of change sets set to publish at a chosen time (application/scheduled-publish.ts). */
  publishTimes?: PublishTimes;
  now: () => Date;
}

/** An answer that is not a success, with a sentence a person understands. */
export class HostError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A rule's refusal (application/transition-rules.ts) thrown as the answer it is; nothing when the rule allows. */
export function refuseIf(refusal: { status: number; message: string } | undefined): void {
  if (refusal) throw new HostError(refusal.status, refusal.message);
}

/** The signed-in person as the review's rules see them. */
export function askerOf(request: FastifyRequest): Asker {
  const { user } = signedIn(request);
  return { name: user.name, email: user.email, role: user.role, languages: user.languages };
}

export const personOf = ({ name, email }: Person): Person => ({ name, email });

/**
 * A change set and its record (one store: `refs/reviews/<id>` beside its branch). A record that cannot be read is
 * RecordUnreadable, answered as the error it is (refusalOf): never replaced by a fresh draft.
 */
export async function changeSetAndRecord(host: HostContext, id: string): Promise<{ changeSet: ChangeSet; record: ChangeSetRecord }> {
  const changeSet = await host.repo.get(id);
  return { changeSet, record: { ...changeSet, owner: personOf(changeSet.owner) } };
}

/**
 * A thrown error as the refusal it is, or undefined for any other (a fault: Fastify answers it 500 and logs it). The
 * server's one error handler (app.ts) answers with it, so the routes throw and never catch.
 */
export function refusalOf(error: unknown): { status: number; error: string; message: string } | undefined {
  if (error instanceof HostError) return { status: error.status, error: 'refused', message: error.message };
  if (error instanceof ChangeSetNotFound || error instanceof ChangeSetIdError) {
    return { status: 404, error: 'not_found', message: 'There is no such change set.' };
  }
  if (error instanceof RepoPathError) return { status: 403, error: 'refused', message: error.message };
  // A content worker stuck over a merge: stopped and replaced, nothing changed; trying again is the way.
  if (error instanceof WorkerStuck) return { status: 503, error: 'stuck', message: `The editor could not finish this: ${error.message}.` };
  if (error instanceof NothingToPublish) {
    return { status: 409, error: 'refused', message: 'This change set changes nothing the published site does not have already.' };
  }
  if (error instanceof PublishedMoved) return { status: 409, error: 'refused', message: 'Someone published meanwhile: publish again.' };
  if (error instanceof ChangeSetReadOnly) return { status: 409, error: 'closed', message: error.message };
  if (error instanceof RecordUnreadable) {
    return {
      status: 500,
      error: 'record_unreadable',
      message:
        `The record of change set ${error.id} cannot be read (${error.where}: ${error.why}). Nothing was changed, and ` +
        `the other change sets work as before. ${error.where.startsWith('refs/') ? `An administrator restores it from its history (git log refs/reviews/${error.id} in the editor's repository).` : 'An administrator repairs that file; the editor then takes it over at its next start.'}`,
    };
  }
  return undefined;
}
