/**
 * Whether the SQLite file at LEADS_DB is still the one the server opened. SQLite keeps writing to the files it has
 * open: deleted (`rm leads.db*`), or replaced by another file (`mv backup.db leads.db`, a restore tool), they are gone
 * from the path, and everything committed to them since is lost at the next restart, while SQLite reports success.
 *
 * So before each write the store compares the path's device and inode, and those of its `-wal` and `-shm`, with what
 * it opened. A copy written into the same file (`cp backup.db leads.db` keeps the inode) is caught another way: while
 * the server runs, only checkpoints write the database file (the store runs them itself; automatic ones are off), and
 * a checkpoint by any SQLite connection also moves the checkpoint counters in the `-shm` file. The file's size or
 * modification time changing while those counters stay put means something other than SQLite wrote it.
 */
import { closeSync, openSync, readSync, statSync, unlinkSync } from 'node:fs';
import { endianness } from 'node:os';

interface Identity {
  dev: bigint;
  ino: bigint;
}

/**
 * `gone`: deleted or replaced by another file; the file the server has open is intact, only no longer at the path.
 * `written`: written over in place; its pages are no longer all SQLite's.
 */
export interface FileProblem {
  kind: 'gone' | 'written';
  message: string;
}

/** The database file's size and modification time, in nanoseconds. */
type Stamp = string;

/** In the -shm file, after the two 48-byte copies of the WAL-index header: nBackfill, and 32 bytes on nBackfillAttempted. */
const CHECKPOINT_INFO = { offset: 96, length: 36 };
/** In the WAL-index header: mxFrame, the frames in the log. The -shm file is in the machine's byte order. */
const MX_FRAME_OFFSET = 16;

const identityOf = (path: string): Identity | undefined => {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat && { dev: stat.dev, ino: stat.ino };
};

export class SqliteFileGuard {
  private readonly files: { path: string; identity: Identity }[];
  private readonly shmFd: number | undefined;
  private stamp: Stamp;
  private checkpointInfo: Buffer;

  constructor(private readonly path: string) {
    this.files = [path, `${path}-wal`, `${path}-shm`].flatMap((file) => {
      const identity = identityOf(file);
      return identity ? [{ path: file, identity }] : [];
    });
    try {
      this.shmFd = openSync(`${path}-shm`, 'r');
    } catch {
      this.shmFd = undefined;
    }
    this.stamp = this.currentStamp();
    this.checkpointInfo = this.currentCheckpointInfo();
  }

  private currentStamp(): Stamp {
    const stat = statSync(this.path, { bigint: true, throwIfNoEntry: false });
    return stat ? `${stat.size}:${stat.mtimeNs}` : 'missing';
  }

  private currentCheckpointInfo(): Buffer {
    const info = Buffer.alloc(CHECKPOINT_INFO.length);
    if (this.shmFd !== undefined) readSync(this.shmFd, info, 0, info.length, CHECKPOINT_INFO.offset);
    return info;
  }

  /** Frames in the log that no checkpoint has copied yet (SQLite's own automatic checkpoint counts frames too). */
  framesToCheckpoint(): number {
    if (this.shmFd === undefined) return 0;
    const header = Buffer.alloc(4);
    readSync(this.shmFd, header, 0, 4, MX_FRAME_OFFSET);
    const info = this.currentCheckpointInfo();
    const read = (buffer: Buffer) => (endianness() === 'LE' ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0));
    return read(header) - read(info);
  }

  /** After a commit of this server's: it may have restarted the log, which resets the checkpoint counters. */
  afterCommit(): void {
    this.checkpointInfo = this.currentCheckpointInfo();
  }

  /** After a checkpoint of this server's, which wrote the database file. */
  afterCheckpoint(): void {
    this.stamp = this.currentStamp();
    this.checkpointInfo = this.currentCheckpointInfo();
  }

  /** What happened to the file (in words for the log), or null while it is still this server's. */
  problem(): FileProblem | null {
    for (const { path, identity } of this.files) {
      const now = identityOf(path);
      if (!now) return { kind: 'gone', message: `${path} was deleted while the server had it open` };
      if (now.dev !== identity.dev || now.ino !== identity.ino)
        return { kind: 'gone', message: `${path} was replaced by another file while the server had it open` };
    }
    const stamp = this.currentStamp();
    const checkpointInfo = this.currentCheckpointInfo();
    if (stamp !== this.stamp && checkpointInfo.equals(this.checkpointInfo)) {
      return {
        kind: 'written',
        message: `${this.path} was written by a program other than SQLite while the server had it open (a backup copied over it?)`,
      };
    }
    // Another SQLite connection checkpointed (an operator's sqlite3, say): the file is still the database.
    this.stamp = stamp;
    this.checkpointInfo = checkpointInfo;
    return null;
  }

  /**
   * Once the database file at the path is another (or none): removes the `-wal` and `-shm` beside it if they are
   * still the ones this server opened. They belong to the file that is gone (SQLite leaves them when the file moved),
   * and SQLite would otherwise read the old log into the new file when it is next opened. Only once SQLite has
   * closed the database; returns the files removed.
   */
  removeLeftovers(): string[] {
    const [database, ...companions] = this.files;
    const now = identityOf(this.path);
    // Only when the database itself is gone: SQLite closes its own companions when it is still at the path.
    if (database?.path !== this.path || (now && now.dev === database.identity.dev && now.ino === database.identity.ino)) return [];
    return companions.flatMap(({ path, identity }) => {
      const now = identityOf(path);
      if (!now || now.dev !== identity.dev || now.ino !== identity.ino) return [];
      unlinkSync(path);
      return [path];
    });
  }

  /**
   * Only once SQLite has closed the database: closing any descriptor of a file releases every POSIX lock this process
   * holds on it, SQLite's on the -shm included (the reason SQLite itself defers closing its own).
   */
  close(): void {
    if (this.shmFd !== undefined) closeSync(this.shmFd);
  }
}
