/**
 * POST /api/changes/:id/publish: an approved change set merged into the published branch (field by field where both
 * changed a document), the whole site validated as the merged result (errors in any language: nothing published,
 * the branch does not move), then delivered: pushed to EDITOR_GIT_REMOTE where the team's CI and hosting take over,
 * and, with EDITOR_RELEASES_DIR, built into a new release the public server on this machine swaps to at once.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDevContent } from '../../../dev/dev-content';
import { formatProblem } from '../../../engine/model/problems';
import type { DeliveryStep, PublishAnswer, ServedState } from '../../hosted-protocol';
import type { PublishCandidate } from '../changes';
import { conflictInWords } from '../review/conflict-words';
import { askerOf, changeSetAndRecord, HostError, personOf, type HostContext } from '../host-context';
import { actionsFor } from '../review/review-rules';
import { detailOf } from '../review/change-set-detail';

/** The errors of a candidate's whole site, in every language, as `npm run validate` prints them. */
async function problemsOf(candidate: PublishCandidate): Promise<string[]> {
  return createDevContent(join(candidate.worktree, 'pages-json')).state.errors.map(formatProblem);
}

/** The serve's outcome as the publish answer's step: never folded into the publish's own words. */
function serveStep(served: ServedState | undefined): DeliveryStep {
  if (!served) return { state: 'not-configured', message: 'This editor serves no site on this machine (EDITOR_RELEASES_DIR is not set).' };
  return served.ok
    ? { state: 'done', message: `The site on this server shows it: ${served.summary}.` }
    : { state: 'failed', message: `Not served: ${served.summary}` };
}

export function publishRoute(app: FastifyInstance, host: HostContext) {
  app.post<{ Params: { id: string } }>('/api/changes/:id/publish', { config: { access: 'publish' } }, async (request, reply) => {
    const { id } = request.params;
    const asker = askerOf(request);
    const { record } = await changeSetAndRecord(host, id);
    if (!actionsFor(record, asker, 1).publish) {
      throw new HostError(
        409,
        record.status === 'published' ? 'This change set is published already.' : 'A change set is published once a reviewer approved it.',
      );
    }
    // What it changes, kept for its page: once published, git counts its saves as the published site's.
    const before = await detailOf(host, id, asker);
    const result = await host.repo.publish(id, personOf(asker), async (candidate) => {
      // Checked once the candidate is made, in the publish's turn: exactly what was approved, or nothing.
      const { head } = await host.repo.get(id);
      if (record.approvedHead && head !== record.approvedHead) {
        return ['This change set changed after it was approved: it waits for review again.'];
      }
      return problemsOf(candidate);
    });
    if (!result.ok && result.conflicts) {
      return reply.code(409).send({ outcome: 'conflicts', conflicts: result.conflicts.map(conflictInWords) } satisfies PublishAnswer);
    }
    if (!result.ok) return reply.code(422).send({ outcome: 'invalid', problems: result.problems } satisfies PublishAnswer);

    host.records.update(
      id,
      (r) => {
        r.status = 'published';
        r.publishedCommit = result.sha;
        r.published = {
          documents: before.documents,
          commits: before.commitsList,
          range: { before: result.candidate.parent, after: result.sha },
        };
      },
      host.now(),
    );
    host.workspaces.close(id);
    const pushed = await host.repo.push();
    const served = host.site ? await host.site.serve(result.sha) : undefined;
    const answer: PublishAnswer = {
      outcome: 'published',
      commit: result.sha,
      summary: `Published as ${result.sha.slice(0, 8)}.`,
      pushed: pushed.ok,
      push: pushed.ok
        ? { state: 'done', message: 'Pushed to the team’s repository.' }
        : pushed.reason === 'not-configured'
          ? { state: 'not-configured', message: 'This editor pushes to no repository (EDITOR_GIT_REMOTE is not set).' }
          : { state: 'failed', message: pushed.message },
      served: served?.ok ?? false,
      serve: serveStep(served),
    };
    return answer;
  });
}
