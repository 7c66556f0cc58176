/**
 * A draft sent to the server as it changes: one request at a time, the latest draft winning (a request for a draft
 * typed over meanwhile is followed by one for the newest). Sent again when the rest of the content changes, since what
 * the server finds in a draft and how its preview looks depend on the rest of the site too (an image's alt text, a
 * menu label): in `npm run dev` on the dev server's content event (a save on disk: an image added to the library,
 * another tab, git); in the hosted editor when the session calls the returned `contentChanged` (the change set moved).
 */
import { useCallback, useEffect, useRef } from 'react';
import { CONTENT_EVENT } from '../../../dev/live-preview-protocol';
import { onDevServerEvent } from '../dev-server-events';

export function useDraftLoop<T>(draft: T, send: (draft: T) => Promise<unknown>): { contentChanged: () => void } {
  const latest = useRef(draft);
  const sendRef = useRef(send);
  const sending = useRef(false);
  /** The content changed while a request was on its way: what it answers may be from before. */
  const stale = useRef(false);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const start = useCallback(() => {
    const run = () => {
      sending.current = true;
      stale.current = false;
      const sent = latest.current;
      void sendRef
        .current(sent)
        .catch(() => undefined)
        .finally(() => {
          sending.current = false;
          if (latest.current !== sent || stale.current) run();
        });
    };
    run();
  }, []);

  useEffect(() => {
    latest.current = draft;
    if (!sending.current) start();
  }, [draft, start]);

  const contentChanged = useCallback(() => {
    if (sending.current) stale.current = true;
    else start();
  }, [start]);
  useEffect(() => onDevServerEvent(CONTENT_EVENT, contentChanged), [contentChanged]);
  return { contentChanged };
}
