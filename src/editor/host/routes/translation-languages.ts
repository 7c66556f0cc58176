/**
 * A person's languages (accounts/languages.ts), enforced: a translation written or drafted into a language they do
 * not translate is refused with 403 in words, before the endpoints see it. The locale is in the request's body, so
 * the check runs on the body the main thread has read (workspace.ts), never on what the interface offered.
 */
import type { EditorEndpointName } from '../../editor-endpoints';
import type { RelayedAnswer, RelayedRequest } from '../content-worker/content-worker-protocol';
import { languageRefusal, mayTranslate } from '../accounts/languages';
import type { RequestRefusal } from '../workspace';

/** The endpoints that change a translation (or its draft), each naming its language in `locale`. */
const TRANSLATION_WRITES: ReadonlySet<EditorEndpointName> = new Set(['translationSave', 'translationDraft']);

const localeIn = (request: RelayedRequest): unknown => {
  try {
    return (JSON.parse(Buffer.from(request.body ?? []).toString('utf8')) as { locale?: unknown }).locale;
  } catch {
    return undefined; // not JSON: the endpoint itself answers it
  }
};

/** The check for `endpoint` as a person with `languages` uses it, or undefined when there is nothing to check. */
export function languageCheck(endpoint: EditorEndpointName | undefined, languages: readonly string[]): RequestRefusal | undefined {
  if (!endpoint || !TRANSLATION_WRITES.has(endpoint) || languages.length === 0) return undefined;
  return (request): RelayedAnswer | undefined => {
    const locale = localeIn(request);
    if (typeof locale !== 'string' || mayTranslate(languages, locale)) return undefined;
    return {
      handled: true,
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: JSON.stringify({ error: 'not_allowed', message: languageRefusal(languages, locale) }),
    };
  };
}
