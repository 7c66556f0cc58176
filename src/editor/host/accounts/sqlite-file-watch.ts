/**
 * Whether the accounts' SQLite file (LEADS_DB) is still the one the editor opened, as the lead server checks its own
 * (server/store/sqlite-file-guard.ts). SQLite keeps reading and writing the files it has open: deleted
 * (`rm leads.db*`) or replaced by another file (`mv backup.db leads.db`, a restore tool), they are gone from the path,
 * yet the editor would go on signing people in from them, a removed account included, and lose every write at the next
 * restart. So before each use the store compares the device and inode of the path and of its `-wal` and `-shm` with
 * those it opened; once they differ, the store refuses everything until the editor is restarted.
 *
 * Only deleted or replaced files (another inode) are seen: a copy written into the same file in place is the lead
 * server's to notice (its guard reads SQLite's checkpoint counters, which this connection never moves).
 */
import { statSync } from 'node:fs';
import { AccountStoreUnavailable } from './store';

interface Identity {
  dev: bigint;
  ino: bigint;
}

const identityOf = (path: string): Identity | undefined => {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat && { dev: stat.dev, ino: stat.ino };
};

export class SqliteFileWatch {
  private readonly files: { path: string; identity: Identity }[];
  private gone: AccountStoreUnavailable | undefined;

  /** Just after SQLite opened `path` in WAL mode: the files it has open now are the ones watched. */
  constructor(private readonly path: string) {
    this.files = [path, `${path}-wal`, `${path}-shm`].flatMap((file) => {
      const identity = identityOf(file);
      return identity ? [{ path: file, identity }] : [];
    });
  }

  /** Throws AccountStoreUnavailable once a file is no longer the one opened (and from then on, until a restart). */
  check(): void {
    if (this.gone) throw this.gone;
    for (const { path, identity } of this.files) {
      const now = identityOf(path);
      if (now && now.dev === identity.dev && now.ino === identity.ino) continue;
      const what = now ? 'was replaced by another file' : 'was deleted';
      this.gone = new AccountStoreUnavailable(
        `The editor's accounts database ${this.path} ${what} while the editor had it open (${path}), so nobody can sign in ` +
          'until that is put right: restore the accounts database to that path from a backup (or keep the file now there, ' +
          'if it is the one to use), then restart the editor.',
      );
      throw this.gone;
    }
  }
}
