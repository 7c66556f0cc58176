/**
 * Requests about a draft, one at a time, the latest draft winning: a request asked for while one is on its way is sent
 * once that one is answered, for the draft as it is then; one asked for many times meanwhile is sent once.
 *
 * `useLatestWins(current, send)` gives the function that asks (the session's whole-site check, once typing pauses);
 * `useDraftLoop(draft, send)` asks at every change of the draft (its problems and preview). Both are asked again when
 * the draft did not change: what the server finds in a draft and how its preview looks depend on the rest of the
 * content too (an image's alt text, a menu label), and the sessions ask when that changes.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useLatestWins<T>(current: () => T, send: (draft: T) => Promise<unknown>): () => void {
  const currentRef = useRef(current);
  const sendRef = useRef(send);
  useEffect(() => {
    currentRef.current = current;
    sendRef.current = send;
  }, [current, send]);
  const sending = useRef(false);
  /** Asked for again while a request was on its way: what it answers may be from before. */
  const again = useRef(false);

  return useCallback(() => {
    const run = () => {
      sending.current = true;
      again.current = false;
      const sent = currentRef.current();
      void sendRef
        .current(sent)
        .catch(() => undefined)
        .finally(() => {
          sending.current = false;
          if (again.current || currentRef.current() !== sent) run();
        });
    };
    if (sending.current) again.current = true;
    else run();
  }, []);
}

export function useDraftLoop<T>(draft: T, send: (draft: T) => Promise<unknown>): { resend: () => void } {
  const latest = useRef(draft);
  const current = useCallback(() => latest.current, []);
  const resend = useLatestWins(current, send);
  // After useLatestWins's own effect (declared first, so run first): the send it holds is this render's.
  useEffect(() => {
    latest.current = draft;
    resend();
  }, [draft, resend]);
  return { resend };
}
