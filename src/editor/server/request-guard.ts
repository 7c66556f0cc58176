/**
 * Who may use the editor's endpoints: only a browser on this machine, on the dev server's own page.
 *   - the connection comes from the loopback address (the dev server may listen on more);
 *   - the Host header names a loopback host (a DNS-rebinding page reaches 127.0.0.1 under its own name);
 *   - an Origin, when the browser sends one, is the dev server's own; a state-changing request must send one;
 *   - every API request carries the editor's header, which a page on another site cannot add without a CORS
 *     preflight that the dev server never answers.
 */
import { EDITOR_HEADER } from '../protocol';

export interface GuardedRequest {
  method: string;
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

const header = (request: GuardedRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Why the request is refused (the answer is 403), or undefined when it may proceed. `api`: an endpoint, not a page. */
export function refusal(request: GuardedRequest, { api }: { api: boolean }): string | undefined {
  if (!request.remoteAddress || !LOOPBACK_ADDRESS.test(request.remoteAddress)) return 'the editor answers only on the loopback address';
  const host = header(request, 'host');
  if (!host || !LOOPBACK_HOST.test(host)) return 'the editor answers only to a loopback host name (localhost, 127.0.0.1)';
  const origin = header(request, 'origin');
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (origin !== undefined && origin !== `http://${host}`) return `requests from ${origin} are refused`;
  if (!api) return undefined;
  if (!reading && origin === undefined) return 'a change must come from the editor page (no Origin)';
  if (header(request, EDITOR_HEADER) !== '1') return `the editor's requests carry "${EDITOR_HEADER}: 1"`;
  return undefined;
}
