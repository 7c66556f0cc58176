/**
 * A read whose answer another site must not even ask for (what a change set would publish, before it is public): the
 * accounts plugin refuses changes from another origin (accounts/access.ts), and this refuses such a read too, by the
 * browser's own word (Sec-Fetch-Site) or an Origin that is not the host the request was sent to.
 */
import type { FastifyRequest } from 'fastify';
import { HostError } from '../host-context';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function refuseOtherSites(request: FastifyRequest): void {
  const site = header(request, 'sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site')
    throw new HostError(403, `The review is shown only on the editor's own pages (this request came ${site}).`);
  const origin = header(request, 'origin');
  if (origin === undefined || origin === 'null') return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new HostError(403, `The review is shown only on the editor's own pages, not on ${origin}.`);
  }
  // Behind a proxy the browser's host is the forwarded one.
  const own = [header(request, 'host'), header(request, 'x-forwarded-host')].filter(Boolean);
  if (!own.includes(host)) throw new HostError(403, `The review is shown only on the editor's own pages, not on ${origin}.`);
}
