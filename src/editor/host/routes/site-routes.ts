/**
 * The published site, one endpoint a job: GET /api/site, how the published branch was last served from this machine
 * (EDITOR_RELEASES_DIR; kept across restarts, so a change set's page shows it after a reload); POST /api/site/serve
 * ("Serve again"), the published branch's head built and served again after whatever stopped the last serve was put
 * right; GET /api/site/status, where the push to the team's repository (EDITOR_GIT_REMOTE) stands, of the published
 * branch and of the change sets; POST /api/site/pull, the editor brought up to the team's repository (its new commits
 * merged as a publish merges them, the whole site validated, pushed back, then served), for a reviewer after a
 * developer pushed. A conflict or an error moves nothing and is answered in words.
 */
import type { ServedState, SiteAnswer } from '../../hosted-protocol';
import { can } from '../accounts/roles';
import { askerOf, HostError, personOf, type HostContext } from '../host-context';
import { pushInWords, type PushState } from '../team-remote';
import type { Handlers } from './bind-endpoints';

async function siteAnswer(host: HostContext, asker: ReturnType<typeof askerOf>): Promise<SiteAnswer> {
  const served = host.site?.last();
  return {
    servesSite: host.site !== undefined,
    published: await host.repo.publishedHead(),
    ...(served ? { served } : {}),
    mayServe: host.site !== undefined && can(asker.role, 'publish'),
  };
}

/** What a pull did, in words: the commits it brought, the push, and the serve that followed. */
function pullInWords(merged: string | undefined, push: PushState, served: ServedState | undefined): string {
  return [
    merged
      ? `The published site now has the team’s repository’s new commits (${merged.slice(0, 8)}).`
      : 'The published site had every commit of the team’s repository already.',
    pushInWords(push),
    served ? `The site on this server: ${served.summary}${served.ok ? '.' : ''}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function siteHandlers(host: HostContext): Handlers<'site' | 'serveAgain' | 'siteStatus' | 'pull'> {
  return {
    site: async (request) => siteAnswer(host, askerOf(request)),

    serveAgain: async (request) => {
      if (!host.site)
        throw new HostError(409, 'This editor serves no site on this machine (EDITOR_RELEASES_DIR is not set): nothing to serve.');
      await host.site.serve(await host.repo.publishedHead());
      return siteAnswer(host, askerOf(request));
    },

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
      // Only a pull that moved the published branch changes what the site on this server should show.
      const served = merged && host.site ? await host.site.serve(merged) : undefined;
      return {
        outcome: merged ? 'pulled' : 'up-to-date',
        commit: await host.repo.publishedHead(),
        push,
        summary: pullInWords(merged, push, served),
      };
    },
  };
}
