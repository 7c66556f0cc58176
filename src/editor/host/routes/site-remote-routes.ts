/**
 * The published site and the team's repository (EDITOR_GIT_REMOTE): GET /api/site/status says where the push of
 * the published branch and of the change sets stands; POST /api/site/pull brings the editor up to the team's
 * repository (its new commits merged as a publish merges them, the whole site validated, then pushed back), for a
 * reviewer after a developer pushed. A conflict or an error moves nothing and is answered in words.
 */
import { askerOf, personOf, type HostContext } from '../host-context';
import { pushInWords } from '../team-remote';
import type { Handlers } from './bind-endpoints';

export function siteRemoteHandlers(host: HostContext): Handlers<'siteStatus' | 'pull'> {
  return {
    siteStatus: async () => ({
      publishedCommit: await host.repo.publishedHead(),
      push: host.team.state,
      changeSets: host.repo.mirrorState,
    }),
    pull: async (request, reply) => {
      const { push, merged } = await host.team.pull(personOf(askerOf(request)));
      if (push.state === 'conflicts')
        return reply.code(409).send({ outcome: 'conflicts', conflicts: push.conflicts, message: pushInWords(push) });
      if (push.state === 'invalid')
        return reply.code(422).send({ outcome: 'invalid', problems: push.problems, message: pushInWords(push) });
      const served = merged && host.site ? await host.site.serve(merged) : undefined;
      const words = [
        merged
          ? `The published site now has the team’s repository’s new commits (${merged.slice(0, 8)}).`
          : 'The published site had every commit of the team’s repository already.',
        pushInWords(push),
        served ? `The site on this server: ${served.summary}${served.ok ? '.' : ''}` : '',
      ];
      return {
        outcome: merged ? 'pulled' : 'up-to-date',
        commit: await host.repo.publishedHead(),
        push,
        summary: words.filter(Boolean).join(' '),
      };
    },
  };
}
