/**
 * A merge in one worktree, as git does it, with the site's JSON documents merged field by field: a document both
 * sides changed is merged by json-resolve.ts (whether git's line merge conflicted or not, so the rule is the
 * editor's, not the lines'), and anything left in conflict aborts the merge cleanly, the worktree and its branch as
 * they were, with every conflict named. The caller holds the queue of the branch the worktree has checked out.
 */
import type { RepoContext } from './context';
import type { Person } from './git';
import { checkPerson, cleanMessage } from './identity';
import { fileAt } from './history';
import { resolveJsonDocument, type Conflict, type FieldChoice, type ResolveOptions, type Side, type Versions } from './json-resolve';
import type { TemplateSection } from '../../server/block-labels';
import { jsonEqual } from '../../shared/three-way-merge';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MergeRequest {
  worktree: string;
  /** The commit merged in. */
  other: string;
  /** Which side the worktree's branch is: its documents' formatting is kept; the other side is the other one. */
  ours: Side;
  person: Person;
  message: string;
  /** Whether the branch may simply move on to `other` when it has nothing of its own (no merge commit then). */
  fastForward: boolean;
  /** Settled conflicts: per file, per conflict key, the side that wins (or a text of the person's own). */
  choices?: Record<string, Record<string, FieldChoice>>;
  /** Per document (its path), the sections of the template it is written on: they name its blocks in a conflict's words. */
  sections?: Record<string, TemplateSection[]>;
}

export type MergeOutcome =
  | {
      ok: true;
      /** The branch's head after the merge. */
      sha: string;
      /** none: it already had everything; fast-forward: it moved on; merge: a merge commit by the person. */
      how: 'none' | 'fast-forward' | 'merge';
      /** The documents merged field by field. */
      resolved: string[];
    }
  | { ok: false; conflicts: Conflict[] };

/** A document of the site, which is merged field by field. */
const isSiteDocument = (path: string) => path.startsWith('pages-json/') && path.endsWith('.json');

const nulList = (text: string) => text.split('\0').filter(Boolean);

async function changedBetween(context: RepoContext, from: string, to: string): Promise<Set<string>> {
  const { stdout } = await context.git(['diff', '--name-only', '-z', '--no-renames', from, to]);
  return new Set(nulList(stdout));
}

async function readWorktreeText(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}

export async function mergeInWorktree(context: RepoContext, request: MergeRequest): Promise<MergeOutcome> {
  const { git } = context;
  const cwd = request.worktree;
  const person = checkPerson(request.person);
  const ours = (await git(['rev-parse', 'HEAD'], { cwd })).stdout.trim();
  const other = (await git(['rev-parse', '--verify', `${request.other}^{commit}`])).stdout.trim();
  const isAncestor = async (a: string, b: string) => (await git(['merge-base', '--is-ancestor', a, b], { okCodes: [1] })).code === 0;
  if (await isAncestor(other, ours)) return { ok: true, sha: ours, how: 'none', resolved: [] };
  if (request.fastForward && (await isAncestor(ours, other))) {
    await git(['merge', '--ff-only', '--quiet', other], { cwd });
    return { ok: true, sha: other, how: 'fast-forward', resolved: [] };
  }
  const base = (await git(['merge-base', ours, other])).stdout.trim();
  const [changedOurs, changedOther] = await Promise.all([changedBetween(context, base, ours), changedBetween(context, base, other)]);
  const bothChanged = [...changedOurs].filter((path) => changedOther.has(path) && isSiteDocument(path));

  const started = await git(['merge', '--no-ff', '--no-commit', '--quiet', other], { cwd, okCodes: [1], person });
  try {
    const unmerged = nulList((await git(['diff', '--name-only', '-z', '--diff-filter=U'], { cwd })).stdout);
    const conflicts: Conflict[] = [];
    const resolved: string[] = [];
    for (const path of new Set([...unmerged, ...bothChanged])) {
      const conflicted = unmerged.includes(path);
      if (!isSiteDocument(path)) {
        conflicts.push({
          kind: 'file',
          file: path,
          reason: 'changed on both sides, and not a document of the site that can be merged field by field',
        });
        continue;
      }
      const [baseText, oursText, otherText] = await Promise.all([
        fileAt(context, base, path),
        fileAt(context, ours, path),
        fileAt(context, other, path),
      ]);
      const versions: Versions =
        request.ours === 'published'
          ? { base: baseText, published: oursText, changeSet: otherText }
          : { base: baseText, changeSet: oursText, published: otherText };
      // Off the event loop when the server gave a place for it (a large document's merge is seconds of work): what it
      // is told is plain data, so every merge can go there.
      const told: ResolveOptions = {
        ...(request.choices?.[path] ? { choices: request.choices[path] } : {}),
        ...(request.sections?.[path] ? { sections: request.sections[path] } : {}),
      };
      const resolution = context.resolveJson
        ? await context.resolveJson(path, versions, request.ours, told)
        : resolveJsonDocument(path, versions, request.ours, told);
      if (!resolution.ok) {
        conflicts.push(...resolution.conflicts);
        continue;
      }
      const target = join(cwd, path);
      if (!conflicted && resolution.text !== undefined) {
        // git merged the lines cleanly: keep its text when it reads as the field merge does.
        const gitText = await readWorktreeText(target);
        const same = gitText !== undefined && parsesTo(gitText, resolution.text);
        if (same) continue;
      }
      if (resolution.text === undefined) await rm(target, { force: true });
      else await writeFile(target, resolution.text);
      await git(['add', '--all', '--', path], { cwd });
      resolved.push(path);
    }
    const left = nulList((await git(['diff', '--name-only', '-z', '--diff-filter=U'], { cwd })).stdout);
    for (const path of left)
      if (!conflicts.some((conflict) => conflict.file === path))
        conflicts.push({ kind: 'file', file: path, reason: 'git could not merge it' });
    if (conflicts.length) {
      await abort(context, cwd);
      return { ok: false, conflicts };
    }
    if (started.code !== 0 && !left.length && !resolved.length) throw new Error(`git merge failed: ${started.stderr.trim()}`);
    await git(['commit', '--no-verify', '--quiet', '--message', cleanMessage(request.message)], { cwd, person });
    return { ok: true, sha: (await git(['rev-parse', 'HEAD'], { cwd })).stdout.trim(), how: 'merge', resolved };
  } catch (error) {
    await abort(context, cwd);
    throw error;
  }
}

function parsesTo(text: string, expected: string): boolean {
  try {
    return jsonEqual(JSON.parse(text), JSON.parse(expected));
  } catch {
    return false;
  }
}

/** Back to the branch's head as it was: the merge state, the index and the files. */
async function abort(context: RepoContext, cwd: string): Promise<void> {
  await context.git(['merge', '--abort'], { cwd, okCodes: [128] });
  await context.git(['reset', '--hard', '--quiet', 'HEAD'], { cwd });
  await context.git(['clean', '-d', '--force', '--quiet'], { cwd });
}
