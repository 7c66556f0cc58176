/**
 * The document store of `npm run dev`: the content folder on disk, one write at a time in the order given (so a plan
 * reads the files as the writes before it left them), each file replaced whole (content-files.ts). No git: the
 * developer commits.
 */
import { rmSync } from 'node:fs';
import { resolveContentFile, writeContentFile } from './content-files';
import type { DocumentStore, WriteOutcome, WritePlan } from './document-store';

/** `written`: told the paths of each write once its files are on disk, in the write's turn, before it is answered. */
export function fileDocumentStore(contentDir: string, written?: (files: string[]) => void): DocumentStore {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    write<T>(plan: () => Promise<WritePlan<T>> | WritePlan<T>) {
      const turn = tail.then(async (): Promise<WriteOutcome<T>> => {
        const planned = await plan();
        if ('refused' in planned) return { answer: planned.refused, written: false, committed: false };
        // Every path checked before any file is written, so a plan with one bad name writes nothing.
        for (const file of Object.keys(planned.files)) resolveContentFile(contentDir, file);
        // Writes first, removals last: a write that fails (a full disk) leaves what was there, not a record naming a
        // file already removed (an image replaced by one of another format).
        const files = Object.entries(planned.files);
        for (const [file, text] of files) if (text !== null) writeContentFile(contentDir, file, text);
        for (const [file, text] of files) if (text === null) rmSync(resolveContentFile(contentDir, file), { force: true });
        written?.(Object.keys(planned.files));
        return { answer: planned.answer, written: true, committed: false };
      });
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
}
