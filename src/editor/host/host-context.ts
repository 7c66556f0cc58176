/**
 * What the editor server's routes share: the repository, the review's records, the open workspaces, the built app,
 * the clock; and the small rules every route applies the same way (who is asking, a change set's record, a refusal
 * in words, git's and the repository's errors as the answers they are).
 */
import type { FastifyRequest } from 'fastify';
import type { Person } from '../hosted-protocol';
import type { BuiltAssets } from './built-assets';
import {
  ChangeSetIdError,
  ChangeSetNotFound,
  NothingToPublish,
  PublishedMoved,
  RepoPathError,
  type ChangeRepository,
  type ChangeSet,
} from './changes';
import { signedIn } from './accounts/request-session';
import type { ChangeSetRecord, ChangeSetRecords, ReviewRecord } from './review/change-set-records';
import type { Asker } from './review/review-rules';
import type { SitePublisher } from './serve-published';
import type { Workspaces } from './workspaces';

export interface HostContext {
  repo: ChangeRepository;
  records: ChangeSetRecords;
  workspaces: Workspaces;
  assets: BuiltAssets;
  /** Signs preview links. */
  previewSecret: Buffer;
  /** Builds and serves a published commit on this machine (EDITOR_RELEASES_DIR); unset, Publish only pushes. */
  site?: SitePublisher;
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

/** The signed-in person as the review's rules see them. */
export function askerOf(request: FastifyRequest): Asker {
  const { user } = signedIn(request);
  return { name: user.name, email: user.email, role: user.role };
}

export const personOf = ({ name, email }: Person): Person => ({ name, email });

/** A change set's review (made for one git has but the records lack, as after a crash between the two). */
export const reviewOf = (host: HostContext, changeSet: ChangeSet): ReviewRecord =>
  host.records.get(changeSet.id) ??
  host.records.add({ id: changeSet.id, status: 'draft', updatedAt: changeSet.createdAt, comments: [], approvals: [] });

/** A change set and its record: its review with its title, owner and creation as git keeps them. */
export async function changeSetAndRecord(host: HostContext, id: string): Promise<{ changeSet: ChangeSet; record: ChangeSetRecord }> {
  const changeSet = await host.repo.get(id);
  const record = { ...reviewOf(host, changeSet), title: changeSet.title, owner: personOf(changeSet.owner), createdAt: changeSet.createdAt };
  return { changeSet, record };
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
  if (error instanceof NothingToPublish) {
    return { status: 409, error: 'refused', message: 'This change set changes nothing the published site does not have already.' };
  }
  if (error instanceof PublishedMoved) return { status: 409, error: 'refused', message: 'Someone published meanwhile: publish again.' };
  return undefined;
}
