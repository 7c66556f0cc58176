/**
 * The page itself, as the build renders it, from the unsaved draft: an iframe of the dev server's
 * preview document (the site's own CSS and islands), updated in place as the draft changes, with the
 * selected section outlined. A click on a section selects it.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { PREVIEW_ROUTE, type PreviewUpdate } from '../../protocol';
import type { PreviewStore } from '../state/session';
import classes from '../views/editor.module.css';
import type { FrameMessage, ParentMessage } from './messages';

export const Preview = memo(function Preview({
  file,
  route,
  title,
  previews,
  selected,
  onSelect,
}: {
  file: string;
  /** The page to preview a document that is not a page on (renderings of another page are not shown). */
  route?: string;
  title: string;
  /** The draft's renderings, as they arrive. */
  previews: PreviewStore;
  selected: string | undefined;
  onSelect: (mark: string) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  /** How many times the frame said it is ready (a reload of it says so again, and gets the latest rendering). */
  const [ready, setReady] = useState(0);
  const sent = useRef<PreviewUpdate | undefined>(undefined);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data.type === 'ready') {
        sent.current = undefined;
        setReady((count) => count + 1);
      } else if (event.data.type === 'select') onSelectRef.current(event.data.mark);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Each rendering goes to the frame as it arrives; a frame that (re)loads gets the latest.
  useEffect(() => {
    const post = (message: ParentMessage) => frame.current?.contentWindow?.postMessage(message, location.origin);
    const send = (update: PreviewUpdate | undefined) => {
      if (!ready || !update || sent.current === update || (route !== undefined && update.route !== route)) return;
      sent.current = update;
      post({ type: 'update', update });
    };
    send(previews.latest());
    return previews.subscribe(send);
  }, [ready, previews, route]);
  useEffect(() => {
    if (ready) frame.current?.contentWindow?.postMessage({ type: 'highlight', mark: selected } satisfies ParentMessage, location.origin);
  }, [ready, selected]);

  return (
    <iframe
      ref={frame}
      className={classes.preview}
      title={`Preview: ${title}`}
      src={`${PREVIEW_ROUTE}?${new URLSearchParams({ file, ...(route ? { route } : {}) }).toString()}`}
      data-ready={ready > 0 || undefined}
    />
  );
});
