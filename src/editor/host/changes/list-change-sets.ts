/**
 * The change sets for the list and for the start's recovery: each record with its branch's last commit and how many
 * commits it has that the published branch has not. Asked of git in a fixed number of calls whatever the number of
 * change sets (one snapshot of the refs, the records' texts, and one walk of all the commits not yet published), so
 * listing 300 change sets costs about what listing 3 does (and after it, while people only save and review, none:
 * ChangeRepository keeps the last listing up to date in memory, kept-listing.ts). The same walk says who saved in each change set.
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

/** Every commit reachable from `heads` and not from `published`: one `git log` whatever their number. */
async function unpublishedCommits(context: RepoContext, published: string, heads: string[]): Promise<Map<string, Unpublished>> {
  const commits = new Map<string, Unpublished>();
  if (!heads.length) return commits;
  const input = [`^${published}`, ...new Set(heads)].join('\n') + '\n';
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

/** How many commits each head has that `published` has not. */
async function commitsAhead(context: RepoContext, published: string, heads: string[]): Promise<Map<string, number>> {
  const commits = await unpublishedCommits(context, published, heads);
  return new Map(heads.map((head) => [head, commitsOfHead(commits, head).length]));
}

/**
 * Who wrote each head's commits that the published branch has not (the authors of the commits changeSetCommits lists
 * for a change set at that head), for any number of heads in one git call.
 */
export async function authorsAhead(context: RepoContext, heads: string[]): Promise<Map<string, Person[]>> {
  const commits = await unpublishedCommits(context, publishedRef(context), heads);
  return new Map(heads.map((head) => [head, commitsOfHead(commits, head).map((sha) => commits.get(sha)!.author)]));
}

export type Listing = { changeSets: ListedChangeSet[]; unreadable: RecordUnreadable[] };
/** A listing shared by its callers (ChangeRepository.listShared): read, never changed. */
export type SharedListing = { readonly changeSets: readonly Readonly<ListedChangeSet>[]; readonly unreadable: readonly RecordUnreadable[] };

/** A copy the caller may change (the errors are kept as they are: structuredClone would drop their class). */
export const copyOfListing = ({ changeSets, unreadable }: SharedListing): Listing => ({
  changeSets: structuredClone(changeSets) as ListedChangeSet[],
  unreadable: [...unreadable],
});

export async function listChangeSets(context: RepoContext, worktreeOf: (id: string) => string): Promise<Listing> {
  // One snapshot of every ref the listing depends on: records, heads and the published branch are read together.
  const { stdout: refs } = await context.git([
    'for-each-ref',
    '--format=%(objectname) %(refname)',
    'refs/reviews/',
    'refs/heads/changes/',
    publishedRef(context),
  ]);
  const recordRefs: [string, string][] = [];
  const headOf = new Map<string, string>();
  let published: string | undefined;
  for (const line of linesOf(refs)) {
    const [sha, ref] = line.split(' ') as [string, string];
    if (ref.startsWith('refs/reviews/')) recordRefs.push([sha, ref.slice('refs/reviews/'.length)]);
    else if (ref === publishedRef(context)) published = sha;
    else headOf.set(ref, sha);
  }
  const { records, unreadable } = await listRecords(context, recordRefs);
  const listed = records.flatMap((record) => {
    const branch = branchOf(record.id);
    const head = headOf.get(`refs/heads/${branch}`);
    // A record whose branch is gone (removed by hand) has nothing to show: the next start puts it aside.
    return head ? [{ record, branch, head }] : [];
  });
  const ahead = await commitsAhead(
    context,
    published ?? publishedRef(context),
    listed.map(({ head }) => head),
  );
  const listing = {
    changeSets: listed.map(({ record, branch, head }) => ({
      ...record,
      branch,
      worktree: worktreeOf(record.id),
      head,
      ahead: ahead.get(head) ?? 0,
    })),
    unreadable: [...unreadable, ...context.unmigrated.values()],
  };
  return listing;
}
