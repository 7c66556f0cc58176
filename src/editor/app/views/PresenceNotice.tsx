/**
 * In the hosted editor's toolbar: who else has this change set open and on which document, from the live stream,
 * which also says where this person is (the document shown). A colleague's move of the change set (a save, a publish
 * elsewhere making a clash) has the clash notice ask again at once rather than at its next poll.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveStream } from '../live-stream';
import { workspace } from '../workspace';
import { PresenceLine } from './PresenceLine';

export function PresenceNotice({ document }: { document: string }) {
  const id = workspace.changeSet?.id;
  const queryClient = useQueryClient();
  const people = useLiveStream(id ? { changeSet: id, document } : undefined, {
    changed: (moved) => {
      if (moved === id) void queryClient.invalidateQueries({ queryKey: ['clashes', id] });
    },
  });
  return id ? <PresenceLine people={people} /> : null;
}
