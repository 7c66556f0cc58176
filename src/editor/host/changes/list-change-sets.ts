/**
 * The change sets for the list and for the start's recovery: each record with its branch's last commit and how many
 * commits it has that the published branch has not. Asked of git in a fixed number of calls whatever the number of
 * change sets (the records' refs and their texts, every branch's head, and one walk of all the commits not yet
 * published), so listing 300 change sets costs about what listing 3 does. The same walk says who saved in each.
 */
import { publishedRef, type RepoContext } from './context';
import { listRecords, type ChangeSetRecord, type RecordUnreadable } from './change-set-records';
import type { ChangeSet } from './change-sets';
import type { Person } from './git';
import { branchOf } from './layout';

/** A change set as the list shows it (without the merge base and the commits behind, which a list never shows). */
export type ListedChangeSet = ChangeSetRecord & Pick<ChangeSet, 'branch' | 'worktree' | 'head' | 'ahead'>;

const linesOf = (text: string) => text.split('\n').filter(Boolean);

/** A commit not yet published: its parents, and who wrote it. */
interface Unpublished {
  parents: string[];
  author: Person;
}

/** Every commit reachable from `heads` and not from the published branch: one `git log` whatever their number. */
async function unpublishedCommits(context: RepoContext, heads: string[]): Promise<Map<string, Unpublished>> {
  const commits = new Map<string, Unpublished>();
  if (!heads.length) return commits;
  const input = [`^${publishedRef(context)}`, ...new Set(heads)].join('\n') + '\n';
  const { stdout } = await context.git(['log', '--format=%H%x1f%P%x1f%an%x1f%ae', '--stdin'], { input });
  for (const line of linesOf(stdout)) {
    const [sha, parents, name, email] = line.split('\x1f');
    commits.set(sha, { parents: parents.split(' ').filter(Boolean), author: { name, email } });
  }
  return commits;
}

/** The commits of `head` among `commits`: exactly those it reaches through them (as `published..head` lists them). */
function commitsOfHead(commits: Map<string, Unpublished>, head: string): string[] {
  const seen = new Set<string>();
  const stack = commits.has(head) ? [head] : [];
  while (stack.length) {
    const sha = stack.pop()!;
    if (seen.has(sha)) continue;
    seen.add(sha);
    for (const parent of commits.get(sha)?.parents ?? []) if (commits.has(parent)) stack.push(parent);
  }
  return [...seen];
}

/** How many commits each head has that the published branch has not. */
async function commitsAhead(context: RepoContext, heads: string[]): Promise<Map<string, number>> {
  const commits = await unpublishedCommits(context, heads);
  return new Map(heads.map((head) => [head, commitsOfHead(commits, head).length]));
}

/**
 * Who wrote each head's commits that the published branch has not (the authors of the commits changeSetCommits lists
 * for a change set at that head), for any number of heads in one git call.
 */
export async function authorsAhead(context: RepoContext, heads: string[]): Promise<Map<string, Person[]>> {
  const commits = await unpublishedCommits(context, heads);
  return new Map(heads.map((head) => [head, commitsOfHead(commits, head).map((sha) => commits.get(sha)!.author)]));
}

export async function listChangeSets(
  context: RepoContext,
  worktreeOf: (id: string) => string,
): Promise<{ changeSets: ListedChangeSet[]; unreadable: RecordUnreadable[] }> {
  const [{ records, unreadable }, heads] = await Promise.all([
    listRecords(context),
    context.git(['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/changes/']),
  ]);
  const headOf = new Map(linesOf(heads.stdout).map((line) => line.split(' ') as [string, string]));
  const listed = records.flatMap((record) => {
    const branch = branchOf(record.id);
    const head = headOf.get(`refs/heads/${branch}`);
    // A record whose branch is gone (removed by hand) has nothing to show: the next start puts it aside.
    return head ? [{ record, branch, head }] : [];
  });
  const ahead = await commitsAhead(
    context,
    listed.map(({ head }) => head),
  );
  return {
    changeSets: listed.map(({ record, branch, head }) => ({
      ...record,
      branch,
      worktree: worktreeOf(record.id),
      head,
      ahead: ahead.get(head) ?? 0,
    })),
    unreadable: [...unreadable, ...context.unmigrated.values()],
  };
}
