/**
 * What the editor keeps about each change set's review: status, comments and approvals (its title, owner and creation
 * are the git side's, changes/change-set-records.ts), one JSON file per change set in the editor's data folder, written whole and atomically (a new file renamed over
 * the old). Beside the git worktrees they describe: one editor server owns both (the worktrees are on its disk),
 * so there is no second server to share them with; git holds the content and its history.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChangedDocument, ChangeSetDetail, ChangeSetStatus, Person, ReviewComment } from '../../hosted-protocol';

/** A change set's review, as kept. */
export interface ReviewRecord {
  id: string;
  status: ChangeSetStatus;
  updatedAt: string;
  comments: ReviewComment[];
  approvals: { by: Person; date: string }[];
  /** The change set's head when it was approved: Publish refuses once it moved (a save after approval). */
  approvedHead?: string;
  /** The published commit it became, once published. */
  publishedCommit?: string;
  /** What it changed and its saves, as they were when published (git then counts them as the published site's). */
  published?: {
    documents: ChangedDocument[];
    commits: ChangeSetDetail['commitsList'];
    /** The published commits just before and after its publish: its pages compare these. */
    range?: { before: string; after: string };
  };
}

/** A change set's review with what git knows of it: the record the routes and the review's rules read. */
export interface ChangeSetRecord extends ReviewRecord {
  title: string;
  owner: Person;
  createdAt: string;
}

const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

export class ChangeSetRecords {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'change-sets');
    mkdirSync(this.dir, { recursive: true });
  }

  private file(id: string) {
    if (!ID_PATTERN.test(id)) throw new Error(`not a change set id: ${JSON.stringify(id)}`);
    return join(this.dir, `${id}.json`);
  }

  private write(record: ReviewRecord) {
    const file = this.file(record.id);
    writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }

  add(record: ReviewRecord): ReviewRecord {
    this.write(record);
    return record;
  }

  get(id: string): ReviewRecord | undefined {
    if (!ID_PATTERN.test(id)) return undefined;
    try {
      return JSON.parse(readFileSync(this.file(id), 'utf8')) as ReviewRecord;
    } catch {
      return undefined;
    }
  }

  /** Changes a record with `change` (synchronously: nothing else runs between the read and the write). */
  update(id: string, change: (record: ReviewRecord) => void, now = new Date()): ReviewRecord {
    const record = this.get(id);
    if (!record) throw new Error(`no change set ${id}`);
    change(record);
    record.updatedAt = now.toISOString();
    this.write(record);
    return record;
  }
}
