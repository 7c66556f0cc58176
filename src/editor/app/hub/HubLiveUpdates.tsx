/**
 * The hub's live stream, for every page of it: about the change set whose page is open (its presence goes to that
 * page), refreshing the lists when a change set moves rather than at their next poll, showing notices, and sending the
 * person to sign in when their session ends. A tab that polls instead of having the stream says so among the notices.
 */
import { useState, type ReactNode } from 'react';
import { useMatch } from 'react-router-dom';
import { HOSTED } from '../../hosted-protocol';
import { useLiveStream } from '../live-stream';
import { hubQueryClient } from './hub-api';
import { LiveNotices, type ShownNotice } from './LiveNotices';
import { LivePresence } from './live-presence';

/** The newest few stay; older ones go (each can be dismissed before). */
const NOTICES_SHOWN = 4;
let noticeKey = 0;

export function HubLiveUpdates({ children }: { children: ReactNode }) {
  const changeSet = useMatch('/changes/:id')?.params.id;
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const { people, fallback } = useLiveStream(
    { changeSet },
    {
      changed: (id) => {
        void hubQueryClient.invalidateQueries({ queryKey: ['change-sets'] });
        void hubQueryClient.invalidateQueries({ queryKey: ['change-set', id] });
      },
      missed: () => {
        void hubQueryClient.invalidateQueries({ queryKey: ['change-sets'] });
        void hubQueryClient.invalidateQueries({ queryKey: ['change-set'] });
      },
      notice: (notice) => setNotices((shown) => [...shown, { ...notice, key: ++noticeKey }].slice(-NOTICES_SHOWN)),
      signedOut: () =>
        window.location.assign(`${HOSTED.signIn}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`),
    },
  );
  return (
    <LivePresence.Provider value={people}>
      {children}
      <LiveNotices
        fallback={fallback}
        notices={notices}
        dismiss={(key) => setNotices((shown) => shown.filter((notice) => notice.key !== key))}
      />
    </LivePresence.Provider>
  );
}
