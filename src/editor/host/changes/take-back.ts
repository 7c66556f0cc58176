/**
 * A new editor on an empty data folder (the old disk lost, or the editor moved to another machine) takes the open
 * change sets back from the team's remote, where change-set-mirror.ts keeps them: each branch with commits the
 * published branch lacks becomes a change set again, with its record (change-set-records.ts: title, owner, status,
 * comments, approvals, and its history) as it was pushed. A branch the published site already holds whole
 * (published, or never saved into) has nothing to take back.
 */
import { publishedRef, remoteRef, type RepoContext } from './context';
import { listRecords, moveRefs, readRecord, recordCommit, reviewRef, type ChangeSetRecord } from './change-set-records';
import { branchRefOf, checkChangeSetId } from './layout';
import { REMOTE_BRANCHES, REMOTE_RECORDS } from './change-set-mirror';

/** Where the remote's records are fetched before each is taken as a change set's own (refs/reviews/<id>). */
const FETCHED_RECORDS = 'refs/editor/fetched-reviews';

/** The record as pushed, if there is one and it reads as this change set's; its commit becomes the record's ref. */
async function takePushedRecord(context: RepoContext, id: string): Promise<boolean> {
  const fetched = await context.git(['rev-parse', '--verify', '--quiet', `${FETCHED_RECORDS}/${id}^{commit}`], { okCodes: [1] });
  if (fetched.code !== 0) return false;
  const commit = fetched.stdout.trim();
  await moveRefs(context, [{ ref: reviewRef(id), to: commit, from: undefined }]);
  try {
    if ((await readRecord(context, id))?.record.id === id) return true;
  } catch {
    // Unreadable as pushed: made again from the commits below.
  }
  await moveRefs(context, [{ ref: reviewRef(id), to: null, from: commit }]);
  return false;
}

/** A record made from git alone, when none was pushed: its first own commit's author and date, its id's words. */
async function recordFromCommits(context: RepoContext, id: string): Promise<ChangeSetRecord> {
  const { stdout } = await context.git([
    'log',
    '--reverse',
    '--format=%an%x1f%ae%x1f%aI',
    branchRefOf(id),
    `^${publishedRef(context)}`,
    `^${remoteRef(context, 'publish')}`,
  ]);
  const [name = 'Unknown', email = 'unknown@invalid', createdAt = new Date().toISOString()] = stdout.split('\n')[0].split('\x1f');
  const words = id.replace(/-[0-9a-f]{6}$/, '').replace(/-/g, ' ');
  return {
    id,
    title: words.charAt(0).toUpperCase() + words.slice(1),
    owner: { name, email },
    createdAt,
    status: 'draft',
    updatedAt: createdAt,
    comments: [],
    approvals: [],
  };
}

/**
 * When the data folder holds no change set: the remote's change sets fetched as local branches and given their
 * records (the worktrees are made after, as for any change set). Returns how many were taken back.
 */
export async function takeBackChangeSets(context: RepoContext): Promise<number> {
  const { records, unreadable } = await listRecords(context);
  if (!context.publishRemote || records.length || unreadable.length) return 0;
  await context.git(
    [
      'fetch',
      '--no-tags',
      '--quiet',
      'publish',
      `+refs/heads/${context.branch}:${remoteRef(context, 'publish')}`,
      `+${REMOTE_BRANCHES}/*:refs/heads/changes/*`,
      `+${REMOTE_RECORDS}/*:${FETCHED_RECORDS}/*`,
    ],
    { timeoutMs: 300_000 },
  );
  const { stdout } = await context.git(['for-each-ref', '--format=%(refname:lstrip=3)', 'refs/heads/changes/']);
  let taken = 0;
  for (const id of stdout.split('\n').filter(Boolean)) {
    const branch = `refs/heads/changes/${id}`;
    let valid = true;
    try {
      checkChangeSetId(id);
    } catch {
      valid = false;
    }
    // Published (here, or on the remote, which may be ahead of EDITOR_REPO): nothing of it to take back.
    const inside = async (ref: string) =>
      (await context.git(['merge-base', '--is-ancestor', branch, ref], { okCodes: [1, 128] })).code === 0;
    const published = valid && ((await inside(publishedRef(context))) || (await inside(remoteRef(context, 'publish'))));
    if (!valid || published) {
      await context.git(['update-ref', '-d', branch]);
      continue;
    }
    if (!(await takePushedRecord(context, id))) {
      const record = await recordFromCommits(context, id);
      await moveRefs(context, [{ ref: reviewRef(id), to: await recordCommit(context, record, undefined, 'taken back'), from: undefined }]);
    }
    taken += 1;
  }
  const fetched = await context.git(['for-each-ref', '--format=%(refname)', `${FETCHED_RECORDS}/`]);
  for (const ref of fetched.stdout.split('\n').filter(Boolean)) await context.git(['update-ref', '-d', ref]);
  return taken;
}
