/**
 * A draft sent to the server as it changes: one request at a time, the latest draft winning (a request for a draft
 * typed over meanwhile is followed by one for the newest). `resend` sends it again though it did not change: what the
 * server finds in a draft and how its preview looks depend on the rest of the content too (an image's alt text, a
 * menu label), and the sessions call it when that changes.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useDraftLoop<T>(draft: T, send: (draft: T) => Promise<unknown>): { resend: () => void } {
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

  const resend = useCallback(() => {
    if (sending.current) stale.current = true;
    else start();
  }, [start]);
  return { resend };
}
