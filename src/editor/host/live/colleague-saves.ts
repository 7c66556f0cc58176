/**
 * What the live stream says when a document of a change set is saved (the repository tells of every save committed):
 * the others with that change set open hear who saved which document, with its hash, so an editor that has it open
 * shows their version at once (or merges it with unsaved edits). Only those who may change the document hear of it:
 * a translator of Spanish is not told of a save of an English page or a German translation. Nobody is told of their
 * own save (their other tabs see the change set move and ask, as for any move).
 */
import { hashText } from '../../server/content-files';
import { mayChange } from '../../shared/document-permission';
import { permissionsOf } from '../accounts/roles';
import type { ChangeRepository, CommittedSave } from '../changes';
import type { LiveStreams, StreamOwner } from './live-streams';

/** The content folder in the repository: the editor names a document by its path inside it. */
const CONTENT = 'pages-json/';

const mayChangeFile = (owner: StreamOwner, path: string) =>
  mayChange({ permissions: permissionsOf(owner.role), languages: owner.languages }, path);

/** Tells `streams` of every save on `repo` from now on; the function returned stops it. */
export function tellSaves(repo: ChangeRepository, streams: LiveStreams): () => void {
  return repo.watchSaves(({ id, author, files }: CommittedSave) => {
    const saver = author.email.toLowerCase();
    for (const [path, content] of Object.entries(files)) {
      // Documents only (a picture uploaded is no document open in an editor).
      if (!path.startsWith(CONTENT) || !path.endsWith('.json') || content instanceof Uint8Array) continue;
      streams.saved((owner) => owner.email.toLowerCase() !== saver && mayChangeFile(owner, path), {
        changeSet: id,
        file: path.slice(CONTENT.length),
        hash: content === null ? null : hashText(content),
        by: author.name,
      });
    }
  });
}
