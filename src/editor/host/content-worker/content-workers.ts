/**
 * The editor server's content workers: worker threads that read, validate and render the site (worker-contents.ts),
 * so one person's save or draft never holds up anyone else's request on the event loop. A content folder stays with
 * the worker that first read it (its validated content and people's drafts live there); a publish candidate's check
 * goes to the worker with the least to do, and so does a document merged field by field (a publish's or an update's).
 * A worker that takes longer than the timeout over a save's plan or a merge is taken as stuck: stopped, its requests
 * answered 503 in words with nothing written, and replaced by the next request. A worker that dies takes its requests' answers with it (they fail), and
 * the next request starts another one, which reads the contents again; a save it was planning in its change set's
 * turn writes nothing, and the turn passes on (save-turns.ts).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChangedDocument, Person } from '../../hosted-protocol';
import type { ChangedFile } from '../review/changed-documents';
import type { VersionInputs } from '../review/page-inputs';
import type { Made } from '../review/rendered-cache';
import type {
  ContentTask,
  ContentWorkerData,
  FromWorker,
  RelayedAnswer,
  RelayedRequest,
  ToWorker,
  WorkspaceRef,
} from './content-worker-protocol';
import { SaveTurns, WorkerStuck, type Saver } from './save-turns';
import type { Resolution, ResolveJson } from '../changes';

/** A content's pages and site data, rendered by the worker that holds it. */
export interface SiteRendering {
  /**
   * A page, whole, by its path (`/story`, `/es/story`), its islands' data from `<siteDataBase>/<prefix>.js`; not
   * `exact` while the content has errors (rendered from its last valid version).
   */
  page: (path: string, siteDataBase: string) => Promise<Made<string | undefined>>;
  /** A language's site data module by its file name (`default.js`, `es.js`). */
  siteData: (file: string) => Promise<string | undefined>;
  /** Each page's render inputs, and the warnings of `files` (`pages-json/...`), for a review (review/page-inputs.ts). */
  inputs: (files: string[]) => Promise<VersionInputs>;
}

interface Thread {
  worker: Worker;
  /** Ends it as stopped (`why`): its requests fail with `why`, and the next request starts another worker. */
  lost: (why: string) => void;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Content folders it holds. */
  holds: number;
  /** Its saves in their change sets' turns. */
  saves: SaveTurns;
  /** When it was last given a task or answered one (the server's clock). */
  lastActive: number;
}

/**
 * How many workers: EDITOR_CONTENT_WORKERS, else one per core, two to four (the event loop needs little of a core;
 * with one worker, 20 people's first reads and saves queued behind each other).
 */
function contentWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.EDITOR_CONTENT_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(2, Math.min(4, availableParallelism()));
}

export interface ContentWorkerSettings {
  count: number;
  /**
   * EDITOR_CONTENT_TIMEOUT_SECONDS (60 unless set): how long a save's plan or a document's merge may take in a worker
   * before the worker is taken as stuck, stopped and replaced (its requests answer 503, nothing of them written).
   */
  timeoutMs: number;
  /** TEST ONLY: EDITOR_TEST_HANG_IN_PLAN and EDITOR_TEST_HANG_IN_MERGE (ContentWorkerData). */
  hangInPlan?: string;
  hangInMerge?: string;
}

export function contentWorkerSettings(env: NodeJS.ProcessEnv): ContentWorkerSettings {
  const text = env.EDITOR_CONTENT_TIMEOUT_SECONDS;
  const seconds = text === undefined || text === '' ? 60 : Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`EDITOR_CONTENT_TIMEOUT_SECONDS must be a positive number, not "${text}"`);
  return {
    count: contentWorkerCount(env),
    timeoutMs: seconds * 1000,
    ...(env.EDITOR_TEST_HANG_IN_PLAN ? { hangInPlan: env.EDITOR_TEST_HANG_IN_PLAN } : {}),
    ...(env.EDITOR_TEST_HANG_IN_MERGE ? { hangInMerge: env.EDITOR_TEST_HANG_IN_MERGE } : {}),
  };
}

export class ContentWorkers {
  private readonly threads: (Thread | undefined)[];
  private readonly assigned = new Map<string, number>();
  private readonly savers = new Map<string, Saver>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly buildDir: string,
    private readonly settings: ContentWorkerSettings,
    private readonly log: (message: string) => void,
    /** The server's clock (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.threads = Array.from({ length: settings.count }, () => undefined);
  }

  /** A change set's endpoints answer a request; what they write is written and committed in its turn by `save`. */
  endpoint(workspace: WorkspaceRef, person: Person, request: RelayedRequest, save: Saver): Promise<RelayedAnswer> {
    this.savers.set(workspace.dir, save);
    return this.ask(this.holderOf(workspace.dir), { op: 'endpoint', workspace, person, request }) as Promise<RelayedAnswer>;
  }

  /** The pages of the content in `dir`. */
  renderingOf(dir: string): SiteRendering {
    return {
      page: (path, siteDataBase) =>
        this.ask(this.holderOf(dir), { op: 'page', dir, path, siteDataBase }) as Promise<Made<string | undefined>>,
      siteData: (file) => this.ask(this.holderOf(dir), { op: 'siteData', dir, file }) as Promise<string | undefined>,
      inputs: (files) => this.ask(this.holderOf(dir), { op: 'versionInputs', dir, files }) as Promise<VersionInputs>,
    };
  }

  changedDocuments(dir: string, files: ChangedFile[]) {
    return this.ask(this.holderOf(dir), { op: 'changedDocuments', dir, files }) as Promise<Made<ChangedDocument[]>>;
  }

  /** The errors of a whole site in every language, as `npm run validate` prints them (read afresh, not kept). */
  siteErrors(dir: string) {
    return this.ask(this.leastBusy(), { op: 'siteErrors', dir }) as Promise<string[]>;
  }

  /** One document merged field by field, off the event loop (a publish's, an update's or a pull's merge). */
  resolveJson: ResolveJson = (file, versions, ours, options = {}) =>
    this.ask(this.leastBusy(), { op: 'resolveJson', file, versions, ours, options }, this.settings.timeoutMs) as Promise<Resolution>;

  /** The worker holding `dir` forgets it (a change set closed, a version dropped). */
  forget(dir: string) {
    const index = this.assigned.get(dir);
    this.assigned.delete(dir);
    this.savers.delete(dir);
    const thread = index === undefined ? undefined : this.threads[index];
    if (!thread) return;
    thread.holds--;
    thread.worker.postMessage({ forget: dir } satisfies ToWorker);
  }

  /**
   * Stops each worker that holds no content and has had nothing to do since `since` (the server's clock): its whole
   * isolate (the site's code, what it read, its garbage) goes back to the system, where forgetting a content frees
   * only the content. The next request starts one again. How many were stopped.
   */
  stopIdle(since: number): number {
    let stopped = 0;
    this.threads.forEach((thread, index) => {
      if (!thread || thread.holds > 0 || thread.waiting.size > 0 || thread.lastActive > since) return;
      // Forgotten before it ends, so its exit is no loss to report: nothing was asked of it.
      this.threads[index] = undefined;
      stopped++;
      void thread.worker.terminate();
    });
    return stopped;
  }

  /** How many workers run now, and the content folders they hold (the server's tests read them). */
  state(): { running: number; held: string[] } {
    return { running: this.threads.filter(Boolean).length, held: [...this.assigned.keys()] };
  }

  async close() {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread?.worker.terminate()));
  }

  private holderOf(dir: string): number {
    let index = this.assigned.get(dir);
    if (index === undefined) {
      index = this.leastBusy();
      this.assigned.set(dir, index);
      this.thread(index).holds++;
    }
    return index;
  }

  private leastBusy(): number {
    let best = 0;
    const load = (index: number) => {
      const thread = this.threads[index];
      return thread ? thread.holds * 1000 + thread.waiting.size : 0;
    };
    for (let index = 1; index < this.threads.length; index++) if (load(index) < load(best)) best = index;
    return best;
  }

  private thread(index: number): Thread {
    const existing = this.threads[index];
    if (existing) return existing;
    if (this.closed) throw new Error('the editor is stopping');
    // No flags of this process (a test runner's, tsx's): the boot file registers the one loader the worker needs.
    const { hangInPlan, hangInMerge } = this.settings;
    const worker = new Worker(new URL('./content-worker-boot.mjs', import.meta.url), {
      workerData: { buildDir: this.buildDir, hangInPlan, hangInMerge } satisfies ContentWorkerData,
      execArgv: [],
    });
    worker.unref(); // a worker never keeps the process alive: the server does
    const lost = (why: string, stuck = false) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = undefined;
      for (const [dir, holder] of this.assigned) if (holder === index) this.assigned.delete(dir);
      for (const { reject } of thread.waiting.values())
        reject(stuck ? new WorkerStuck(why) : new Error(`the content worker stopped (${why}); try again`));
      thread.waiting.clear();
      thread.saves.lost(why);
      if (!this.closed) this.log(`a content worker stopped: ${why}`);
    };
    const thread: Thread = {
      worker,
      // Stuck (a plan or a merge past the timeout): its requests answered at once in words, the worker stopped and
      // replaced by the next request (which reads its contents again).
      lost: (why) => {
        lost(why, true);
        void worker.terminate();
      },
      waiting: new Map(),
      holds: 0,
      lastActive: this.now(),
      saves: new SaveTurns((message) => worker.postMessage(message), {
        ms: this.settings.timeoutMs,
        stuck: (why) => thread.lost(why),
      }),
    };
    worker.on('message', (message: FromWorker) => this.received(thread, message));
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.threads[index] = thread;
    return thread;
  }

  /** A task for the worker at `index`; one not answered within `timeoutMs` takes the worker as stuck. */
  private ask(index: number, task: ContentTask, timeoutMs = Infinity): Promise<unknown> {
    const thread = this.thread(index);
    thread.lastActive = this.now();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = Number.isFinite(timeoutMs)
        ? setTimeout(
            () =>
              thread.lost(
                `merging ${task.op === 'resolveJson' ? task.file : 'a document'} took longer than ${Math.round(timeoutMs / 1000)} s, so the editor stopped it: nothing was changed; try again`,
              ),
            timeoutMs,
          )
        : undefined;
      thread.waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      thread.worker.postMessage({ task, id } satisfies ToWorker);
    });
  }

  private received(thread: Thread, message: FromWorker) {
    thread.lastActive = this.now();
    if ('reply' in message) {
      const waiting = thread.waiting.get(message.reply);
      thread.waiting.delete(message.reply);
      if (message.error === undefined) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.error));
    } else if ('turn' in message) thread.saves.asked(message, this.savers.get(message.dir));
    else if ('planned' in message) thread.saves.planned(message);
    else this.log(message.log);
  }
}
