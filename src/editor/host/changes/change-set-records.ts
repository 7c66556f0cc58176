/**
 * A change set's record, the one source of truth about it beside its branch: title, owner, creation, status,
 * comments, approvals, the head that was approved and the commit it was published as. Kept in git, in the editor's
 * clone: the ref `refs/reviews/<id>` points at a commit whose tree holds `record.json`, each change a new commit on
 * the last (`git log refs/reviews/<id>` is the review's history). A record is written by moving its ref in a
 * `git update-ref --stdin` transaction, together with the refs it describes when there are any (creating a change
 * set makes its branch and its record at once; a publish moves the published branch and marks the record published
 * at once), so a crash leaves both or neither. A record that cannot be read is an error naming it, never a new one.
 */
import type {
  ChangedDocument,
  ChangeSetDetail,
  ChangeSetLink,
  ChangeSetStatus,
  PublishAt,
  ReviewComment,
  Role,
  UndoneBy,
} from '../../hosted-protocol';
import { changeSetKey, type RepoContext } from './context';
import type { ListingMove } from './kept-listing';
import { GitError, type Person } from './git';
import { checkChangeSetId } from './layout';

export interface ChangeSetRecord {
  id: string;
  title: string;
  owner: Person;
  /** ISO 8601. */
  createdAt: string;
  status: ChangeSetStatus;
  updatedAt: string;
  comments: ReviewComment[];
  approvals: { by: Person; date: string }[];
  /** The change set's head when it was approved: Publish refuses once it moved (a save after approval). */
  approvedHead?: string;
  /**
   * Publish at this time, as the reviewer who set it, on the head approved then (application/scheduled-publish.ts's
   * timer does it; a start arms it again, a time passed while the editor was down publishes at start).
   */
  publishAt?: PublishAt & { role: Role; head: string };
  /** Why the last time set was dropped without publishing (its page says so until a new time is set). */
  publishAtDropped?: {
    date: string;
    reason: string;
    /** Dropped by a step that ended its approval (withdrawn, changes requested, closed, saved again), not at its time. */
    beforeItsTime?: boolean;
    /** The person whose step dropped it (none: a save, or its time came). */
    by?: Person;
  };
  /** The published commit it became, once published. */
  publishedCommit?: string;
  /** What it changed and its saves, as they were when published (git then counts them as the published site's). */
  published?: {
    documents: ChangedDocument[];
    commits: ChangeSetDetail['commitsList'];
    /** The published commits just before and after its publish: its pages compare these. */
    range?: { before: string; after: string };
  };
  /** Its publish undone (application/undo-publish.ts): by whom, when, and the commit on the published branch that did it. */
  undone?: UndoneBy;
  /** Made to undo that published change set (application/undo-as-change-set.ts): its branch reverts it. */
  undoes?: ChangeSetLink;
}

export class ChangeSetNotFound extends Error {
  override name = 'ChangeSetNotFound';
  constructor(readonly id: string) {
    super(`no such change set: ${id}`);
  }
}

/** A record that is there but cannot be read: which change set, where, and what is wrong. Nothing was changed. */
export class RecordUnreadable extends Error {
  override name = 'RecordUnreadable';
  constructor(
    readonly id: string,
    readonly where: string,
    readonly why: string,
  ) {
    super(`the record of change set ${id} (${where}) cannot be read: ${why}`);
  }
}

export const reviewRef = (id: string) => `refs/reviews/${checkChangeSetId(id)}`;
const RECORD_FILE = 'record.json';
/** Who writes the records' commits (the people are named inside them). */
const RECORD_AUTHOR: Person = { name: 'Reachwell editor', email: 'editor@reachwell.invalid' };
const STATUSES = new Set<ChangeSetStatus>(['draft', 'changes-requested', 'submitted', 'approved', 'published', 'closed']);

const isPerson = (value: unknown): value is Person =>
  typeof value === 'object' && value !== null && typeof (value as Person).name === 'string' && typeof (value as Person).email === 'string';

/** The record as parsed, or what is wrong with it. */
function parseRecord(id: string, text: string): ChangeSetRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RecordUnreadable(id, `${reviewRef(id)}:${RECORD_FILE}`, `not JSON (${(error as Error).message})`);
  }
  const record = value as Partial<ChangeSetRecord> | null;
  const wrong =
    typeof record !== 'object' || record === null
      ? 'not an object'
      : record.id !== id
        ? `it names another change set (${JSON.stringify(record.id)})`
        : typeof record.title !== 'string'
          ? 'no title'
          : !isPerson(record.owner)
            ? 'no owner'
            : typeof record.createdAt !== 'string' || typeof record.updatedAt !== 'string'
              ? 'no dates'
              : !STATUSES.has(record.status as ChangeSetStatus)
                ? `an unknown status (${JSON.stringify(record.status)})`
                : !Array.isArray(record.comments) || !Array.isArray(record.approvals)
                  ? 'no comments or approvals'
                  : undefined;
  if (wrong) throw new RecordUnreadable(id, `${reviewRef(id)}:${RECORD_FILE}`, wrong);
  return record as ChangeSetRecord;
}

/**
 * Parsed records by the commit that holds them (a commit never changes), per opened repository: listing reads only
 * what moved, and each start reads every record afresh (a damaged object is found then).
 */
const parsedByRepository = new WeakMap<RepoContext, Map<string, ChangeSetRecord>>();
const PARSED_KEPT = 5000;

async function readAt(context: RepoContext, id: string, commit: string): Promise<ChangeSetRecord> {
  let parsed = parsedByRepository.get(context);
  if (!parsed) parsedByRepository.set(context, (parsed = new Map()));
  const known = parsed.get(commit);
  // Parsed in a batch by the id it names (readUnparsed): the same check as parseRecord's against this ref's id.
  if (known?.id !== undefined && known.id !== id)
    throw new RecordUnreadable(id, `${reviewRef(id)}:${RECORD_FILE}`, `it names another change set (${JSON.stringify(known.id)})`);
  if (known) return structuredClone(known);
  let text: string;
  try {
    text = (await context.git(['cat-file', 'blob', `${commit}:${RECORD_FILE}`])).stdout;
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    throw new RecordUnreadable(id, `${reviewRef(id)} (${commit.slice(0, 12)})`, error.stderr.trim().split('\n').slice(-2).join(' / '));
  }
  const record = parseRecord(id, text);
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(commit, record);
  return structuredClone(record);
}

/**
 * Where each record's ref points, as this process last read or moved it: one editor process per data folder moves
 * them (moveRefs below), so a save asks git nothing to check its change set is still open.
 */
const refsByRepository = new WeakMap<RepoContext, { refs: Map<string, string>; moves: number }>();
const knownOf = (context: RepoContext) => {
  let known = refsByRepository.get(context);
  if (!known) refsByRepository.set(context, (known = { refs: new Map(), moves: 0 }));
  return known;
};

/** The commit `refs/reviews/<id>` points at, or undefined when the change set has no record. */
async function recordCommitOf(context: RepoContext, id: string): Promise<string | undefined> {
  const known = knownOf(context);
  const kept = known.refs.get(reviewRef(id));
  if (kept) return kept;
  const movesBefore = known.moves;
  const found = await context.git(['rev-parse', '--verify', '--quiet', `${reviewRef(id)}^{commit}`], { okCodes: [1, 128] });
  if (found.code === 0) {
    // Kept only if no record moved while git answered: a change or removal written meanwhile knows better than this read.
    if (known.moves === movesBefore) known.refs.set(reviewRef(id), found.stdout.trim());
    return found.stdout.trim();
  }
  const ref = await context.git(['show-ref', '--verify', '--quiet', reviewRef(id)], { okCodes: [1, 128] });
  // The ref is there but leads to no commit: a damaged object.
  if (ref.code === 0) throw new RecordUnreadable(id, reviewRef(id), 'its commit is missing or damaged in the repository');
  return undefined;
}

/** The change set's record and the commit holding it; undefined when it has none; RecordUnreadable when damaged. */
export async function readRecord(context: RepoContext, id: string): Promise<{ record: ChangeSetRecord; commit: string } | undefined> {
  const commit = await recordCommitOf(context, id);
  if (!commit) return undefined;
  return { record: await readAt(context, id, commit), commit };
}

/**
 * The records at these commits not parsed yet, read in one `git cat-file --batch` for all of them (a list after a
 * start asks git once, not once per change set), and parsed into the cache; a missing or broken one is left for
 * readAt to name.
 */
async function readUnparsed(context: RepoContext, commits: string[]): Promise<void> {
  let parsed = parsedByRepository.get(context);
  if (!parsed) parsedByRepository.set(context, (parsed = new Map()));
  const wanted = [...new Set(commits.filter((commit) => !parsed.has(commit)))];
  if (!wanted.length) return;
  const { stdout } = await context.git(['cat-file', '--batch'], { input: wanted.map((commit) => `${commit}:${RECORD_FILE}\n`).join('') });
  // Each answer: "<blob> blob <bytes>\n<content>\n", or "<what was asked> missing" (sizes in bytes: read as bytes).
  const out = Buffer.from(stdout, 'utf8');
  let at = 0;
  for (const commit of wanted) {
    const lineEnd = out.indexOf(0x0a, at);
    if (lineEnd < 0) return;
    const header = out.subarray(at, lineEnd).toString('utf8').split(' ');
    at = lineEnd + 1;
    if (header[1] !== 'blob') continue;
    const size = Number(header[2]);
    const text = out.subarray(at, at + size).toString('utf8');
    at += size + 1;
    try {
      const record = parseRecord(idOf(text), text);
      if (parsed.size >= PARSED_KEPT) parsed.clear();
      parsed.set(commit, record);
    } catch {
      // Named by readAt, which reads it again alone.
    }
  }
}

/** The id a record's text says it has (checked against its ref by parseRecord when it is read as that change set's). */
function idOf(text: string): string {
  try {
    return String((JSON.parse(text) as { id?: unknown }).id);
  } catch {
    return '';
  }
}

/** Every record, oldest first; those that cannot be read as RecordUnreadable beside them (the others still listed). */
export async function listRecords(
  context: RepoContext,
  /** Each record's commit and change set id, when the caller read the refs already (one snapshot of them). */
  known?: [commit: string, id: string][],
): Promise<{ records: ChangeSetRecord[]; unreadable: RecordUnreadable[] }> {
  const refs =
    known ??
    (await context.git(['for-each-ref', '--format=%(objectname) %(refname:lstrip=2)', 'refs/reviews/'])).stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string]);
  await readUnparsed(
    context,
    refs.map(([commit]) => commit),
  );
  const records: ChangeSetRecord[] = [];
  const unreadable: RecordUnreadable[] = [];
  await Promise.all(
    refs.map(async ([commit, id]) => {
      try {
        records.push(await readAt(context, id, commit));
      } catch (error) {
        if (!(error instanceof RecordUnreadable)) throw error;
        unreadable.push(error);
      }
    }),
  );
  return { records: records.sort((a, b) => a.createdAt.localeCompare(b.createdAt)), unreadable };
}

/** Writes the record as a commit (on `parent`, its last) without moving any ref: the ref moves in a transaction. */
export async function recordCommit(
  context: RepoContext,
  record: ChangeSetRecord,
  parent: string | undefined,
  what: string,
): Promise<string> {
  const { git } = context;
  const blob = (await git(['hash-object', '-w', '--stdin'], { input: `${JSON.stringify(record, null, 2)}\n` })).stdout.trim();
  const tree = (await git(['mktree'], { input: `100644 blob ${blob}\t${RECORD_FILE}\n` })).stdout.trim();
  const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', `${record.title}: ${what}`];
  return (await git(args, { person: RECORD_AUTHOR })).stdout.trim();
}

/** One ref move of a transaction: to `to` (or deleted when null), only from `from` (undefined: must not exist yet). */
interface RefMove {
  ref: string;
  to: string | null;
  from: string | undefined;
}

/**
 * Moves refs all at once or not at all (`git update-ref --stdin`, start/prepare/commit): each only from the value it
 * was read at, so a move made meanwhile by anyone refuses the whole transaction (a GitError).
 */
export async function moveRefs(context: RepoContext, moves: RefMove[]): Promise<void> {
  const zero = '0'.repeat(40);
  const lines = moves.map(({ ref, to, from }) =>
    to === null ? `delete ${ref} ${from ?? ''}`.trim() : `update ${ref} ${to} ${from ?? zero}`,
  );
  await context.git(['update-ref', '--stdin'], { input: ['start', ...lines, 'prepare', 'commit', ''].join('\n') });
  const known = knownOf(context);
  for (const { ref, to } of moves) {
    if (!ref.startsWith('refs/reviews/')) continue;
    known.moves++;
    if (to === null) known.refs.delete(ref);
    else known.refs.set(ref, to);
  }
}

/** The queue key of a change set's record: taken last, after any other key, and holding none (only its refs move). */
export const recordKey = (id: string) => `${changeSetKey(id)}:record`;

/**
 * How a record is changed in its turn: on the record as it is then, which it changes in place. It may ask git first
 * (the record's turn holds no branch), and returns false when there is nothing to change: then nothing is written.
 */
export type RecordChange = (record: ChangeSetRecord) => void | false | Promise<void | false>;

/**
 * Changes a change set's record with `change`, one change at a time per change set, in one transaction with
 * `alsoMove` (the refs the change describes, as a publish's branch). Returns the record as written, or undefined when
 * `change` changed nothing.
 */
export async function updateRecord(
  context: RepoContext,
  id: string,
  change: RecordChange,
  options: { what: string; now?: Date; alsoMove?: RefMove[] },
): Promise<ChangeSetRecord | undefined> {
  const outcome = await context.queue.run(
    recordKey(checkChangeSetId(id)),
    async (): Promise<{ written?: ChangeSetRecord; refused?: unknown }> => {
      const found = await readRecord(context, id);
      // A record that could not be moved to its ref when the repository opened is that error, as everywhere.
      if (!found) throw context.unmigrated.get(id) ?? new ChangeSetNotFound(id);
      const { record } = found;
      try {
        if ((await change(record)) === false) {
          if (options.alsoMove?.length) throw new Error(`${options.what}: a change that moves other refs must write its record`);
          return {};
        }
      } catch (refused) {
        // Refused before anything was written: told as nothing moved, so the change sets' listing is kept.
        return { refused };
      }
      record.updatedAt = (options.now ?? new Date()).toISOString();
      const commit = await recordCommit(context, record, found.commit, options.what);
      await moveRefs(context, [{ ref: reviewRef(id), to: commit, from: found.commit }, ...(options.alsoMove ?? [])]);
      return { written: record };
    },
    // The change sets' listing takes the record as written (copied now: the caller may change what it gets), unless
    // other refs moved with it (a publish's branch): then it is asked of git again.
    ({ written }): ListingMove | undefined => {
      if (!written) return { kind: 'nothing' };
      return options.alsoMove?.length ? undefined : { kind: 'record', id, record: structuredClone(written) };
    },
  );
  if ('refused' in outcome) throw outcome.refused;
  return outcome.written;
}
