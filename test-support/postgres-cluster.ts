/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package: initdb into a
 * directory, pg_ctl start on a loopback port, stop and remove it afterwards.
 * Used by the server tests (one cluster per run), `npm run bench:leads`, and
 * `npm run pg:dev` for local development.
 *
 * initdb and postgres refuse to run as root, so as root (CI) they run as the
 * `postgres` system user the package creates, in a directory that user owns.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export interface PostgresCluster {
  /** Superuser URL of the `postgres` database (trust authentication, loopback only). */
  url: string;
  port: number;
  dir: string;
  stop(options?: { remove?: boolean }): void;
  /**
   * SIGSTOP on the postmaster and its children: the database stops answering without closing a connection, as in a
   * failover, a network partition or a paused host. Its own timeouts cannot fire then. thaw() sends SIGCONT.
   */
  freeze(): void;
  thaw(): void;
}

/** The newest installed server's binaries (PG_BIN overrides), or an error saying how to install them. */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb). Install it with ' +
        '`apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql` (npm test does this as root), or set PG_BIN.',
    );
  }
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return join(root, newest, 'bin');
}

/** Runs a PostgreSQL program, as the postgres user when this process is root. */
function runPg(program: string, args: string[]) {
  const bin = join(postgresBinDir(), program);
  const asRoot = userInfo().uid === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/' });
}

function ownForPostgres(dir: string) {
  if (userInfo().uid !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
}

/** The postmaster's children (backends, checkpointer, ...): `pgrep -P` exits 1 when there are none. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The postmaster first, so it forks no new backend while its children are being stopped. */
function signalCluster(dir: string, signal: 'SIGSTOP' | 'SIGCONT') {
  const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(postmaster, signal);
  for (const child of childrenOf(postmaster)) {
    try {
      process.kill(child, signal);
    } catch (error) {
      // A child that exited since pgrep listed it (a backend whose client left) needs no signal: a CI run's thaw
      // failed on exactly that (kill ESRCH).
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}

/**
 * Starts a cluster in `dir` (created with initdb when it has none) on `port`, listening on 127.0.0.1 only,
 * with its socket in the directory too. `settings` are extra `-c name=value` server settings.
 */
function startPostgres(dir: string, port: number, settings: Record<string, string | number> = {}): PostgresCluster {
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o700);
    ownForPostgres(dir);
    runPg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)];
  runPg('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-o', options.join(' '), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    freeze: () => signalCluster(dir, 'SIGSTOP'),
    thaw: () => signalCluster(dir, 'SIGCONT'),
    stop({ remove = true } = {}) {
      try {
        runPg('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      } finally {
        if (remove) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A new cluster in a new temporary directory on a free loopback port. Another process may take the port
 * between the probe and PostgreSQL's bind: then it starts again on another port (the cluster is kept).
 */
export async function startThrowawayPostgres(settings: Record<string, string | number> = {}): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'leads-pg-'));
  for (let attempt = 1; ; attempt++) {
    try {
      return startPostgres(dir, await freePort(), settings);
    } catch (error) {
      if (attempt >= 5 || !existsSync(join(dir, 'PG_VERSION'))) throw error;
    }
  }
}
