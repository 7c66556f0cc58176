/**
 * Commit messages in words, from what a save changes: the subject names each document and the places changed in it
 * ("Story: Hero › Heading"), the body says each change with its values ("Hero › Heading: “A” → “B”"), so `git log`
 * reads like the editor's history. Also the words of a restore. Pure: texts in, a message out.
 */
import { changesInWords, defaultBlockLabel, documentName, type BlockLabel } from './document-words';

/** One file of a save: its text before (absent for a new file) and after (absent when deleted). */
export interface FileChange {
  path: string;
  before?: string;
  after?: string;
}

const SUBJECT_PLACES = 3;
const SUBJECT_MAX = 100;
const BODY_LINES = 40;

const parse = (text: string | undefined): { ok: true; doc: unknown } | { ok: false } => {
  if (text === undefined) return { ok: false };
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

interface Worded {
  name: string;
  subject: string;
  lines: string[];
}

function wordFile(change: FileChange, label: BlockLabel): Worded | undefined {
  if (change.before === change.after) return undefined;
  const before = parse(change.before);
  const after = parse(change.after);
  const name = documentName(change.path, after.ok ? after.doc : before.ok ? before.doc : undefined);
  if (change.before === undefined) return { name, subject: `${name}: created`, lines: [] };
  if (change.after === undefined) return { name, subject: `${name}: deleted`, lines: [] };
  if (!before.ok || !after.ok) return { name, subject: `${name}: changed`, lines: [] };
  const changes = changesInWords(before.doc, after.doc, label);
  // Only the layout changed (a JSON document saved with other spacing).
  if (!changes.length) return { name, subject: `${name}: formatting`, lines: [] };
  const places = [...new Set(changes.map((item) => item.place))];
  const shown =
    places.length > SUBJECT_PLACES ? [...places.slice(0, SUBJECT_PLACES - 1), `${places.length - SUBJECT_PLACES + 1} more`] : places;
  return { name, subject: `${name}: ${shown.join(', ')}`, lines: changes.map((item) => item.text) };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The message of a save, or undefined when it changes nothing. */
export function saveMessage(changes: FileChange[], label: BlockLabel = defaultBlockLabel): string | undefined {
  const worded = changes.map((change) => wordFile(change, label)).filter((words): words is Worded => words !== undefined);
  if (!worded.length) return undefined;
  const subject =
    worded.length <= 2 ? worded.map((words) => words.subject).join('; ') : `${worded[0].subject}; and ${worded.length - 1} more documents`;
  // The body says each change with its values; with several documents, each line names its document.
  const lines = worded.flatMap((words) => (worded.length > 1 ? words.lines.map((line) => `${words.name} › ${line}`) : words.lines));
  const body = lines.length > BODY_LINES ? [...lines.slice(0, BODY_LINES), `… and ${lines.length - BODY_LINES} more changes`] : lines;
  return body.length ? `${clip(subject, SUBJECT_MAX)}\n\n${body.join('\n')}` : clip(subject, SUBJECT_MAX);
}

/** "Restore Story to the version of 2026-11-20 by Ana". */
export function restoreMessage(path: string, text: string | undefined, version: { date: string; authorName: string }): string {
  const doc = parse(text);
  const name = documentName(path, doc.ok ? doc.doc : undefined);
  return `Restore ${name} to the version of ${version.date.slice(0, 10)} by ${version.authorName}`;
}
