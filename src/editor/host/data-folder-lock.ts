/**
 * One editor process per data folder (EDITOR_DATA_DIR): two would repair each other's worktrees, remove each other's
 * publish candidates and race on the same records. So the editor takes this lock before anything reads or repairs the
 * folder, and a second editor on it stops at once, naming the one that holds it.
 *
 * The lock is the operating system's: an exclusive SQLite transaction on `<dataDir>/editor.lock`, held open for the
 * process's life (POSIX record locks, through better-sqlite3, a dependency already). The kernel takes it away when
 * the process ends however it ends, kill -9 included, so a killed editor's lock is never mistaken for a live one
 * (no pid to reuse), and of two editors started at once exactly one gets it. The file itself is never removed:
 * removing it while another process has it open would let two processes lock two different files of one name.
 *
 * `<dataDir>/editor.pid` says who holds it (pid, since when), for the refusal's message only; the holder writes it
 * after taking the lock and removes it before letting go.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK_FILE = 'editor.lock';
const HOLDER_FILE = 'editor.pid';
/** A holder that has taken the lock but not yet written its pid: how long its refusal waits to name it. */
const HOLDER_WAIT_MS = 2000;

interface Holder {
  pid: number;
  since: string;
}

/** Another editor holds the folder: the message says which and what to do. */
export class DataFolderBusy extends Error {
  override name = 'DataFolderBusy';
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | undefined,
  ) {
    super(
      `Another editor (${holder ? `pid ${holder.pid}, running since ${holder.since}` : 'its pid not known'}) holds the data folder ` +
        `${dataDir} (EDITOR_DATA_DIR). Only one editor may run on a data folder: this one changed nothing and stops. ` +
        'Stop the other editor first, or give this one a data folder of its own.',
    );
  }
}

export interface DataFolderLock {
  /** Lets go: the next editor on the folder may start. Safe to call twice. */
  release: () => void;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(dataDir: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8')) as Holder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** The holder as it names itself; a just-started holder may not have replaced a dead one's file yet, so wait a little for it. */
function currentHolder(dataDir: string): Holder | undefined {
  const until = Date.now() + HOLDER_WAIT_MS;
  for (;;) {
    const holder = readHolder(dataDir);
    if ((holder && isAlive(holder.pid) && holder.pid !== process.pid) || Date.now() > until) return holder;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

const isBusy = (error: unknown) =>
  error instanceof Database.SqliteError && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED');

/** Takes the data folder for this process, or throws DataFolderBusy having changed nothing in it. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  // timeout 0: a held lock is refused at once, not waited for.
  const db = new Database(join(dir, LOCK_FILE), { timeout: 0 });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataFolderBusy(dir, currentHolder(dir));
    throw error;
  }
  const holderFile = join(dir, HOLDER_FILE);
  const written = `${holderFile}.${process.pid}`;
  writeFileSync(written, JSON.stringify({ pid: process.pid, since: new Date().toISOString() } satisfies Holder));
  renameSync(written, holderFile);
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      rmSync(holderFile, { force: true }); // before letting go: the next holder's file is never removed
      db.close();
    },
  };
}
