/**
 * Reads `git log` output: one commit per record, its fields split by control characters git never puts in a sha,
 * a name or a date (commit messages are cleaned of them before committing: identity.ts), and the files each commit
 * changed, NUL-separated (`-z`), so any file name reads back exactly. Pure: text in, commits out.
 */
import type { Person } from './git';

/** `git log` arguments that print what parseLog reads, newest first but never a commit before its children: add a range or `--follow -- path`. */
export const LOG_ARGS = ['log', '-z', '--date-order', '--name-status', '--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%B'];

type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';

export interface ChangedFile {
  path: string;
  status: FileStatus;
  /** The path before, for a file renamed or copied. */
  from?: string;
}

export interface CommitInfo {
  sha: string;
  parents: string[];
  author: Person;
  committer: Person;
  /** When it was authored (ISO 8601 with the author's offset). */
  date: string;
  /** The whole message, and its first line. */
  message: string;
  subject: string;
  files: ChangedFile[];
}

const STATUS: Record<string, FileStatus> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'copied', T: 'type-changed' };

/** `--name-status -z` tokens (`M\0path\0R100\0old\0new\0`) as files. */
export function parseNameStatus(text: string): ChangedFile[] {
  const tokens = text.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const code = tokens[i].trim();
    if (!code) continue;
    const status = STATUS[code[0]] ?? 'modified';
    if (status === 'renamed' || status === 'copied') {
      files.push({ path: tokens[i + 2], status, from: tokens[i + 1] });
      i += 2;
    } else files.push({ path: tokens[++i], status });
  }
  return files;
}

export function parseLog(stdout: string): CommitInfo[] {
  return stdout
    .split('\x1e')
    .filter((record) => record.trim())
    .map((record) => {
      const end = record.indexOf('\0');
      const header = end === -1 ? record : record.slice(0, end);
      const [sha, parents, authorName, authorEmail, date, committerName, committerEmail, ...message] = header.split('\x1f');
      const text = message.join('\x1f').trim();
      return {
        sha,
        parents: parents ? parents.split(' ') : [],
        author: { name: authorName, email: authorEmail },
        committer: { name: committerName, email: committerEmail },
        date,
        message: text,
        subject: text.split('\n')[0],
        files: end === -1 ? [] : parseNameStatus(record.slice(end + 1)),
      };
    });
}
