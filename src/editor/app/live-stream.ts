/**
 * The live stream in the browser (GET /api/live, server-sent events; src/editor/host/live/): opened for a change set
 * and the document open in it, it gives who else is there now and hands notices, moves, colleagues' saves and the
 * session's end to the caller. The browser's EventSource opens it again each time the server ends it (that is the heartbeat: a browser
 * that does not come back is taken as gone). Where EventSource is missing, nothing happens and the slow polls remain.
 */
import { useEffect, useRef, useState } from 'react';
import { urlOf } from '../endpoint';
import { HOSTED_ENDPOINTS } from '../hosted-endpoints';
import {
  LIVE_EVENTS,
  type ChangedEvent,
  type NoticeEvent,
  type PresenceEvent,
  type PresentPerson,
  type SavedEvent,
} from '../live-protocol';

export interface LiveHandlers {
  notice?: (notice: NoticeEvent) => void;
  /** A change set moved: lists showing it ask again. */
  changed?: (id: string) => void;
  /** A colleague saved a document of the stream's change set. */
  saved?: (saved: SavedEvent) => void;
  signedOut?: () => void;
}

const dataOf = <T>(event: Event): T => JSON.parse((event as MessageEvent<string>).data) as T;

/** Who else has `changeSet` open now (empty without one); `where` undefined: no stream at all. */
export function useLiveStream(where: { changeSet?: string; document?: string } | undefined, handlers: LiveHandlers): PresentPerson[] {
  const [people, setPeople] = useState<PresentPerson[]>([]);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const open = where !== undefined;
  const { changeSet, document } = where ?? {};
  useEffect(() => {
    if (!open || typeof EventSource === 'undefined') return;
    const source = new EventSource(urlOf(HOSTED_ENDPOINTS.live, {}, { changeSet, document }));
    source.addEventListener(LIVE_EVENTS.presence, (event) => {
      const presence = dataOf<PresenceEvent>(event);
      if (presence.changeSet === changeSet) setPeople(presence.people);
    });
    source.addEventListener(LIVE_EVENTS.notice, (event) => latest.current.notice?.(dataOf<NoticeEvent>(event)));
    source.addEventListener(LIVE_EVENTS.changed, (event) => latest.current.changed?.(dataOf<ChangedEvent>(event).id));
    source.addEventListener(LIVE_EVENTS.saved, (event) => latest.current.saved?.(dataOf<SavedEvent>(event)));
    source.addEventListener(LIVE_EVENTS.signedOut, () => {
      source.close();
      latest.current.signedOut?.();
    });
    return () => {
      source.close();
      setPeople([]);
    };
  }, [open, changeSet, document]);
  return people;
}
