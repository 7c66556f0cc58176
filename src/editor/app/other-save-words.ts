/**
 * How the editor says that the document open was saved by someone else while it was open: in the hosted editor a
 * colleague, by name when the live stream said who ("Rita Review saved this page"), or unnamed (a restore, a tab of
 * one's own); in the local editor the file on disk (another editor, git). One place for the words of the notice, the
 * merge's note and the choice between versions (views/DiskChange.tsx, state/session.ts).
 */
import type { DocumentKind } from '../protocol';

/** Who saved it: in the hosted editor a colleague, by name when known; in the local editor, the file on disk. */
export type SavedBy = { hosted: true; name?: string } | { hosted: false };

/** A change of a file as an editor hears of it: its version (null: removed) and who saved it, when known. */
export interface FileNotice<B extends SavedBy | undefined = SavedBy | undefined> {
  hash: string | null;
  by: B;
}

/**
 * Which of two notices to keep while a save is on its way (the editor takes the kept one after it): the later, unless
 * it is the same version told of again without a name (the change set's move after the live stream's event, which
 * named who saved).
 */
export function laterNotice<N extends FileNotice>(held: N | undefined, next: N): N {
  return held && held.hash === next.hash && !isNamed(next.by) ? held : next;
}

/** Whether the notice said who saved (the live stream's event names them; the change set's move does not). */
export const isNamed = (by: SavedBy | undefined): boolean => Boolean(by?.hosted && by.name);

/** The other save's words for a document of `kind`, or a translation (named `display` in the local editor, which names files). */
export function otherSaveWords(by: SavedBy, kind: DocumentKind | 'translation', display: string) {
  const words = documentWords(by, kind, display);
  if (kind !== 'translation') return words;
  // A translation is saved into its file, text by text: over a file that does not read as JSON the server refuses it
  // (src/editor/server/translations.ts) rather than drop every other text of the file, so keeping one's own texts
  // keeps them here until the file is fixed.
  const who = by.hosted ? (by.name ?? 'A colleague') : undefined;
  return {
    ...words,
    unmergeable: (removed: boolean) =>
      removed
        ? words.unmergeable(true)
        : who
          ? `${who} saved this translation in a form the editor cannot read. Your texts cannot be merged with it, nor saved over it, until the file is fixed (${display}): they stay here while this page is open.`
          : `${display} on disk is no longer valid JSON. Your texts cannot be merged with it, nor saved over it, until the file is fixed: they stay here while this page is open.`,
    keepMine: (removed: boolean) => (removed ? 'Keep my texts (saving will write the file again)' : 'Keep my texts here'),
  };
}

function documentWords(by: SavedBy, kind: DocumentKind | 'translation', display: string) {
  const noun = kind === 'page' || kind === 'translation' ? kind : 'document';
  if (!by.hosted)
    return {
      reloaded: 'The file changed on disk, and has been loaded again.',
      mergedTitle: 'Merged with the version on disk',
      mergedIntro: `${display} changed on disk after you opened it. Your unsaved changes are kept`,
      theirsKept: 'and so is what the other version changed:',
      choiceTitle: `${display} changed on disk`,
      choiceIntro:
        'Someone (another editor, git) saved this file after you opened it. Everything they changed that you did not touch is kept with your changes.',
      mine: 'Mine',
      theirs: 'On disk',
      takeTheirs: 'Load the file from disk (discard my changes)',
      alsoTheirs: 'Also changed on disk, and kept:',
      unmergeable: (removed: boolean) =>
        removed
          ? 'The file was removed from disk after you opened it, so your changes cannot be merged with it.'
          : 'The file on disk is no longer valid JSON, so your changes cannot be merged with it.',
      keepMine: (_removed: boolean) => 'Keep my changes (saving will replace the file on disk)',
      waiting: 'The file changed on disk: choose a version first',
    };
  const who = by.name ?? 'A colleague';
  const whose = by.name ? `${by.name}’s` : 'their';
  return {
    reloaded: by.name
      ? `${by.name} saved this ${noun}. It shows their version now.`
      : `This ${noun} was saved meanwhile (by a colleague, or in another tab of yours). It shows that version now.`,
    mergedTitle: `${who} saved this ${noun}: merged with your changes`,
    mergedIntro: `${who} saved this ${noun} after you opened it. Your unsaved changes are kept`,
    theirsKept: 'and so is what they changed:',
    choiceTitle: `${who} saved this ${noun}`,
    choiceIntro: `${who} saved this ${noun} after you opened it. Everything they changed that you did not touch is kept with your changes.`,
    mine: 'Keep mine',
    theirs: by.name ? `Take ${whose}` : 'Take theirs',
    takeTheirs: `Take ${whose} version (discard my changes)`,
    alsoTheirs: 'They also changed, and that is kept:',
    unmergeable: (removed: boolean) =>
      removed
        ? `${who} removed this ${noun} after you opened it, so your changes cannot be merged with it.`
        : `${who} saved this ${noun} in a form the editor cannot read, so your changes cannot be merged with it.`,
    keepMine: (_removed: boolean) => `Keep my changes (saving will replace ${whose} version)`,
    waiting: `${who} saved this ${noun}: choose a version first`,
  };
}
