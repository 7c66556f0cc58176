/**
 * In the hosted editor's toolbar: who else has this change set open and on which document, from the live stream,
 * which also says where this person is (the document shown). A colleague's save goes to the document open
 * (`onSaved`: it shows their version, or merges it); any move of the change set (a save, a restore, a publish elsewhere
 * making a clash) has the clash notice ask again at once, and the document open ask whether it is still as it was.
 * A tab that polls instead of having the stream says so beside it (LiveFallbackNote).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { SavedEvent } from '../../live-protocol';
import { useLiveStream } from '../live-stream';
import { workspace } from '../workspace';
import { LiveFallbackNote } from './LiveFallbackNote';
import { PresenceLine } from './PresenceLine';

export function PresenceNotice({
  document,
  onSaved,
  onMoved,
}: {
  document: string;
  onSaved: (saved: SavedEvent) => void;
  onMoved: () => void;
}) {
  const id = workspace.changeSet?.id;
  const queryClient = useQueryClient();
  const moved = () => {
    void queryClient.invalidateQueries({ queryKey: ['clashes', id] });
    onMoved();
  };
  const { people, fallback } = useLiveStream(id ? { changeSet: id, document } : undefined, {
    changed: (changed) => {
      if (changed === id) moved();
    },
    saved: onSaved,
    missed: moved,
  });
  return id ? (
    <>
      <PresenceLine people={people} />
      <LiveFallbackNote fallback={fallback} />
    </>
  ) : null;
}
