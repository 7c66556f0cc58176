/**
 * `npm run editor:user -- <command>`: the hosted editor's accounts, in the leads' database (DATABASE_URL, else the
 * SQLite file LEADS_DB). Passwords come from standard input (read-secret.ts). Exit 0 when done, 1 when refused or
 * failed (the message says why and nothing was changed), 2 for a command that is not one.
 */
import { parseArgs } from 'node:util';
import { AccountError, Accounts } from '../../src/editor/host/accounts/accounts';
import { emailProblem } from '../../src/leads/contract/email-rule';
import { accountStoreLocation, openAccountStore } from '../../src/editor/host/accounts/open-account-store';
import { PASSWORD_MIN_LENGTH } from '../../src/editor/host/accounts/passwords';
import { parseLanguages } from '../../src/editor/host/accounts/languages';
import { isRole, ROLES } from '../../src/editor/host/accounts/roles';
import type { UserRecord } from '../../src/editor/host/accounts/store';
import { readSecret } from './read-secret';

const USAGE = `usage: npm run editor:user -- <command>
  add <email> --role <role> [--name "Full Name"] [--languages es,de]
                                                   the password from standard input; --languages: the only languages
                                                   they may translate into (left out: every language)
  list
  reset <email>                                    a new password from standard input; signs the person out everywhere
  role <email> <role>
  languages <email> <codes>                        the languages they may translate into, e.g. es,de ("" : every one)
  remove <email>                                   the account and its sessions
roles: ${ROLES.join(', ')}; passwords have at least ${PASSWORD_MIN_LENGTH} characters.
Accounts are kept where the leads are: DATABASE_URL when set, else the SQLite file LEADS_DB (data/leads.db).`;

class UsageError extends Error {}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' }, name: { type: 'string' }, languages: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function table(users: UserRecord[]): string {
  if (users.length === 0) return `No accounts yet. Add the first: npm run editor:user -- add you@example.com --role admin`;
  const rows = [
    ['email', 'name', 'role', 'languages', 'since'],
    ...users.map((u) => [u.email, u.name, u.role, u.languages.join(',') || 'all', u.createdAt.toISOString().slice(0, 10)]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const languagesWords = (user: UserRecord) => (user.languages.length ? ` for ${user.languages.join(', ')}` : '');

function arity(positionals: string[], count: number, shape: string): string[] {
  if (positionals.length !== count) throw new UsageError(`expected: ${shape}`);
  return positionals;
}

async function run(): Promise<string> {
  const { values, positionals } = parse();
  const [command, ...args] = positionals;
  if (values.help) return USAGE;
  if (command === undefined) throw new UsageError('');
  if (command !== 'add' && (values.role !== undefined || values.name !== undefined || values.languages !== undefined))
    throw new UsageError('--role, --name and --languages go with add');
  const checks: Record<string, () => void> = {
    add: () => {
      arity(args, 1, 'add <email> --role <role> [--name "Full Name"]');
      if (!values.role) throw new UsageError(`add needs --role (${ROLES.join(', ')})`);
      // Before the password is asked for: a typo here would waste it.
      if (!isRole(values.role)) throw new AccountError(`"${values.role}" is not a role; the roles are ${ROLES.join(', ')}.`);
      const problem = emailProblem(args[0].trim());
      if (problem) throw new AccountError(problem.message);
      try {
        parseLanguages(values.languages ?? '');
      } catch (error) {
        throw new AccountError((error as Error).message);
      }
    },
    list: () => arity(args, 0, 'list'),
    reset: () => arity(args, 1, 'reset <email>'),
    role: () => arity(args, 2, 'role <email> <role>'),
    languages: () => arity(args, 2, 'languages <email> <codes>'),
    remove: () => arity(args, 1, 'remove <email>'),
  };
  if (!checks[command]) throw new UsageError(`"${command}" is not a command`);
  checks[command]();

  // The password is read before the database is opened: a mistyped one costs no connection.
  const password =
    command === 'add' || command === 'reset'
      ? await readSecret(`Password for ${args[0]} (at least ${PASSWORD_MIN_LENGTH} characters): `, { confirm: true })
      : '';
  const store = await openAccountStore(accountStoreLocation());
  const accounts = new Accounts(store);
  try {
    switch (command) {
      case 'add': {
        const user = await accounts.add({ email: args[0], name: values.name, role: values.role!, languages: values.languages, password });
        return `Added ${user.email} (${user.name}) as ${user.role}${languagesWords(user)}, in ${store.description}.`;
      }
      case 'list':
        return table(await accounts.list());
      case 'reset': {
        const ended = await accounts.resetPassword(args[0], password);
        return `New password for ${args[0]}; ${ended === 1 ? '1 session' : `${ended} sessions`} ended.`;
      }
      case 'role': {
        const user = await accounts.setRole(args[0], args[1]);
        return `${user.email} is now ${user.role === 'admin' || user.role === 'editor' ? 'an' : 'a'} ${user.role}.`;
      }
      case 'languages': {
        const user = await accounts.setLanguages(args[0], args[1]);
        return `${user.email} now translates into ${user.languages.length ? user.languages.join(', ') : 'every language'}.`;
      }
      default:
        await accounts.remove(args[0]);
        return `Removed ${args[0]} and its sessions.`;
    }
  } finally {
    await store.close();
  }
}

try {
  console.log(await run());
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message ? `editor:user: ${error.message}\n${USAGE}` : USAGE);
    process.exitCode = 2;
  } else {
    // An AccountError or SecretInputError says what to do; anything else (the database) says what failed.
    console.error(`editor:user: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
