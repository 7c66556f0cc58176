import { describe, expect, it } from 'vitest';
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, emailProblem, normaliseEmail } from './email-rule';

describe('emailProblem', () => {
  it.each(['ann@example.com', "o'neil+tag@mail.example.co.uk", 'A.B-C_d@sub-domain.example', `${'a'.repeat(64)}@example.com`])(
    'accepts %s',
    (email) => {
      expect(emailProblem(email)).toBeNull();
    },
  );

  it('accepts exactly 254 characters and refuses 255', () => {
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.ee`;
    const at254 = `${'a'.repeat(EMAIL_MAX_LENGTH - 1 - domain.length)}@${domain}`;
    expect(at254.length).toBe(EMAIL_MAX_LENGTH);
    expect(emailProblem(at254)).toBeNull();
    expect(emailProblem(`a${at254}`)?.code).toBe('email_too_long');
  });

  it(`refuses a local part longer than ${EMAIL_LOCAL_PART_MAX_LENGTH}`, () => {
    expect(emailProblem(`${'a'.repeat(65)}@example.com`)?.code).toBe('email_local_part_too_long');
  });

  it.each([
    ['', 'email_required'],
    ['ann', 'email_invalid'],
    ['ann@', 'email_invalid'],
    ['@example.com', 'email_invalid'],
    ['ann @example.com', 'email_invalid'],
    ['ann@exa mple.com', 'email_invalid'],
    ['jürgen@example.com', 'email_invalid'],
    ['ann@bücher.example', 'email_invalid'],
    ['"ann"@example.com', 'email_invalid'],
    ['ann\u0000@example.com', 'email_invalid'],
    ['ann@-example.com', 'email_invalid'],
    ['ann@localhost', 'email_domain_incomplete'],
  ])('refuses %j (%s) with a message', (email, code) => {
    const problem = emailProblem(email);
    expect(problem?.code).toBe(code);
    expect(problem?.message.length).toBeGreaterThan(10);
  });
});

describe('normaliseEmail', () => {
  it('makes case and surrounding space irrelevant', () => {
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});
