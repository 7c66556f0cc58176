/**
 * Undoing a publish, as `git revert` of its merge would, but field by field: a candidate made from the published head
 * (a detached worktree, as a publish's) in which every document the publish changed gets back what it had before that
 * publish, keeping every change published since. Where a later publish changed a field the undone one changed too, it
 * is a conflict naming who published that later value (and its change set): nothing is written, and the person
 * decides. The candidate is then validated and confirmed as a publish's (publish.ts's runPublish), with the change
 * set's record marked undone in the same transaction that moves the published branch.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { commitOf, publishedRef, type RepoContext } from './context';
import { whoPublished, type Clash } from './clashes';
import { documentName } from './document-words';
import type { Person } from './git';
import { parseNameStatus } from './git-log';
import { fileAt } from './history';
import { checkPerson, cleanMessage } from './identity';
import { resolveJsonFile } from './json-resolve';
import { branchOf } from './layout';
import type { PublishCandidate } from './publish';
import { addWorktree, removeWorktree } from './worktrees';

/** The published site already has none of the publish's changes (a later publish put every field back). */
export class NothingToUndo extends Error {
  override name = 'NothingToUndo';
}

export type UndoPreparation = { ok: true; candidate: PublishCandidate } | { ok: false; conflicts: Clash[] };

/** What is undone: the change set, and the published commits just before and after its publish. */
export interface UndoRequest {
  id: string;
  title: string;
  range: { before: string; after: string };
  /** The commit's first line; `Undo the publish of “<title>” (<branch>)` unless given. */
  subject?: string;
}

const isSiteDocument = (path: string) => path.startsWith('pages-json/') && path.endsWith('.json');
const nulList = (text: string) => text.split('\0').filter(Boolean);
const parseDoc = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

type FileOutcome = { write: string | undefined } | { keep: true } | { conflicts: Clash[] };

/** One file the publish changed: what it becomes once the publish is undone, given what was published since. */
async function undoFile(context: RepoContext, file: string, range: UndoRequest['range'], head: string): Promise<FileOutcome> {
  const [published, before, now] = await Promise.all([
    fileAt(context, range.after, file),
    fileAt(context, range.before, file),
    fileAt(context, head, file),
  ]);
  if (now === published) return { write: before };
  if (now === before) return { keep: true };
  const document = documentName(file, parseDoc(now ?? published ?? before));
  if (!isSiteDocument(file) || published === undefined || before === undefined || now === undefined) {
    const reason = 'changed again by a later publish, and not a document that can be undone field by field';
    return { conflicts: [{ kind: 'file', file, document, reason }] };
  }
  // Three-way, as git revert: from the publish's version, "the change set" side goes back to before it, the
  // published side is today's; a field both changed is a later publish's change to a field this one changed.
  const resolution = resolveJsonFile(file, { base: published, changeSet: before, published: now }, 'published');
  if (resolution.ok) return { write: resolution.text };
  const conflicts: Clash[] = [];
  for (const conflict of resolution.conflicts) {
    const publishedBy =
      conflict.kind === 'file'
        ? undefined
        : await whoPublished(context, conflict, { base: published, changeSet: before }, { base: range.after, published: head });
    conflicts.push({ ...conflict, document, ...(publishedBy ? { publishedBy } : {}) });
  }
  return { conflicts };
}

/** The candidate that undoes the publish on today's published head (no queue: runPublish's caller holds it). */
export async function prepareUndo(context: RepoContext, request: UndoRequest, person: Person): Promise<UndoPreparation> {
  const who = checkPerson(person);
  const parent = await commitOf(context, publishedRef(context));
  const { range } = request;
  const files = nulList((await context.git(['diff', '--name-only', '-z', '--no-renames', range.before, range.after])).stdout);
  const outcomes = await Promise.all(files.map(async (file) => [file, await undoFile(context, file, range, parent)] as const));
  const conflicts = outcomes.flatMap(([, outcome]) => ('conflicts' in outcome ? outcome.conflicts : []));
  if (conflicts.length) return { ok: false, conflicts };
  const writes = outcomes.filter((entry): entry is readonly [string, { write: string | undefined }] => 'write' in entry[1]);
  if (!writes.length) throw new NothingToUndo('the published site already has none of its changes');

  const worktree = join(context.layout.worktreesDir, `candidate-${randomBytes(4).toString('hex')}`);
  await addWorktree(context, worktree, { detached: parent });
  try {
    for (const [file, { write }] of writes) {
      const target = join(worktree, file);
      if (write === undefined) await rm(target, { force: true });
      else {
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, write);
      }
      await context.git(['add', '--all', '--', file], { cwd: worktree });
    }
    const subject = request.subject ?? `Undo the publish of “${request.title}” (${branchOf(request.id)})`;
    const message = `${subject}\n\nThis reverts the publish ${range.after} (${branchOf(request.id)}).`;
    await context.git(['commit', '--no-verify', '--quiet', '--message', cleanMessage(message)], { cwd: worktree, person: who });
    const sha = (await context.git(['rev-parse', 'HEAD'], { cwd: worktree })).stdout.trim();
    const { stdout } = await context.git(['diff', '-z', '--name-status', '--no-renames', parent, sha]);
    return { ok: true, candidate: { sha, parent, worktree, files: parseNameStatus(stdout), resolved: [] } };
  } catch (error) {
    await removeWorktree(context, worktree);
    throw error;
  }
}
