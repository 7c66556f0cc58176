/**
 * The person and the words a commit carries, made safe for git: a name and e-mail git accepts as they are (no
 * angle brackets or line breaks, which git would strip or refuse), and a message without control characters.
 */
import type { Person } from './git';

export class IdentityError extends Error {
  override name = 'IdentityError';
}

/** `text` without control characters other than line breaks and tabs (git's log fields are split on them). */
const withoutControls = (text: string) =>
  [...text].filter((char) => char === '\n' || char === '\t' || (char >= ' ' && char !== '\u007f')).join('');

export function checkPerson(person: Person): Person {
  const name = withoutControls(person.name).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
  const email = person.email.trim();
  if (!name) throw new IdentityError('a commit needs the name of the person who made it');
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(email) || email.length > 254)
    throw new IdentityError(`not an e-mail address git can record: ${JSON.stringify(email).slice(0, 80)}`);
  return { name: name.slice(0, 200), email };
}

/** A commit message as given, trimmed, its control characters (other than line breaks and tabs) removed. */
export function cleanMessage(message: string): string {
  const text = withoutControls(message.replace(/\r\n?/g, '\n')).trim();
  if (!text) throw new IdentityError('a commit needs a message');
  return text;
}
