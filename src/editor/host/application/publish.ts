/**
 * Publish: an approved change set merged into the published branch (field by field where both changed a document),
 * the whole site validated as the merged result (errors in any language: nothing published, the branch does not move),
 * then delivered: pushed to EDITOR_GIT_REMOTE where the team's CI and hosting take over, and, with EDITOR_RELEASES_DIR,
 * built into a new release the public server on this machine swaps to at once. Its rule is publishRule
 * (transition-rules.ts), asked first, again in the publish's own turn before the site is validated, and once more as the
 * record is marked published.
 */
import type { ChangeSetDetail, DeliveryStep, PublishAnswer, ServedState } from '../../hosted-protocol';
import { crashPoint, type MarkPublished, type PublishCandidate } from '../changes';
import { changeSetAndRecord, HostError, refuseIf, personOf, type HostContext } from '../host-context';
import { detailOf } from '../review/change-set-detail';
import { conflictsInWords } from '../review/conflict-words';
import { pushInWords, type SyncResult } from '../team-remote';
import { publishRule, type Asker } from './transition-rules';

/**
 * The errors of a candidate's whole site, in every language, as `npm run validate` prints them: found by a content
 * worker, so the editor answers everyone else meanwhile.
 */
async function problemsOf(host: HostContext, candidate: PublishCandidate): Promise<string[]> {
  return host.workspaces.siteErrors(candidate.worktree);
}

/** The push as the publish answer's step (a failure retried in the background says so). */
export function pushStep({ push, merged }: SyncResult): DeliveryStep {
  if (push.state === 'not-configured')
    return { state: 'not-configured', message: 'This editor pushes to no repository (EDITOR_GIT_REMOTE is not set).' };
  return { state: push.state === 'pushed' ? 'done' : 'failed', message: pushInWords(push, merged) };
}

/** The serve's outcome as the publish answer's step: never folded into the publish's own words. */
export function serveStep(served: ServedState | undefined): DeliveryStep {
  if (!served) return { state: 'not-configured', message: 'This editor serves no site on this machine (EDITOR_RELEASES_DIR is not set).' };
  return served.ok
    ? { state: 'done', message: `The site on this server shows it: ${served.summary}.` }
    : { state: 'failed', message: `Not served: ${served.summary}` };
}

/**
 * What a publish writes into the record, in the same transaction as the published branch's move, on the record as it
 * is then: refused (HostError; nothing is published) if it may not be published any more, as when its author took it
 * back or a reviewer asked for changes while the site was validated, or (`dueAt`: a publish at its time) that time was
 * cancelled or changed meanwhile.
 */
export const markPublishedBy =
  (asker: Asker, before: ChangeSetDetail, dueAt?: string): MarkPublished =>
  (r, candidate) => {
    if (publishRule(r, asker))
      throw new HostError(
        409,
        'Not published: it stopped being approved while the site was checked (taken back, sent back for changes or closed). It waits for review again.',
      );
    if (dueAt !== undefined && r.publishAt?.at !== dueAt)
      throw new HostError(409, 'Its publish time was cancelled or changed meanwhile: it was not published.');
    r.status = 'published';
    delete r.publishAt;
    r.publishedCommit = candidate.sha;
    r.published = {
      documents: before.documents,
      commits: before.commitsList,
      range: { before: candidate.parent, after: candidate.sha },
    };
  };

/**
 * The publish's answer, with its status: 200 published, 409 conflicts, 422 the site would not be valid. `dueAt`: the
 * publish time it publishes for (scheduled-publish.ts).
 */
export async function publish(
  host: HostContext,
  asker: Asker,
  id: string,
  dueAt?: string,
): Promise<{ status: 200 | 409 | 422; answer: PublishAnswer }> {
  const { record } = await changeSetAndRecord(host, id);
  refuseIf(publishRule(record, asker));
  // What it changes, kept for its page: once published, git counts its saves as the published site's.
  const before = await detailOf(host, id, asker);
  // One transaction moves the published branch and marks the change set published (a crash: both or neither);
  // no save to it runs from the merge to then (a save meanwhile is refused, never stranded on it).
  const result = await host.repo.publish(
    id,
    personOf(asker),
    async (candidate) => {
      // Checked in the publish's turn, on the record as it is now: exactly what was approved, or nothing.
      const [{ head }, now] = await Promise.all([host.repo.get(id), host.repo.record(id)]);
      if (now.status !== 'approved') return ['This change set is not approved any more: it waits for review again.'];
      if (now.approvedHead && head !== now.approvedHead)
        return ['This change set changed after it was approved: it waits for review again.'];
      return problemsOf(host, candidate);
    },
    { markPublished: markPublishedBy(asker, before, dueAt) },
  );
  if (!result.ok && result.conflicts) {
    // In words with who published the other version (the clashes the change set's page showed, by the same commits).
    const known = await host.repo.clashes(await host.repo.get(id));
    return { status: 409, answer: { outcome: 'conflicts', conflicts: conflictsInWords(result.conflicts, known) } };
  }
  if (!result.ok) return { status: 422, answer: { outcome: 'invalid', problems: result.problems } };

  host.workspaces.close(id);
  // Pushed (the team's new commits merged in, validated, first when the remote moved on; a failure retried:
  // team-remote.ts), then served; after a crash from here on, the next start does them (the team remote's resume,
  // the site publisher's bringUpToDate).
  const pushed = await host.team.afterPublish(personOf(asker));
  crashPoint('after-push');
  const served = host.site ? await host.site.serve(pushed.merged ?? result.sha) : undefined;
  const answer: PublishAnswer = {
    outcome: 'published',
    commit: result.sha,
    summary: `Published as ${result.sha.slice(0, 8)}.`,
    pushed: pushed.push.state === 'pushed',
    push: pushStep(pushed),
    served: served?.ok ?? false,
    serve: serveStep(served),
  };
  return { status: 200, answer };
}
