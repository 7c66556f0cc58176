/**
 * The one way the editor's endpoints change documents: a write is planned against the documents as they are when
 * its turn comes (nothing else writes the content folder meanwhile), and what the plan returns is written as one step.
 * In `npm run dev` a plain file writer (file-document-store.ts); in the hosted editor the change set's git queue, where
 * the content worker plans the write in the change set's turn and the main thread writes, stages and commits it as
 * the person saving in that same turn (src/editor/host/content-worker/worker-document-store.ts, save-turns.ts).
 * Reads need no turn: every write replaces a file whole (a temporary file renamed over it), so a reader never sees half.
 */

/** A file's new content: a document's text, or an image's bytes (the media library, src/engine/tooling/media/ingest.ts). */
export type FileContent = string | Uint8Array;

/** What a write makes of the documents as they are in its turn. */
export type WritePlan<T> =
  | {
      /** The files to write, by their path in the content folder (`story.json`); bytes for an image; null removes one. */
      files: Record<string, FileContent | null>;
      /** The document a save wrote, whose sections a commit message names. */
      document?: unknown;
      answer: T;
    }
  /** Nothing is written: the answer says why. */
  | { refused: T };

export interface WriteOutcome<T> {
  answer: T;
  /** Whether the plan wrote (false: refused). */
  written: boolean;
  /** Whether the write became a commit (the hosted editor's change set; false when it changed nothing, or in `npm run dev`). */
  committed: boolean;
}

export interface DocumentStore {
  /** Runs `plan` in this content's turn, after every write given before it, and writes what it returns. */
  write<T>(plan: () => Promise<WritePlan<T>> | WritePlan<T>): Promise<WriteOutcome<T>>;
}
