/**
 * Delivering the published branch to the site served from this machine (EDITOR_RELEASES_DIR): the build's publish
 * (scripts/build/publish.ts, a child process, so a build's memory and a crash stay out of the editor) renders what
 * changed into a new release and swaps the link the public server serves (`<releases>/current`) at once. It validates
 * the content again as `npm run build` does: if that ever fails, the site served stays the one before, and the outcome
 * says so (kept in `<dataDir>/served.json`, so the change set's page shows it after a reload and "Serve again" retries).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from '../../engine/load/content-env';
import type { ServedState } from '../hosted-protocol';
import { crashPoint, extractContent } from './changes';

interface PublishSummary {
  pages: number;
  rerendered: number;
  mode: 'full' | 'incremental';
  seconds: { total: number };
}

const BUILD_NICENESS = 10;

/** publish.ts's exit code when another publish holds the releases folder (`npm start` making the first release). */
const BUSY = 3;

/** The build running now, which stopping the editor stops (a killed publish serves nothing; the next start serves). */
interface Running {
  child?: ChildProcess;
  stopped: boolean;
}

/** One run of publish.ts on `contentDir`, recording `commit` in the release; waits its turn while another one runs. */
async function runPublish(
  contentDir: string,
  releasesDir: string,
  commit: string,
  running: Running,
  /** A publish's build (the crash tests' `during-build` step), not the one a start makes. */
  published: boolean,
): Promise<{ ok: boolean; summary: string }> {
  for (;;) {
    if (running.stopped)
      return { ok: false, summary: 'the editor stopped before the site on this server was built; it serves it at its next start' };
    const child = spawn(process.execPath, [join('scripts', 'tools', 'run-bundled.mjs'), join('scripts', 'build', 'publish.ts'), '--json'], {
      cwd: ROOT_DIR,
      env: { ...process.env, CONTENT_DIR: contentDir, RELEASES_DIR: releasesDir, SITE_LINK: '', RELEASE_COMMIT: commit },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A crash test's kill takes the build with it, as a service manager stops the whole service.
    if (published) crashPoint('during-build', () => child.kill('SIGKILL'));
    running.child = child;
    // Below the editor's own priority: a whole build (a minute of CPU) never slows the people saving meanwhile.
    try {
      if (child.pid) setPriority(child.pid, BUILD_NICENESS);
    } catch {
      // Gone already (it failed at once): its exit says why.
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | string>((done) => {
      child.on('error', (error) => done(error.message));
      child.on('close', (code, signal) => done(code ?? `stopped by ${signal}`));
    });
    running.child = undefined;
    if (status === BUSY) {
      await sleep(500);
      continue;
    }
    if (status !== 0) {
      const why = typeof status === 'string' ? status : stderr.trim().split('\n').slice(-3).join(' ') || `exit ${status}`;
      return { ok: false, summary: `the build stopped, so the site on this server still shows the version before: ${why}` };
    }
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as PublishSummary;
    return {
      ok: true,
      summary: `served in ${summary.seconds.total.toFixed(1)} s (${summary.rerendered} of ${summary.pages} pages rendered, ${summary.mode})`,
    };
  }
}

/** The commit the release `<releases>/current` links to was built from; undefined when none is known. */
function servedCommit(releasesDir: string): string | undefined {
  const link = join(releasesDir, 'current');
  try {
    if (!lstatSync(link).isSymbolicLink()) return undefined; // a folder: publish.ts takes it over
    const release = resolve(dirname(link), readlinkSync(link));
    const manifest = JSON.parse(readFileSync(`${release}.release.json`, 'utf8')) as { commit?: unknown };
    return typeof manifest.commit === 'string' ? manifest.commit : undefined;
  } catch {
    return undefined;
  }
}

export interface SitePublisher {
  /** Builds and serves `sha` (one at a time, in order), and keeps the outcome. */
  serve(sha: string): Promise<ServedState>;
  /** The last serve's outcome, if any was made by this data folder. */
  last(): ServedState | undefined;
  /**
   * At start: serves `head` unless the release served was built from it (none yet, a folder `npm start` built, or a
   * crash during a build left an older one). Resolves with the outcome, or undefined when it was served already.
   */
  bringUpToDate(head: string): Promise<ServedState | undefined>;
  /** Stops the build running now, if any, and serves nothing more (the editor is stopping). */
  stop(): void;
}

/**
 * Serves published commits one after another (a publish never runs beside another, which would refuse it), each from
 * a snapshot of its own content (`git archive` of the commit into `<dataDir>/serving/`, the same folder each time): a
 * later publish moving the published worktree never changes what a build is reading.
 */
export function sitePublisher(dataDir: string, releasesDir: string, now: () => Date = () => new Date()): SitePublisher {
  const snapshot = join(dataDir, 'serving');
  const stateFile = join(dataDir, 'served.json');
  let queue: Promise<unknown> = Promise.resolve();
  const running: Running = { stopped: false };
  const keep = (state: ServedState) => {
    writeFileSync(`${stateFile}.partial`, JSON.stringify(state));
    renameSync(`${stateFile}.partial`, stateFile);
    return state;
  };
  const build = async (sha: string, published: boolean) => {
    await rm(snapshot, { recursive: true, force: true });
    await mkdir(snapshot, { recursive: true });
    await extractContent(join(dataDir, 'repo.git'), sha, 'pages-json', snapshot);
    return runPublish(join(snapshot, 'pages-json'), releasesDir, sha, running, published);
  };
  const serve = (sha: string, published = true): Promise<ServedState> => {
    const run = queue.then(async () => {
      const outcome = await build(sha, published).catch((error: Error) => ({
        ok: false,
        summary: `the site could not be built: ${error.message}`,
      }));
      return keep({ commit: sha, ok: outcome.ok, summary: outcome.summary, at: now().toISOString() });
    });
    queue = run.catch(() => undefined);
    return run;
  };
  const last = (): ServedState | undefined => {
    if (!existsSync(stateFile)) return undefined;
    try {
      return JSON.parse(readFileSync(stateFile, 'utf8')) as ServedState;
    } catch {
      return undefined;
    }
  };
  return {
    serve,
    last,
    stop: () => {
      running.stopped = true;
      running.child?.kill('SIGTERM');
    },
    bringUpToDate: async (head) => {
      if (servedCommit(releasesDir) === head) {
        const kept = last();
        if (kept?.commit !== head || !kept.ok) keep({ commit: head, ok: true, summary: 'served', at: now().toISOString() });
        return undefined;
      }
      return serve(head, false);
    },
  };
}
