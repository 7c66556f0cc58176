/**
 * What the editor server's routes share: the repository, the review's records, the open workspaces, the built app,
 * the clock; and the small rules every route applies the same way (who is asking, a change set's record, a refusal
 * in words, git's and the repository's errors as the answers they are).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import type { ChangeSetRecord, ChangeSetRecords } from './review/change-set-records';
import type { Asker } from './review/review-rules';
import type { ServeOutcome } from './serve-published';
import type { Workspaces } from './workspaces';

export interface HostContext {
  repo: ChangeRepository;
  records: ChangeSetRecords;
  workspaces: Workspaces;
  assets: BuiltAssets;
  /** Signs preview links. */
  previewSecret: Buffer;
  /** Builds and serves a published commit on this machine (EDITOR_RELEASES_DIR); unset, Publish only pushes. */
  serveSite?: (sha: string) => Promise<ServeOutcome>;
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

/** Whether two people are one (emails compare without case). */
export const sameEmail = (a: Person, b: Person) => a.email.toLowerCase() === b.email.toLowerCase();

/** A change set and its review record (made for one git has but the records lack, as after a crash between the two). */
export async function changeSetAndRecord(host: HostContext, id: string): Promise<{ changeSet: ChangeSet; record: ChangeSetRecord }> {
  const changeSet = await host.repo.get(id);
  const record =
    host.records.get(id) ??
    host.records.add({
      id,
      title: changeSet.title,
      owner: personOf(changeSet.owner),
      status: 'draft',
      createdAt: changeSet.createdAt,
      updatedAt: changeSet.createdAt,
      comments: [],
      approvals: [],
    });
  return { changeSet, record };
}

/** A thrown error as the answer it is: a change set that is not one 404; a path the repository refuses 403. */
export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof HostError) return reply.code(error.status).send({ error: 'refused', message: error.message });
  if (error instanceof ChangeSetNotFound || error instanceof ChangeSetIdError) {
    return reply.code(404).send({ error: 'not_found', message: 'There is no such change set.' });
  }
  if (error instanceof RepoPathError) return reply.code(403).send({ error: 'refused', message: error.message });
  if (error instanceof NothingToPublish)
    return reply.code(409).send({ error: 'refused', message: 'This change set changes nothing the published site does not have already.' });
  if (error instanceof PublishedMoved)
    return reply.code(409).send({ error: 'refused', message: 'Someone published meanwhile: publish again.' });
  throw error;
}
