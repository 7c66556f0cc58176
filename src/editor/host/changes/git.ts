/**
 * Runs the `git` command line: always as an argument list (execFile, never a shell), always against the editor's
 * own repository or one of its worktrees, with an environment that cannot point it elsewhere, started by the editor's
 * spawner (spawner.ts). Every git call of the change-set library goes through here.
 */
import { runCommand } from './spawner';

export class GitError extends Error {
  override name = 'GitError';
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly stdout: string,
  ) {
    super(`git ${args[0] ?? ''} failed (exit ${exitCode ?? 'signal'}): ${stderr.trim().split('\n').slice(-3).join(' / ') || 'no message'}`);
  }
}

/** Who a commit is by: the signed-in person. */
export interface Person {
  name: string;
  email: string;
}

/**
 * The environment git runs in: the server's, without any GIT_* variable (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE
 * set by a hook or a developer's shell would aim commands at another repository, such as the developer's checkout),
 * with C messages (stderr is read for "rejected"), never a prompt for credentials (a server has nobody to answer),
 * the system config ignored, and pathspecs taken literally.
 */
export function gitEnvironment(base: NodeJS.ProcessEnv, person?: Person): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) if (!name.startsWith('GIT_')) env[name] = value;
  env.LC_ALL = 'C';
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_CONFIG_NOSYSTEM = '1';
  // A path is a path: `:(glob)*` or `*.json` from a request must never widen an add, a commit or a log.
  env.GIT_LITERAL_PATHSPECS = '1';
  if (person) {
    // Author and committer alike: the person made the change, the editor only ran git for them.
    env.GIT_AUTHOR_NAME = env.GIT_COMMITTER_NAME = person.name;
    env.GIT_AUTHOR_EMAIL = env.GIT_COMMITTER_EMAIL = person.email;
  }
  return env;
}

interface GitOptions {
  /** The worktree to run in; without it, the bare repository itself (`--git-dir`). */
  cwd?: string;
  /** The person a commit or merge made by this call is by. */
  person?: Person;
  /** Exit codes that are answers, not failures (`merge` exits 1 on a conflict, `diff --quiet` 1 on a difference). */
  okCodes?: number[];
  /** Kills a hung call (a remote that never answers); 2 minutes unless said. */
  timeoutMs?: number;
  /** Written to git's standard input (`hash-object --stdin`, `mktree`, `update-ref --stdin`). */
  input?: string;
}

interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs git in the editor's repository (`gitDir`) or one of its worktrees. */
export type Git = (args: readonly string[], options?: GitOptions) => Promise<GitResult>;

export function gitRunner(gitDir: string, baseEnv: NodeJS.ProcessEnv = process.env): Git {
  return async (args, options = {}) => {
    // A worktree finds its repository through its own `.git` file; the bare repository is named outright.
    const fullArgs = options.cwd ? [...args] : [`--git-dir=${gitDir}`, ...args];
    const { stdout, stderr, code } = await runCommand({
      file: 'git',
      args: fullArgs,
      cwd: options.cwd ?? gitDir,
      env: gitEnvironment(baseEnv, options.person),
      input: options.input,
      timeoutMs: options.timeoutMs ?? 120_000,
      maxBuffer: 256 * 1024 * 1024,
    }).catch((error: Error) => ({ stdout: '', stderr: error.message, code: null }));
    if (code === 0) return { stdout, stderr, code };
    if (code !== null && options.okCodes?.includes(code)) return { stdout, stderr, code };
    throw new GitError(args, code, stderr, stdout);
  };
}

/** git's words for a path or revision that is not there (`git show sha:path`, `rev-parse --verify`). */
export const isMissing = (error: unknown) =>
  error instanceof GitError &&
  /does not exist|exists on disk, but not in|bad revision|unknown revision|Needed a single revision|not a valid object/i.test(error.stderr);
