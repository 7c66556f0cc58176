/**
 * What the lead endpoint accepts: the body `{ email, page?, placement?, locale? }` and the
 * Idempotency-Key header. The email rule is the one the chat form uses.
 */
import { z } from 'zod';
import { emailProblem } from '../src/leads/contract/email-rule';
import { ApiError } from './api-error';

/** Longest language tag accepted: far more than a language, script, region and variant need. */
const LOCALE_MAX = 35;
const LOCALE_PROBLEM = 'locale must be a language tag such as "es" or "pt-BR"';

const bodySchema = z.object({
  email: z
    .string({ error: 'email must be a string, such as "name@example.com"' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = emailProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code } });
    }),
  page: z
    .string({ error: 'page must be a string' })
    .max(512, { error: 'page has at most 512 characters' })
    // eslint-disable-next-line no-control-regex -- refusing control characters in a stored path is the point
    .regex(/^\/[^\u0000-\u001f\u007f\s]*$/, { error: 'page must be a path such as /solutions/insurance' })
    .optional(),
  placement: z
    .string({ error: 'placement must be a string' })
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'placement must be 1 to 40 lowercase letters, digits or dashes, such as footer' })
    .optional(),
  // A BCP 47 tag, stored in its canonical form ("pt-br" becomes "pt-BR"); Intl refuses what is not one.
  locale: z
    .string({ error: 'locale must be a string' })
    .max(LOCALE_MAX, { error: `locale has at most ${LOCALE_MAX} characters` })
    .transform((value, ctx) => {
      try {
        return Intl.getCanonicalLocales(value)[0];
      } catch {
        ctx.addIssue({ code: 'custom', message: LOCALE_PROBLEM });
        return z.NEVER;
      }
    })
    .optional(),
});

export type LeadRequestBody = z.infer<typeof bodySchema>;

/** The parsed body, or an ApiError (400) that names the first problem. */
export function parseLeadBody(body: unknown): LeadRequestBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_body', 'The body must be a JSON object such as {"email": "name@example.com"}.');
  }
  if (!('email' in body) || body.email === undefined) {
    throw new ApiError(400, 'email_required', 'The body has no email; send {"email": "name@example.com"}.');
  }
  const result = bodySchema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue.path[0] ?? 'body');
  const ruleCode = issue.code === 'custom' ? (issue.params?.code as string | undefined) : undefined;
  const code = ruleCode ?? (field === 'email' ? 'email_not_string' : `invalid_${field}`);
  throw new ApiError(400, code, issue.message);
}

/**
 * The first name that appears twice in one object of `text` (already parsed as JSON), or null. RFC 8259 leaves
 * duplicate names to each parser (JSON.parse keeps the last, others the first), so a body two parsers would read
 * differently, a proxy's check and this server say, is refused rather than guessed at. Names are compared decoded
 * ("\u0065mail" is "email").
 */
export function duplicateKey(text: string): string | null {
  const objects: (Set<string> | null)[] = [];
  const stringToken = /"(?:[^"\\]|\\.)*"/y;
  const colonNext = /\s*:/y;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') objects.push(new Set());
    else if (char === '[') objects.push(null);
    else if (char === '}' || char === ']') objects.pop();
    else if (char === '"') {
      stringToken.lastIndex = i;
      const token = stringToken.exec(text)![0];
      i += token.length - 1;
      colonNext.lastIndex = i + 1;
      const names = objects.at(-1);
      if (!names || !colonNext.test(text)) continue;
      const name = JSON.parse(token) as string;
      if (names.has(name)) return name;
      names.add(name);
    }
  }
  return null;
}

const USER_AGENT_MAX = 512;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The User-Agent as sent, at most 512 characters. Node reads header bytes as Latin-1, so one sent in UTF-8 (an app
 * or device name with accents or emoji) would be stored garbled: it is decoded as UTF-8 when its bytes are valid
 * UTF-8, and kept as Latin-1 otherwise.
 */
export function userAgentOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  let text = header;
  try {
    text = utf8.decode(Buffer.from(header, 'latin1'));
  } catch {
    // Not UTF-8: Latin-1 is then the best reading.
  }
  // By code point, so an emoji is never cut in half.
  return Array.from(text).slice(0, USER_AGENT_MAX).join('');
}

/** Idempotency keys are opaque (the site sends UUIDs): 1 to 255 visible ASCII characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.');
  }
  return header;
}

/**
 * Why the Content-Type is refused (415), or null. JSON is UTF-8 (RFC 8259): a body declared in another
 * charset would be decoded wrongly, so it is refused rather than guessed at.
 */
export function unsupportedContentType(header: string | undefined): ApiError | null {
  const [mediaType, ...parameters] = (header ?? '').split(';').map((part) => part.trim());
  if (mediaType.toLowerCase() !== 'application/json') {
    return new ApiError(415, 'unsupported_media_type', 'Send the body as Content-Type: application/json.');
  }
  for (const parameter of parameters) {
    const [name, value = ''] = parameter.split('=').map((s) => s.trim());
    if (name.toLowerCase() !== 'charset') continue;
    if (!/^"?utf-?8"?$/i.test(value)) {
      return new ApiError(
        415,
        'unsupported_charset',
        `Send the body in UTF-8 (charset=utf-8), not ${value.replace(/"/g, '').slice(0, 40) || 'an empty charset'}.`,
      );
    }
  }
  return null;
}
