/**
 * What a save changes: from the version of the document its editor started from (the version they opened, or their
 * own last save) to their draft. A save is applied when its turn comes to the file as it is then, so a colleague's
 * save in between, of another field, is kept (three-way-merge.ts); only a place both changed differently is a
 * conflict, answered as the file changed on disk. The versions an editor was given are remembered by the hash it
 * names them by (a few per document): after a restart an older hash is unknown, and answered as a conflict.
 */
import { jsonEqual, mergeJson } from '../shared/three-way-merge';

/** How many versions of one document are remembered. */
const KEPT_PER_DOCUMENT = 16;

/** The document a save writes, or why it cannot be worked out. */
export type SavedDocument = { ok: true; doc: unknown } | { ok: false; reason: 'unknown-base' | 'conflict' };

export class OpenedVersions {
  private readonly byFile = new Map<string, Map<string, unknown>>();

  /**
   * The editor holds `doc` under `hash`: it opened the file (`opened`), or saved and keeps its draft as the version
   * saved, which is the file's text only when no one else's change was merged into it. An opened version never
   * replaces a saved one of the same hash: counted from the saved one, a save that started from the file itself only
   * repeats the merged change (no conflict), while counted from the file, a save from the draft would undo it.
   */
  remember(file: string, hash: string, doc: unknown, how: 'opened' | 'saved'): void {
    if (doc === undefined) return;
    let versions = this.byFile.get(file);
    if (!versions) this.byFile.set(file, (versions = new Map()));
    if (how === 'opened' && versions.has(hash)) return;
    versions.delete(hash);
    versions.set(hash, doc);
    for (const old of [...versions.keys()].slice(0, Math.max(0, versions.size - KEPT_PER_DOCUMENT))) versions.delete(old);
  }

  /** The version of `file` remembered under `hash`, if it is. */
  version(file: string, hash: string): unknown {
    return this.byFile.get(file)?.get(hash);
  }

  /**
   * What saving `mine` (started from the version `baseHash`) writes over the file's document `disk` (its hash
   * `diskHash`); `overwrite`: the editor chose their version whole.
   */
  saved(
    file: string,
    request: { baseHash: unknown; mine: unknown; overwrite: boolean },
    disk: { doc: unknown; hash: string },
  ): SavedDocument {
    if (request.overwrite) return { ok: true, doc: request.mine };
    const remembered = typeof request.baseHash === 'string' ? this.byFile.get(file)?.get(request.baseHash) : undefined;
    // The file as it is, when the editor names it and nothing of it is remembered (opened before a restart).
    const base = remembered ?? (request.baseHash === disk.hash ? disk.doc : undefined);
    if (base === undefined) return { ok: false, reason: 'unknown-base' };
    // A file that is not JSON: written over only where json-edit.ts can (it refuses, in words).
    if (disk.doc === undefined || jsonEqual(base, disk.doc)) return { ok: true, doc: request.mine };
    const merged = mergeJson(base, request.mine, disk.doc);
    return merged.conflicts.length ? { ok: false, reason: 'conflict' } : { ok: true, doc: merged.merged };
  }
}
