/**
 * The change sets for the list and for the start's recovery: each record with its branch's last commit and how many
 * commits it has that the published branch has not. Asked of git in a fixed number of calls whatever the number of
 * change sets (the records' refs and their texts, every branch's head, and one walk of all the commits not yet
 * published), so listing 300 change sets costs about what listing 3 does.
 */
import { publishedRef, type RepoContext } from './context';
import { listRecords, type ChangeSetRecord, type RecordUnreadable } from './change-set-records';
import type { ChangeSet } from './change-sets';
import { branchOf } from './layout';

/** A change set as the list shows it (without the merge base and the commits behind, which a list never shows). */
export type ListedChangeSet = ChangeSetRecord & Pick<ChangeSet, 'branch' | 'worktree' | 'head' | 'ahead'>;

const linesOf = (text: string) => text.split('\n').filter(Boolean);

/**
 * How many commits each head has that `published` has not: one `git rev-list --parents` of every commit reachable
 * from the heads and not from the published branch, then each head's share of them counted here (the commits of a
 * head are exactly those it reaches through that set).
 */
async function commitsAhead(context: RepoContext, heads: string[]): Promise<Map<string, number>> {
  const ahead = new Map<string, number>();
  if (!heads.length) return ahead;
  const input = [`^${publishedRef(context)}`, ...new Set(heads)].join('\n') + '\n';
  const { stdout } = await context.git(['rev-list', '--parents', '--stdin'], { input });
  const parents = new Map<string, string[]>();
  for (const line of linesOf(stdout)) {
    const [sha, ...rest] = line.split(' ');
    parents.set(sha, rest);
  }
  for (const head of heads) {
    if (ahead.has(head)) continue;
    const seen = new Set<string>();
    const stack = parents.has(head) ? [head] : [];
    while (stack.length) {
      const sha = stack.pop()!;
      if (seen.has(sha)) continue;
      seen.add(sha);
      for (const parent of parents.get(sha) ?? []) if (parents.has(parent)) stack.push(parent);
    }
    ahead.set(head, seen.size);
  }
  return ahead;
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
