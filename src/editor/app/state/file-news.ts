/**
 * How both editors take news that their file changed (a colleague's save on the live stream, the dev server's file
 * watcher, a move of the change set): a version that is the base already, or is being taken, is passed over; with
 * nothing unsaved the file is loaded again and the notice says who saved it; otherwise it is merged with the draft
 * (merge-on-disk-change.ts). While a save is on its way, news waits for the save's answer, the latest kept
 * (other-save-words.ts: laterNotice). It listens to the dev server's watcher itself, and gives the live stream's news as
 * colleagueSaved. The page editor (session.ts) and the translation editor (translation-session.ts) each say how they
 * load the file again.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { laterNotice, type FileNotice, type SavedBy } from '../other-save-words';
import { FILE_EVENT } from '../../protocol';
import type { SavedEvent } from '../../live-protocol';
import { onDevServerEvent } from '../dev-server-events';

interface Options {
  /** The file, as the dev server's watcher and the live stream name it (under pages-json/). */
  file: string;
  /** The version the draft is based on, set with the state wherever the state is set. */
  baseRef: RefObject<{ hash: string }>;
  /** Whether anything is unsaved, likewise. */
  dirtyRef: RefObject<boolean>;
  /**
   * Loads the file as it is on disk now, if nothing is unsaved once it is read: true when shown; false when something
   * was written meanwhile (it is merged instead); undefined when a later reload was asked for (that one shows it).
   */
  reloadIfClean: () => Promise<boolean | undefined>;
  /** Merges the version `hash` with the draft, or asks (merge-on-disk-change.ts). */
  changedOnDisk: (hash: string | null, by: SavedBy) => Promise<void>;
  /** Says the file was loaded again as `by` saved it. */
  reloaded: (by: SavedBy) => void;
}

export function useFileNews({ file, baseRef, dirtyRef, reloadIfClean, changedOnDisk, reloaded }: Options) {
  /** The version being loaded or merged now: told of again meanwhile (a save and the move it makes), it is taken once. */
  const taking = useRef<string | null>(undefined);
  const saving = useRef(false);
  const held = useRef<FileNotice<SavedBy>>(undefined);

  const take = useCallback(
    (hash: string | null, by: SavedBy) => {
      if (hash === baseRef.current.hash || hash === taking.current) return;
      taking.current = hash;
      const taken = () => {
        if (taking.current === hash) taking.current = undefined;
      };
      if (!dirtyRef.current && hash !== null) {
        // Nothing unsaved as it was asked for; an edit made while it came is merged with it instead of wiped.
        void reloadIfClean()
          .then((shown) => {
            if (shown) reloaded(by);
            else if (shown === false) return changedOnDisk(hash, by);
          })
          .finally(taken);
        return;
      }
      void changedOnDisk(hash, by).finally(taken);
    },
    [baseRef, dirtyRef, reloadIfClean, changedOnDisk, reloaded],
  );

  /** The file is `hash` now (null: removed), saved `by`. */
  const onFile = useCallback(
    (hash: string | null, by: SavedBy) => {
      if (saving.current) held.current = laterNotice(held.current, { hash, by });
      else take(hash, by);
    },
    [take],
  );

  /** Runs a save: news of the file meanwhile is taken once its answer is in (the save's own version is then the base). */
  const whileSaving = useCallback(
    async <T>(save: () => Promise<T>): Promise<T> => {
      saving.current = true;
      try {
        return await save();
      } finally {
        saving.current = false;
        const waiting = held.current;
        held.current = undefined;
        if (waiting) take(waiting.hash, waiting.by);
      }
    },
    [take],
  );

  // The local editor: the dev server's file watcher tells of every change of the file (another editor, git).
  useEffect(
    () =>
      onDevServerEvent(FILE_EVENT, (event: { file: string; hash: string | null }) => {
        if (event.file === file) onFile(event.hash, { hosted: false });
      }),
    [file, onFile],
  );

  /** The hosted editor's live stream: a colleague saved a document of this change set (this one, or another). */
  const colleagueSaved = useCallback(
    (saved: SavedEvent) => {
      if (saved.file === file) onFile(saved.hash, { hosted: true, name: saved.by });
    },
    [file, onFile],
  );

  return { onFile, whileSaving, colleagueSaved };
}
