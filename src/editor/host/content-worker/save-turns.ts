/**
 * The main thread's side of a save made in a content worker (content-worker-protocol.ts): the worker's ask for a turn
 * joins its change set's git queue (the workspace's `Saver`, over ChangeRepository.planSave); in the turn the worker
 * plans the save, and what it planned is written, staged and committed as the person saving before the turn ends. A
 * worker that stops while its plan is awaited fails the plan: nothing is written and the turn passes to the next save.
 */
import type { Person } from '../../hosted-protocol';
import { sectionLabeller, type TemplateSection } from '../../server/block-labels';
import { HttpError } from '../../server/http';
import { ChangeSetReadOnly, type ChangeRepository } from '../changes';
import type { FromWorker, PlannedFiles, ToWorker } from './content-worker-protocol';

/** What a worker planned in a save's turn; undefined: refused (nothing to write). */
export interface Planned {
  files: PlannedFiles;
  /** The template's sections of the document saved, to name its blocks in the commit's words. */
  sections?: TemplateSection[];
}

/**
 * Runs `plan` in the change set's turn and writes and commits what it returns as `person` in that same turn
 * (workspaces.ts). `written` false: refused, nothing written.
 */
export type Saver = (person: Person, plan: () => Promise<Planned | undefined>) => Promise<{ written: boolean; committed: boolean }>;

/**
 * The saves of change set `id`: the content worker plans each in the change set's turn (reading the files as the saves
 * before it left them), and what it planned is written, staged and committed as the person saving in that same turn
 * (ChangeRepository.planSave). `committed`: after a save that made a commit (it takes an approval back).
 */
export function changeSetSaver(repo: ChangeRepository, id: string, committed: (by: Person) => Promise<void>): Saver {
  return async (person, plan) => {
    const saving = repo.planSave(id, person, async () => {
      const planned = await plan();
      if (!planned) return { refused: undefined };
      return {
        files: Object.fromEntries(Object.entries(planned.files).map(([file, text]) => [`${CONTENT}/${file}`, text])),
        // A template page's sections are named by its template's blocks (the content worker sent them).
        blockLabel: sectionLabeller(planned.sections),
        answer: undefined,
      };
    });
    const { commit } = await saving.catch((error: unknown) => {
      // Published (or closed) while this save waited for its turn: refused in words, nothing written.
      throw error instanceof ChangeSetReadOnly ? new HttpError(409, error.message) : error;
    });
    // A save that changed nothing made no commit: it takes no approval back.
    if (commit?.committed) await committed(person);
    return { written: commit !== undefined, committed: commit?.committed ?? false };
  };
}

type TurnAsked = Extract<FromWorker, { turn: number }>;
type PlanSent = Extract<FromWorker, { planned: number }>;

/** The content folder in a change set's worktree. */
const CONTENT = 'pages-json';

const stoppedError = (why: string) => new Error(`the content worker stopped (${why}); try again`);

/** A content worker took longer than its timeout over a save's plan or a merge: stopped, nothing written (503). */
export class WorkerStuck extends Error {
  override name = 'WorkerStuck';
}

/** What a plan that took longer than the timeout answers (the worker is replaced: content-workers.ts). */
const planTimedOut = (timeoutMs: number) =>
  `this save took longer than ${Math.round(timeoutMs / 1000)} s to prepare, so the editor stopped it: nothing of it was saved; try again`;

/** One worker's saves in their change sets' turns. */
export class SaveTurns {
  /** The plans awaited from the worker, by its number for the save. */
  private readonly awaited = new Map<number, { resolve: (planned: Planned | undefined) => void; reject: (error: Error) => void }>();
  private stopped?: string;

  constructor(
    private readonly post: (message: ToWorker) => void,
    /**
     * A plan not sent within `timeoutMs` (a worker stuck): `stuck` is told (it replaces the worker), and the plan
     * fails, so the change set's turn passes on with nothing written instead of holding its queue for ever.
     */
    private readonly timeout: { ms: number; stuck: (why: string) => void } = { ms: Infinity, stuck: () => undefined },
  ) {}

  /** The worker asks for a turn; `saver` is its change set's, undefined when the change set is no longer open. */
  asked({ turn: call, person }: TurnAsked, saver: Saver | undefined) {
    const outcome = saver ? saver(person, () => this.plan(call)) : Promise.reject(new Error('this change set is no longer open'));
    outcome.then(
      ({ written, committed }) => this.send({ saved: call, written, committed }),
      (error: unknown) =>
        this.send({
          saved: call,
          written: false,
          committed: false,
          error: error instanceof Error ? error.message : String(error),
          // A refusal in words keeps its status across the threads (409: published while it waited).
          ...(error instanceof HttpError ? { status: error.status } : {}),
        }),
    );
  }

  /** The worker's plan for a save whose turn it was granted. */
  planned(message: PlanSent) {
    const waiting = this.awaited.get(message.planned);
    this.awaited.delete(message.planned);
    if (!waiting) return;
    if ('error' in message) waiting.reject(new Error(message.error));
    else if ('refused' in message) waiting.resolve(undefined);
    else waiting.resolve({ files: message.files, ...(message.sections ? { sections: message.sections } : {}) });
  }

  /** The worker stopped: every plan it owed fails (nothing of it is written), and so does every turn it still waits for. */
  lost(why: string) {
    this.stopped = why;
    for (const { reject } of this.awaited.values()) reject(stoppedError(why));
    this.awaited.clear();
  }

  /** In the save's turn: the worker plans it. */
  private plan(call: number): Promise<Planned | undefined> {
    if (this.stopped !== undefined) return Promise.reject(stoppedError(this.stopped));
    return new Promise<Planned | undefined>((resolve, reject) => {
      const timer = Number.isFinite(this.timeout.ms)
        ? setTimeout(() => {
            if (!this.awaited.delete(call)) return;
            const why = planTimedOut(this.timeout.ms);
            reject(new WorkerStuck(why));
            this.timeout.stuck(why);
          }, this.timeout.ms)
        : undefined;
      const done = () => clearTimeout(timer);
      this.awaited.set(call, {
        resolve: (planned) => (done(), resolve(planned)),
        reject: (error) => (done(), reject(error)),
      });
      this.post({ granted: call });
    });
  }

  private send(message: ToWorker) {
    if (this.stopped === undefined) this.post(message);
  }
}
