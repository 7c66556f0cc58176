/**
 * The one rule for a lead's email address, shared by the chat form (browser)
 * and the lead server, so both accept and refuse exactly the same values.
 * Plain TypeScript on purpose: no zod may reach the browser bundle.
 */

/** RFC 5321 limits; browsers' `type="email"` and common validators accept longer addresses. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/**
 * The HTML standard's "valid email address" (what `type="email"` checks), so the
 * server never refuses what the browser let through, except for the rules below.
 */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type EmailProblemCode =
  'email_required' | 'email_too_long' | 'email_local_part_too_long' | 'email_invalid' | 'email_domain_incomplete';

export interface EmailProblem {
  code: EmailProblemCode;
  /** In English, for the lead endpoint's answer; a page shows its own language's words for the code (site configuration). */
  message: string;
}

/** What is wrong with `value` as a lead's email, or null when it is acceptable. */
export function emailProblem(value: string): EmailProblem | null {
  if (value.length === 0) return { code: 'email_required', message: 'Enter an email address.' };
  if (value.length > EMAIL_MAX_LENGTH) {
    return { code: 'email_too_long', message: `An email address has at most ${EMAIL_MAX_LENGTH} characters.` };
  }
  const at = value.lastIndexOf('@');
  if (at > EMAIL_LOCAL_PART_MAX_LENGTH) {
    return {
      code: 'email_local_part_too_long',
      message: `The part of an email address before the @ has at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters.`,
    };
  }
  if (!HTML_EMAIL.test(value)) {
    return { code: 'email_invalid', message: 'Enter an email address such as name@example.com.' };
  }
  // `name@localhost` is a valid HTML email but can never reach a person on the internet.
  if (!value.slice(at + 1).includes('.')) {
    return { code: 'email_domain_incomplete', message: 'The domain after the @ needs a dot, as in name@example.com.' };
  }
  return null;
}

/** The form under which a lead is unique: `Name@Example.com` and `name@example.com` are one lead. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
