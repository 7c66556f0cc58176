/**
 * In a content worker: the document store the change set's endpoints write through (src/editor/server/
 * document-store.ts). Nothing is written here: a write asks the main thread for its change set's turn in the git
 * queue, runs its plan when the turn is granted (reading the files as the saves before it left them), sends the files
 * to write, and is answered once the main thread has written, staged and committed them as the person saving in that
 * same turn (content-worker-protocol.ts, save-turns.ts).
 */
import type { Person } from '../../hosted-protocol';
import type { TemplateSection } from '../../server/block-labels';
import type { DocumentStore, WriteOutcome, WritePlan } from '../../server/document-store';
import { HttpError } from '../../server/http';
import type { FromWorker, ToWorker } from './content-worker-protocol';

interface Waiting {
  dir: string;
  /** Its files went to the main thread, which has not said yet how their turn ended. */
  sent?: boolean;
  plan: () => Promise<WritePlan<unknown>> | WritePlan<unknown>;
  sections: (document: unknown) => TemplateSection[] | undefined;
  /** Reads the content again (a save wrote). */
  reread: () => void;
  resolve: (outcome: WriteOutcome<unknown>) => void;
  reject: (error: unknown) => void;
  /** The endpoints' answer, planned in the turn, given once the turn is over. */
  answer?: unknown;
}

type SavedMessage = Extract<ToWorker, { saved: number }>;

export class WorkerSaves {
  private next = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly post: (message: FromWorker) => void,
    /** TEST ONLY: a save of this document hangs in its plan (ContentWorkerData.hangInPlan). */
    private readonly hangInPlan?: string,
  ) {}

  /**
   * The store of the change set whose content folder is `dir`, as `person` writes it. `sections`: a document's
   * template's sections (named in the commit's words); `reread`: reads the content again, after a write.
   */
  storeOf(
    dir: string,
    person: Person,
    options: { sections: (document: unknown) => TemplateSection[] | undefined; reread: () => void },
  ): DocumentStore {
    return {
      write: <T>(plan: () => Promise<WritePlan<T>> | WritePlan<T>) =>
        new Promise<WriteOutcome<T>>((resolve, reject) => {
          const call = ++this.next;
          this.waiting.set(call, { dir, plan, ...options, resolve: resolve as Waiting['resolve'], reject });
          this.post({ turn: call, dir, person });
        }),
    };
  }

  /** The save's turn came: its plan runs now, and what it writes goes to the main thread. */
  async granted(call: number) {
    const save = this.waiting.get(call);
    if (!save) return this.post({ planned: call, error: 'this save is no longer waiting' });
    // A save before it in the queue wrote, and the word of it may come after this turn began: the content is read
    // again first, so the plan validates against what that save wrote.
    if ([...this.waiting.values()].some((other) => other.sent && other.dir === save.dir)) save.reread();
    let planned: WritePlan<unknown>;
    try {
      planned = await save.plan();
    } catch (error) {
      // Its own error answers the request (a refused name is a 403, not a failure of the turn).
      this.waiting.delete(call);
      this.post({ planned: call, error: error instanceof Error ? error.message : String(error) });
      return save.reject(error);
    }
    if ('refused' in planned) {
      save.answer = planned.refused;
      return this.post({ planned: call, refused: true });
    }
    save.answer = planned.answer;
    // TEST ONLY: stuck for ever, as a plan in an endless loop would be (the main thread's timeout ends it).
    if (this.hangInPlan !== undefined && Object.keys(planned.files).includes(this.hangInPlan)) for (;;);
    const sections = save.sections(planned.document);
    save.sent = true;
    this.post({ planned: call, files: planned.files, ...(sections ? { sections } : {}) });
  }

  /** The save's turn is over: written and committed, refused, or failed (nothing written). */
  saved(message: SavedMessage) {
    const save = this.waiting.get(message.saved);
    this.waiting.delete(message.saved);
    if (!save) return;
    if (message.error !== undefined)
      return save.reject(message.status === undefined ? new Error(message.error) : new HttpError(message.status, message.error));
    if (message.written) save.reread();
    save.resolve({ answer: save.answer, written: message.written, committed: message.committed });
  }
}
