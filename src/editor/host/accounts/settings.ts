/**
 * The sign-in settings from the environment: EDITOR_SECURE_COOKIES=1 behind HTTPS, EDITOR_ORIGIN, the origin(s)
 * people open the editor at (comma-separated; by default http://127.0.0.1 and http://localhost on EDITOR_PORT, 8090),
 * and EDITOR_TRUST_PROXY, the reverse proxies whose X-Forwarded-For names the client the sign-in limit counts: the
 * lead server's TRUST_PROXY parser (server/trust-proxy.ts), with the same refusals of trusting everyone.
 */
import { parseTrustProxy, type TrustProxy } from '../../../../server/trust-proxy';
import type { EditorAccountsOptions } from './plugin';

export function accountSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<EditorAccountsOptions, 'origins' | 'secureCookies'> & { trustProxy: TrustProxy } {
  // First: a proxy setting that would let clients pick their own address stops the editor before anything else.
  const trustProxy = parseTrustProxy(env.EDITOR_TRUST_PROXY, 'EDITOR_TRUST_PROXY');
  const secure = env.EDITOR_SECURE_COOKIES ?? '';
  if (!['', '0', '1'].includes(secure)) throw new Error(`EDITOR_SECURE_COOKIES must be 1 (behind HTTPS) or 0, not "${secure}"`);
  const port = env.EDITOR_PORT || '8090';
  const origins = (env.EDITOR_ORIGIN || `http://127.0.0.1:${port},http://localhost:${port}`)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    // An origin is scheme, host and port only: what a browser sends in Origin, compared as text.
    if (!parsed || parsed.origin !== origin) {
      throw new Error(`EDITOR_ORIGIN must list origins such as https://editor.example.com (no path, no trailing slash), not "${origin}"`);
    }
  }
  if (secure === '1' && origins.some((origin) => !origin.startsWith('https://'))) {
    throw new Error('EDITOR_SECURE_COOKIES=1 sends the cookie over HTTPS only: set EDITOR_ORIGIN to the https:// address people open');
  }
  return { origins, secureCookies: secure === '1', trustProxy };
}
