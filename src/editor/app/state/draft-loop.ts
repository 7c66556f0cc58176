/**
 * A draft sent to the server as it changes: one request at a time, the latest draft winning (a request for a draft
 * typed over meanwhile is followed by one for the newest). Sent again when the content changes on disk in `npm run
 * dev` (the dev server's content event: an image added to the library, a save in another tab, git), since what the
 * server finds in a draft and how its preview looks depend on the rest of the site too.
 */
import { useCallback, useEffect, useRef } from 'react';
import { CONTENT_EVENT } from '../../../dev/live-preview-protocol';

export function useDraftLoop<T>(draft: T, send: (draft: T) => Promise<unknown>): void {
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

  useEffect(() => {
    const changed = () => {
      if (sending.current) stale.current = true;
      else start();
    };
    import.meta.hot?.on(CONTENT_EVENT, changed);
    return () => import.meta.hot?.off(CONTENT_EVENT, changed);
  }, [start]);
}
