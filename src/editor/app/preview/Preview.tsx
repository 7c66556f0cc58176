/**
 * The page itself, as the build renders it, from the unsaved draft: an iframe of the dev server's
 * preview document (the site's own CSS and islands), updated in place as the draft changes, with the
 * selected section outlined. A click on a section selects it. It shows at the widths visitors use (a phone, a
 * tablet, a desktop), scaled down to the column when wider than it.
 */
import { Group, SegmentedControl } from '@mantine/core';
import { memo, useEffect, useRef, useState } from 'react';
import type { PreviewUpdate } from '../../protocol';
import { workspace } from '../workspace';
import type { PreviewStore } from '../state/preview-store';
import classes from '../views/editor.module.css';
import type { FrameMessage, ParentMessage } from './messages';

/** The widths a visitor's screen has, in CSS pixels. */
const WIDTHS = { phone: 375, tablet: 768, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/** The width first shown: the person's own kind of screen (a desktop's page scaled down to a phone is unreadable). */
const firstWidth = (): Width => (window.innerWidth < WIDTHS.tablet ? 'phone' : window.innerWidth < 992 ? 'tablet' : 'desktop');

export const Preview = memo(function Preview({
  file,
  route,
  title,
  previews,
  selected,
  onSelect,
  query = '',
}: {
  file: string;
  /** The page to preview a document that is not a page on (renderings of another page are not shown). */
  route?: string;
  title: string;
  /** The draft's renderings, as they arrive. */
  previews: PreviewStore;
  selected: string | undefined;
  onSelect: (mark: string) => void;
  /** More of the preview's address: `&locale=es` for a translation. */
  query?: string;
}) {
  const [width, setWidth] = useState<Width>(firstWidth);
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<{ width: number; height: number }>();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // A hidden preview (the form shown on a phone) has no room: it keeps the last it had until it shows again.
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setRoom({ width, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const pixels = WIDTHS[width];
  const scale = room ? Math.min(1, room.width / pixels) : 1;
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
    <>
      <Group justify="center" p={6} className={classes.previewBar}>
        <SegmentedControl
          size="xs"
          value={width}
          onChange={(next) => setWidth(next as Width)}
          aria-label="Preview width"
          data={[
            { value: 'phone', label: `Phone (${WIDTHS.phone})` },
            { value: 'tablet', label: `Tablet (${WIDTHS.tablet})` },
            { value: 'desktop', label: `Desktop (${WIDTHS.desktop})` },
          ]}
        />
      </Group>
      <div ref={box} className={classes.previewBox} data-width={width}>
        <iframe
          ref={frame}
          className={classes.preview}
          title={`Preview: ${title}`}
          src={`${workspace.preview}?${new URLSearchParams({ file, ...(route ? { route } : {}) }).toString()}${query}`}
          data-ready={ready > 0 || undefined}
          style={{
            width: pixels,
            height: room ? room.height / scale : '100%',
            transform: scale < 1 ? `scale(${scale})` : undefined,
          }}
        />
      </div>
    </>
  );
});
