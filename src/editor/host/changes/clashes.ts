/**
 * Where a change set collides with the published site, known before anyone presses Publish: the merge a publish (or
 * bringing it up to date) would do, worked out from git's objects without writing anything (no worktree, no index,
 * no queue), with each field both changed differently named, and who put the published version there (the commit on
 * the published branch that made it so: its committer and date, and the change set it published). Cached by the two
 * commits, so a change set's page and the editor's toolbar can ask on every view.
 */
import type { RepoContext } from './context';
import { documentName } from './document-words';
import type { Person } from './git';
import { fileAt } from './history';
import { resolveJsonFile, type Conflict } from './json-resolve';

/** Who made the published version of a clashing field what it is. */
interface PublishedBy {
  /** Who moved the published branch there (the publisher; a developer for a commit pulled from the team's repository). */
  person: Person;
  /** ISO date of that commit. */
  date: string;
  /** The change set it published, when it was one. */
  changeSet?: { id: string; title: string };
}

export type Clash = Conflict & {
  /** The document in words ("Terms", "Plans collection"). */
  document: string;
  publishedBy?: PublishedBy;
};

/** A document of the site, which a merge takes field by field. */
const isSiteDocument = (path: string) => path.startsWith('pages-json/') && path.endsWith('.json');
const nulList = (text: string) => text.split('\0').filter(Boolean);
/** How many publishes of one document are looked through for who made its published version. */
const MAX_PUBLISHES = 30;
/** How many pairs of commits are remembered (a few per open change set). */
const CACHE_SIZE = 500;

async function changedBetween(context: RepoContext, from: string, to: string): Promise<Set<string>> {
  const { stdout } = await context.git(['diff', '--name-only', '-z', '--no-renames', from, to]);
  return new Set(nulList(stdout));
}

const parseDoc = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

/** "Publish “Terms heading one” (changes/terms-heading-one-abc123)" -> the change set it published. */
function publishedChangeSet(subject: string): PublishedBy['changeSet'] {
  const match = /^Publish “(.*)” \(changes\/([^)]+)\)$/.exec(subject);
  return match ? { title: match[1], id: match[2] } : undefined;
}

/**
 * The newest commit on the published branch (first parents: each publish, each commit pulled) since `base` that made
 * the conflict's published value what it is: at its parent the field was not in conflict with that value yet. (Also
 * names the later publish that stops an undo: undo-publish.ts.)
 */
export async function whoPublished(
  context: RepoContext,
  conflict: Conflict & { kind: 'value' | 'order' },
  texts: { base?: string; changeSet?: string },
  range: { base: string; published: string },
): Promise<PublishedBy | undefined> {
  const { stdout } = await context.git([
    'log',
    '--first-parent',
    `--max-count=${MAX_PUBLISHES}`,
    '--format=%H%x1f%P%x1f%cn%x1f%ce%x1f%cI%x1f%s%x1e',
    `${range.base}..${range.published}`,
    '--',
    conflict.file,
  ]);
  const commits = stdout
    .split('\x1e')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [sha, parents, name, email, date, subject] = line.split('\x1f');
      return { sha, parent: parents.split(' ')[0], name, email, date, subject };
    });
  for (const commit of commits) {
    const before = await fileAt(context, commit.parent, conflict.file);
    const earlier = resolveJsonFile(conflict.file, { ...texts, published: before }, 'published');
    const same =
      !earlier.ok &&
      earlier.conflicts.some(
        (other) =>
          other.kind === conflict.kind &&
          other.key === conflict.key &&
          JSON.stringify(other.published) === JSON.stringify(conflict.published),
      );
    if (same) continue;
    const changeSet = publishedChangeSet(commit.subject);
    return { person: { name: commit.name, email: commit.email }, date: commit.date, ...(changeSet ? { changeSet } : {}) };
  }
  return undefined;
}

/** Every conflict merging `changeSetHead` with `publishedHead` would meet, in words, with who published the other side. */
async function computeClashes(context: RepoContext, changeSetHead: string, publishedHead: string): Promise<Clash[]> {
  const { git } = context;
  const base = (await git(['merge-base', changeSetHead, publishedHead])).stdout.trim();
  if (base === publishedHead || base === changeSetHead) return [];
  const [ours, theirs] = await Promise.all([changedBetween(context, base, changeSetHead), changedBetween(context, base, publishedHead)]);
  const clashes: Clash[] = [];
  for (const file of [...ours].filter((path) => theirs.has(path)).sort()) {
    const [baseText, changeSetText, publishedText] = await Promise.all([
      fileAt(context, base, file),
      fileAt(context, changeSetHead, file),
      fileAt(context, publishedHead, file),
    ]);
    const document = documentName(file, parseDoc(changeSetText ?? publishedText ?? baseText));
    if (!isSiteDocument(file)) {
      clashes.push({
        kind: 'file',
        file,
        document,
        reason: 'changed on both sides, and not a document of the site that can be merged field by field',
      });
      continue;
    }
    const resolution = resolveJsonFile(file, { base: baseText, changeSet: changeSetText, published: publishedText }, 'changeSet');
    if (resolution.ok) continue;
    for (const conflict of resolution.conflicts) {
      const publishedBy =
        conflict.kind === 'file'
          ? undefined
          : await whoPublished(context, conflict, { base: baseText, changeSet: changeSetText }, { base, published: publishedHead });
      clashes.push({ ...conflict, document, ...(publishedBy ? { publishedBy } : {}) });
    }
  }
  return clashes;
}

/** The clashes of pairs of commits already worked out (commits never change, so neither does the answer). */
export class ClashCache {
  private readonly known = new Map<string, Promise<Clash[]>>();

  constructor(private readonly context: RepoContext) {}

  /** The clashes of a change set at `changeSetHead` with the published site at `publishedHead`. */
  of(changeSetHead: string, publishedHead: string): Promise<Clash[]> {
    const key = `${changeSetHead}:${publishedHead}`;
    const found = this.known.get(key);
    if (found) {
      // Most recently used last: the first is the one to forget.
      this.known.delete(key);
      this.known.set(key, found);
      return found;
    }
    const computed = computeClashes(this.context, changeSetHead, publishedHead);
    this.known.set(key, computed);
    // A failure (a git process killed) is not remembered: the next view asks again.
    computed.catch(() => this.known.delete(key));
    if (this.known.size > CACHE_SIZE) this.known.delete(this.known.keys().next().value!);
    return computed;
  }
}
