/**
 * The published branch and the team's remote (`EDITOR_GIT_REMOTE`): push it there after a publish, and when the
 * remote has moved on (a developer pushed), fetch its commits and merge them into a candidate, validated and
 * confirmed as a publish is (publish.ts), before pushing again.
 */
import { PUBLISHED_KEY, publishedRef, remoteRef, REPOSITORY_KEY, type RepoContext } from './context';
import type { Person } from './git';
import { NothingToPublish, prepareCandidate, type MergeOptions, type Preparation } from './publish';

export type PushResult =
  | { ok: true; sha: string; upToDate: boolean }
  | {
      ok: false;
      /** not-configured: no EDITOR_GIT_REMOTE; rejected: the remote has commits the editor lacks; failed: anything else (unreachable, refused). */
      reason: 'not-configured' | 'rejected' | 'failed';
      message: string;
    };

/** Pushes the published branch to the remote's branch of the same name; never forced. */
export async function pushPublished(context: RepoContext): Promise<PushResult> {
  if (!context.publishRemote)
    return { ok: false, reason: 'not-configured', message: 'no remote to push to (EDITOR_GIT_REMOTE is not set)' };
  return context.queue.run(PUBLISHED_KEY, async () => {
    const ref = publishedRef(context);
    const sha = (await context.git(['rev-parse', ref])).stdout.trim();
    const result = await context.git(['push', '--porcelain', 'publish', `${ref}:${ref}`], { okCodes: [1, 128], timeoutMs: 300_000 });
    // --porcelain: one line per ref, flag first: ' ' pushed, '=' up to date, '!' rejected.
    const line = result.stdout.split('\n').find((text) => text.includes(`\t${ref}:`));
    if (result.code === 0 && line) return { ok: true, sha, upToDate: line.startsWith('=') };
    if (line?.startsWith('!') && /\[rejected\].*(fetch first|non-fast-forward)/.test(line))
      return {
        ok: false,
        reason: 'rejected',
        message:
          'the remote has commits the published site does not have yet (someone pushed): fetch and merge them first, then push again',
      };
    const detail = (line?.split('\t').pop() ?? '') || result.stderr.trim().split('\n').slice(-2).join(' / ');
    return { ok: false, reason: 'failed', message: `the push failed: ${detail || `git exited with ${result.code}`}` };
  });
}

/** The published head's committer: who last moved the published branch. */
export async function lastPublisher(context: RepoContext): Promise<Person> {
  const { stdout } = await context.git(['log', '-1', '--format=%cn%x1f%ce', publishedRef(context)]);
  const [name, email] = stdout.trim().split('\x1f');
  return { name, email };
}

/** Fetches the remote's branch (the push remote, else the repository the editor was cloned from). */
async function fetchRemote(context: RepoContext): Promise<string | undefined> {
  const remote = context.publishRemote ? 'publish' : 'origin';
  await context.queue.run(REPOSITORY_KEY, () => context.git(['fetch', '--no-tags', '--quiet', remote], { timeoutMs: 300_000 }));
  const found = await context.git(['rev-parse', '--verify', '--quiet', remoteRef(context, remote)], { okCodes: [1] });
  return found.code === 0 ? found.stdout.trim() : undefined;
}

/**
 * The remote's new commits merged into a candidate for the published branch (a fast-forward when the published
 * branch has nothing of its own). Its documents are merged field by field as a publish's are; in a conflict the
 * remote's commits take the change set's part.
 */
export async function preparePull(context: RepoContext, person: Person, options: MergeOptions = {}): Promise<Preparation> {
  const remoteHead = await fetchRemote(context);
  if (!remoteHead) throw new NothingToPublish('the remote has no such branch');
  // Nothing new there (the usual case at start): no candidate worktree made for nothing.
  const had = await context.git(['merge-base', '--is-ancestor', remoteHead, publishedRef(context)], { okCodes: [1] });
  if (had.code === 0) throw new NothingToPublish('the published site has every commit of the remote');
  return prepareCandidate(context, remoteHead, person, {
    ...options,
    message: options.message ?? `Merge the remote's ${context.branch} into the published site`,
    fastForward: true,
  });
}
