/**
 * The file changed on disk while the marketer has unsaved changes (a colleague's save, git): their draft is
 * merged with it against the version they opened (three-way-merge.ts). With no field changed on both sides
 * the merge is made at once and the marketer is told what the other side changed; otherwise the fields both
 * changed wait for a choice each (mine or theirs). Either way the draft becomes the merged document and its
 * base the file as it is on disk now, so the next save writes the merge over that file (its hash), changing
 * only what the merge changed. A file that no longer parses, or is gone, cannot be merged: the marketer keeps
 * their version or loads the file. The page editor merges whole documents; the translation editor its texts, by key
 * (translation-session.ts): each says how to read the version on disk (`readDisk`).
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import { jsonEqual, mergeJson, type Choice, type MergeConflict, type TheirChange } from '../../shared/three-way-merge';
import { isNamed, type SavedBy } from '../other-save-words';

export interface DiskVersion {
  hash: string;
  doc: unknown;
}

/** What waits for the marketer's decision. */
export type PendingMerge =
  | {
      kind: 'conflicts';
      disk: DiskVersion;
      by: SavedBy;
      /** The version opened, the merge's base. */
      base: unknown;
      /** The draft when the merge was made (for the words of each field). */
      mine: unknown;
      conflicts: MergeConflict[];
      theirChanges: TheirChange[];
    }
  | { kind: 'unreadable'; hash: string | null; by: SavedBy };

/** What was merged without asking (or once asked): the other side's changes, with both documents to word them. */
export interface MergedNotice {
  changes: TheirChange[];
  base: unknown;
  theirs: unknown;
  /** How many fields the marketer chose for. */
  chosen: number;
  by: SavedBy;
}

interface Options {
  /** The version on disk now, as the draft is (undefined: it cannot be read). */
  readDisk: () => Promise<DiskVersion | undefined>;
  /** The version the draft is based on (opened, or last saved or merged), and how to move it. */
  baseRef: RefObject<DiskVersion>;
  setBase: (base: DiskVersion) => void;
  /** The draft now. */
  latestRef: RefObject<unknown>;
  /** Replaces the draft (one undo step). */
  replaceDraft: (next: (current: unknown) => unknown) => void;
  /** Loads the file from disk, dropping the draft. */
  reloadFromDisk: () => Promise<void>;
}

export function useMergeOnDiskChange({ readDisk, baseRef, setBase, latestRef, replaceDraft, reloadFromDisk }: Options) {
  const [pending, setShownPending] = useState<PendingMerge>();
  const [merged, setMerged] = useState<MergedNotice>();
  /** Only the latest change on disk is merged (a second one can arrive while the first is read). */
  const asked = useRef(0);
  /**
   * The change waiting for a choice: told of again (the change set's move after a colleague's save), it stays as it
   * is, with its choices and who saved it. Set with the state, not by an effect after the render: a second notice can
   * come before React runs its effects (a CI run had the choice replaced, under no name, that way).
   */
  const waiting = useRef<PendingMerge>(undefined);
  const setPending = useCallback((next: PendingMerge | undefined) => {
    waiting.current = next;
    setShownPending(next);
  }, []);

  const adopt = useCallback(
    (disk: DiskVersion, next: unknown) => {
      baseRef.current = disk;
      setBase(disk);
      if (!jsonEqual(next, latestRef.current)) replaceDraft(() => next);
      // The draft is the merge from now, as the base is: a save in this frame, before React renders, sends it.
      latestRef.current = next;
      setPending(undefined);
    },
    [baseRef, setBase, latestRef, replaceDraft, setPending],
  );

  /** The file is `hash` on disk now (null: removed), saved `by`; `diskDoc` when the answer that said so carried it. */
  const changedOnDisk = useCallback(
    async (hash: string | null, by: SavedBy, diskDoc?: unknown) => {
      const shown = waiting.current;
      if (shown && (shown.kind === 'conflicts' ? shown.disk.hash : shown.hash) === hash) {
        // The same version again: the choice stays as it is, under the colleague's name once it is known (a refused
        // save's conflict has none; the live stream's event that follows names them).
        if (isNamed(by) && !isNamed(shown.by)) setPending({ ...shown, by });
        return;
      }
      const ask = ++asked.current;
      let disk: DiskVersion | undefined = hash !== null && diskDoc !== undefined ? { hash, doc: diskDoc } : undefined;
      if (!disk && hash !== null) disk = await readDisk().catch(() => undefined);
      if (ask !== asked.current) return;
      if (!disk) {
        setPending({ kind: 'unreadable', hash, by });
        return;
      }
      if (disk.hash === baseRef.current.hash) return;
      const base = baseRef.current.doc;
      const mine = latestRef.current;
      const result = mergeJson(base, mine, disk.doc);
      if (result.conflicts.length) {
        setPending({ kind: 'conflicts', disk, by, base, mine, conflicts: result.conflicts, theirChanges: result.theirChanges });
        return;
      }
      adopt(disk, result.merged);
      setMerged({ changes: result.theirChanges, base, theirs: disk.doc, chosen: 0, by });
    },
    [readDisk, baseRef, latestRef, adopt, setPending],
  );

  /** Settles the fields both changed (by conflict key; mine unless chosen otherwise) and merges again with the draft as it is. */
  const resolve = useCallback(
    (choices: Record<string, Choice>) => {
      // A newer change replaced the choice shown since this render: that one is to be made now.
      if (pending?.kind !== 'conflicts' || waiting.current !== pending) return;
      const result = mergeJson(pending.base, latestRef.current, pending.disk.doc, choices);
      adopt(pending.disk, result.merged);
      setMerged({
        changes: result.theirChanges,
        base: pending.base,
        theirs: pending.disk.doc,
        chosen: result.conflicts.length,
        by: pending.by,
      });
    },
    [pending, latestRef, adopt],
  );

  /** Keeps the draft over a file that could not be merged: the next save replaces it. */
  const keepMine = useCallback(() => {
    if (pending?.kind !== 'unreadable' || waiting.current !== pending) return;
    baseRef.current = { hash: pending.hash ?? '', doc: baseRef.current.doc };
    setBase(baseRef.current);
    setPending(undefined);
  }, [pending, baseRef, setBase, setPending]);

  const discardMine = useCallback(async () => {
    asked.current++;
    await reloadFromDisk();
    setPending(undefined);
    setMerged(undefined);
  }, [reloadFromDisk, setPending]);

  const dismissMerged = useCallback(() => setMerged(undefined), []);

  return { pending, merged, changedOnDisk, resolve, keepMine, discardMine, dismissMerged };
}
