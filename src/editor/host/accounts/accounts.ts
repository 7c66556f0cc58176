/**
 * Managing accounts (`npm run editor:user`, and an admin's page later): add, list, reset a password, change a role,
 * remove. Each checks what it is given and refuses with an AccountError whose message says what to do.
 */
import { emailProblem } from '../../../leads/contract/email-rule';
import { hashPassword, passwordProblem, type ScryptCost } from './passwords';
import { parseLanguages } from './languages';
import { ROLES, isRole, type Role } from './roles';
import { DuplicateEmailError, type AccountStore, type UserRecord } from './store';

/** A request that cannot be done as asked; its message is for the person who asked. */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface NewAccount {
  email: string;
  /** For the commits the person makes; the email's part before the @ when not given. */
  name?: string;
  role: string;
  /** Comma-separated codes (`es,de`); left out: every language. */
  languages?: string;
  password: string;
}

function checkedRole(role: string): Role {
  if (!isRole(role)) throw new AccountError(`"${role}" is not a role; the roles are ${ROLES.join(', ')}.`);
  return role;
}

function checkedLanguages(list: string): string[] {
  try {
    return parseLanguages(list);
  } catch (error) {
    throw new AccountError((error as Error).message);
  }
}

function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  return password;
}

const noSuchAccount = (email: string) => new AccountError(`There is no account for ${email.trim()}.`);

export class Accounts {
  constructor(
    private readonly store: AccountStore,
    private readonly now: () => Date = () => new Date(),
    /** Tests may hash cheaply; accounts for people use the default. */
    private readonly cost?: ScryptCost,
  ) {}

  async add({ email, name, role, languages, password }: NewAccount): Promise<UserRecord> {
    const trimmed = email.trim();
    const problem = emailProblem(trimmed);
    if (problem) throw new AccountError(problem.message);
    const checked = checkedRole(role);
    const codes = checkedLanguages(languages ?? '');
    const passwordHash = await hashPassword(checkedPassword(password), this.cost);
    const fullName = name?.trim() || trimmed.slice(0, trimmed.lastIndexOf('@'));
    try {
      return await this.store.addUser({ email: trimmed, name: fullName, role: checked, languages: codes, passwordHash, at: this.now() });
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new AccountError(error.message);
      throw error;
    }
  }

  list(): Promise<UserRecord[]> {
    return this.store.listUsers();
  }

  /** A new password; every session of the account ends (whoever knew the old one is signed out). Returns how many. */
  async resetPassword(email: string, password: string): Promise<number> {
    const passwordHash = await hashPassword(checkedPassword(password), this.cost);
    const ended = await this.store.setPassword(email, passwordHash, this.now());
    if (ended === null) throw noSuchAccount(email);
    return ended;
  }

  async setRole(email: string, role: string): Promise<UserRecord> {
    const user = await this.store.updateUser(email, { role: checkedRole(role) }, this.now());
    if (!user) throw noSuchAccount(email);
    return user;
  }

  /** The languages they may translate into, in place of those they had ('' : every language). */
  async setLanguages(email: string, languages: string): Promise<UserRecord> {
    const user = await this.store.updateUser(email, { languages: checkedLanguages(languages) }, this.now());
    if (!user) throw noSuchAccount(email);
    return user;
  }

  async remove(email: string): Promise<void> {
    if (!(await this.store.removeUser(email))) throw noSuchAccount(email);
  }
}
