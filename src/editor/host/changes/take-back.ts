/**
 * A new editor on an empty data folder (the old disk lost, or the editor moved to another machine) takes the open
 * change sets back from the team's remote, where change-set-mirror.ts keeps them: each branch with commits the
 * published branch lacks becomes a change set again, with its record (title, owner, creation) as it was pushed. A
 * branch the published site already holds whole (published, or never saved into) has nothing to take back.
 */
import { publishedRef, remoteRef, type RepoContext } from './context';
import { listRecords, writeRecord, type ChangeSetRecord } from './change-set-records';
import { branchOf, checkChangeSetId } from './layout';
import { REMOTE_BRANCHES, REMOTE_RECORDS } from './change-set-mirror';

/** The record as pushed, if it reads as one. */
async function pushedRecord(context: RepoContext, id: string): Promise<ChangeSetRecord | undefined> {
  const blob = await context.git(['cat-file', 'blob', `${REMOTE_RECORDS}/${id}`], { okCodes: [128] });
  if (blob.code !== 0) return undefined;
  try {
    const record = JSON.parse(blob.stdout) as Partial<ChangeSetRecord>;
    const { title, owner, createdAt } = record;
    if (record.id !== id || typeof title !== 'string' || typeof createdAt !== 'string' || typeof owner?.name !== 'string') return undefined;
    return { id, title, owner: { name: owner.name, email: String(owner.email) }, createdAt };
  } catch {
    return undefined;
  }
}

/** A record made from git alone, when none was pushed: its first own commit's author and date, its id's words. */
async function recordFromCommits(context: RepoContext, id: string): Promise<ChangeSetRecord> {
  const { stdout } = await context.git([
    'log',
    '--reverse',
    '--format=%an%x1f%ae%x1f%aI',
    `refs/heads/${branchOf(id)}`,
    `^${publishedRef(context)}`,
    `^${remoteRef(context, 'publish')}`,
  ]);
  const [name = 'Unknown', email = 'unknown@invalid', createdAt = new Date().toISOString()] = stdout.split('\n')[0].split('\x1f');
  const words = id.replace(/-[0-9a-f]{6}$/, '').replace(/-/g, ' ');
  return { id, title: words.charAt(0).toUpperCase() + words.slice(1), owner: { name, email }, createdAt };
}

/**
 * When the data folder holds no change set: the remote's change sets fetched as local branches and given their
 * records (the worktrees are made after, as for any change set). Returns how many were taken back.
 */
export async function takeBackChangeSets(context: RepoContext): Promise<number> {
  if (!context.publishRemote || (await listRecords(context.layout.metaDir)).length) return 0;
  await context.git(
    [
      'fetch',
      '--no-tags',
      '--quiet',
      'publish',
      `+refs/heads/${context.branch}:${remoteRef(context, 'publish')}`,
      `+${REMOTE_BRANCHES}/*:refs/heads/changes/*`,
      `+${REMOTE_RECORDS}/*:${REMOTE_RECORDS}/*`,
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
    await writeRecord(context.layout.metaDir, (await pushedRecord(context, id)) ?? (await recordFromCommits(context, id)));
    taken += 1;
  }
  return taken;
}
