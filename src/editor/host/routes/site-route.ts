/**
 * The site served from this machine (EDITOR_RELEASES_DIR): GET /api/site says how the published branch was last
 * served (kept across restarts, so a change set's page shows it after a reload); POST /api/site/serve ("Serve again")
 * builds and serves the published branch's head again, after whatever stopped the last serve was put right.
 */
import type { SiteAnswer } from '../../hosted-protocol';
import { can } from '../accounts/roles';
import { askerOf, HostError, type HostContext } from '../host-context';
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

export function siteHandlers(host: HostContext): Handlers<'site' | 'serveAgain'> {
  return {
    site: async (request) => siteAnswer(host, askerOf(request)),
    serveAgain: async (request) => {
      if (!host.site)
        throw new HostError(409, 'This editor serves no site on this machine (EDITOR_RELEASES_DIR is not set): nothing to serve.');
      await host.site.serve(await host.repo.publishedHead());
      return siteAnswer(host, askerOf(request));
    },
  };
}
