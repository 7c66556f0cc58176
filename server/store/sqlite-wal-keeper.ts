/**
 * Keeps SQLite's write-ahead log bounded and the disk able to take it, for the server's store worker.
 *
 * Commits only append to the log; a checkpoint copies it into the database file, after which the log starts over
 * (cut back to JOURNAL_SIZE_LIMIT_BYTES). Another process's read transaction (an export, an operator's sqlite3, a
 * backup) holds back what a checkpoint may copy, and the log grows meanwhile. If it grows until the disk is full,
 * the checkpoint that would free its space can no longer run either, since it must first add pages to the database
 * file: every later write fails, even once the reader is gone. So the store checkpoints itself, after a commit when
 * the log passed CHECKPOINT_AT_FRAMES, and refuses writes (503, "cannot write" in /readyz) while the disk has less
 * room than the database file needs to take the whole log, plus HEADROOM_BYTES for the next writes. That room is
 * what lets a checkpoint complete once the reader ends, and the store recover by itself.
 */
import type Database from 'better-sqlite3';
import { statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqliteFileGuard } from './sqlite-file-guard';

/**
 * SQLite's own automatic checkpoint comes at 1,000 frames in the log (4 MB with 4 KB pages); this is the same, done by
 * the store. Counted in frames not yet copied, not by the file's size: the file keeps its size when the log starts over.
 */
const CHECKPOINT_AT_FRAMES = 1000;
/** Room kept free beyond what a checkpoint needs: a batch of submissions and the log's index take far less. */
const HEADROOM_BYTES = 1024 * 1024;
/** A log this large is reported, and again each time it doubles: a read transaction somewhere is holding it back. */
const LARGE_LOG_BYTES = 16 * 1024 * 1024;

const HELD_BACK =
  'another process has held a read transaction open on the lead database for a long time (an export, a backup, a sqlite3 session)';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export class SqliteWalKeeper {
  private readonly walPath: string;
  private reportedLogBytes = 0;
  /** The last checkpoint could not copy the whole log: a reader holds it back. */
  private heldBack = false;

  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
    private readonly guard: SqliteFileGuard,
    private readonly warn: (message: string) => void,
  ) {
    this.walPath = `${path}-wal`;
  }

  private walBytes(): number {
    return statSync(this.walPath, { throwIfNoEntry: false })?.size ?? 0;
  }

  /**
   * Why no write should be tried now (too little room left for the log to be checkpointed), or null. With
   * `forWrites` false: whether a checkpoint itself still fits, which is what frees the log's space.
   */
  roomProblem(forWrites = true): string | null {
    const { bavail, bsize } = statfsSync(dirname(this.path));
    const free = bavail * bsize;
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pages = this.db.pragma('page_count', { simple: true }) as number;
    const growth = Math.max(0, pages * pageSize - (statSync(this.path, { throwIfNoEntry: false })?.size ?? 0));
    if (free >= growth + (forWrites ? HEADROOM_BYTES : 0)) return null;
    return (
      `cannot write: ${mb(free)} free on the disk of ${this.path}, and a checkpoint of its write-ahead log ` +
      `(${mb(this.walBytes())}) needs ${mb(growth)} for the database file, plus ${mb(HEADROOM_BYTES)} kept for writing` +
      (this.heldBack ? `; ${HELD_BACK}` : '')
    );
  }

  /** After a commit: a checkpoint once the log passed its size, without waiting for anyone. */
  afterCommit(): void {
    if (this.guard.framesToCheckpoint() >= CHECKPOINT_AT_FRAMES) this.checkpoint('PASSIVE');
  }

  /**
   * Copies as much of the log as readers allow into the database file and, when all of it was and no reader is on
   * it, empties the log file at once (its space back on the disk). Throws what SQLite throws (a full disk).
   */
  checkpoint(mode: 'PASSIVE' | 'TRUNCATE'): void {
    const [result] = this.db.pragma(`wal_checkpoint(${mode})`) as CheckpointResult[];
    this.guard.afterCheckpoint();
    const logBytes = this.walBytes();
    this.heldBack = result.checkpointed < result.log;
    if (this.heldBack && logBytes >= Math.max(LARGE_LOG_BYTES, 2 * this.reportedLogBytes)) {
      this.reportedLogBytes = logBytes;
      this.warn(`the write-ahead log of ${this.path} is ${mb(logBytes)} and cannot be checkpointed: ${HELD_BACK}`);
    } else if (!this.heldBack) this.reportedLogBytes = 0;
  }
}
