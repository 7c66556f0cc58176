/**
 * The editor server's content workers: worker threads that read, validate and render the site (worker-contents.ts),
 * so one person's save or draft never holds up anyone else's request on the event loop. A content folder stays with
 * the worker that first read it (its validated content and people's drafts live there); a publish candidate's check
 * goes to the worker with the least to do. A worker that dies takes its requests' answers with it (they fail), and
 * the next request starts another one, which reads the contents again; a save it was planning in its change set's
 * turn writes nothing, and the turn passes on (save-turns.ts).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChangedDocument, Person } from '../../hosted-protocol';
import type { ChangedFile } from '../review/changed-documents';
import type {
  ContentTask,
  ContentWorkerData,
  FromWorker,
  RelayedAnswer,
  RelayedRequest,
  ToWorker,
  WorkspaceRef,
} from './content-worker-protocol';
import { SaveTurns, type Saver } from './save-turns';

/** A content's pages and site data, rendered by the worker that holds it. */
export interface SiteRendering {
  /** A page, whole, by its path (`/story`, `/es/story`), its islands' data from `<siteDataBase>/<prefix>.js`. */
  page: (path: string, siteDataBase: string) => Promise<string | undefined>;
  /** A language's site data module by its file name (`default.js`, `es.js`). */
  siteData: (file: string) => Promise<string | undefined>;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Content folders it holds. */
  holds: number;
  /** Its saves in their change sets' turns. */
  saves: SaveTurns;
}

/**
 * How many workers: EDITOR_CONTENT_WORKERS, else one per core, two to four (the event loop needs little of a core;
 * with one worker, 20 people's first reads and saves queued behind each other).
 */
export function contentWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.EDITOR_CONTENT_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(2, Math.min(4, availableParallelism()));
}

export class ContentWorkers {
  private readonly threads: (Thread | undefined)[];
  private readonly assigned = new Map<string, number>();
  private readonly savers = new Map<string, Saver>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly buildDir: string,
    count: number,
    private readonly log: (message: string) => void,
  ) {
    this.threads = Array.from({ length: count }, () => undefined);
  }

  /** A change set's endpoints answer a request; what they write is written and committed in its turn by `save`. */
  endpoint(workspace: WorkspaceRef, person: Person, request: RelayedRequest, save: Saver): Promise<RelayedAnswer> {
    this.savers.set(workspace.dir, save);
    return this.ask(this.holderOf(workspace.dir), { op: 'endpoint', workspace, person, request }) as Promise<RelayedAnswer>;
  }

  /** The pages of the content in `dir`. */
  renderingOf(dir: string): SiteRendering {
    return {
      page: (path, siteDataBase) => this.ask(this.holderOf(dir), { op: 'page', dir, path, siteDataBase }) as Promise<string | undefined>,
      siteData: (file) => this.ask(this.holderOf(dir), { op: 'siteData', dir, file }) as Promise<string | undefined>,
    };
  }

  changedDocuments(dir: string, files: ChangedFile[]) {
    return this.ask(this.holderOf(dir), { op: 'changedDocuments', dir, files }) as Promise<ChangedDocument[]>;
  }

  /** The errors of a whole site in every language, as `npm run validate` prints them (read afresh, not kept). */
  siteErrors(dir: string) {
    return this.ask(this.leastBusy(), { op: 'siteErrors', dir }) as Promise<string[]>;
  }

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
    const worker = new Worker(new URL('./content-worker-boot.mjs', import.meta.url), {
      workerData: { buildDir: this.buildDir } satisfies ContentWorkerData,
      execArgv: [],
    });
    worker.unref(); // a worker never keeps the process alive: the server does
    const thread: Thread = {
      worker,
      waiting: new Map(),
      holds: 0,
      saves: new SaveTurns((message) => worker.postMessage(message)),
    };
    worker.on('message', (message: FromWorker) => this.received(thread, message));
    const lost = (why: string) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = undefined;
      for (const [dir, holder] of this.assigned) if (holder === index) this.assigned.delete(dir);
      for (const { reject } of thread.waiting.values()) reject(new Error(`the content worker stopped (${why}); try again`));
      thread.waiting.clear();
      thread.saves.lost(why);
      if (!this.closed) this.log(`a content worker stopped: ${why}`);
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.threads[index] = thread;
    return thread;
  }

  private ask(index: number, task: ContentTask): Promise<unknown> {
    const thread = this.thread(index);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ task, id } satisfies ToWorker);
    });
  }

  private received(thread: Thread, message: FromWorker) {
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
