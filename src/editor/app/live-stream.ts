/**
 * The live stream in the browser (GET /api/live, server-sent events; src/editor/host/live/): opened for a change set
 * and the document open in it, it gives who else is there now and hands notices, moves, colleagues' saves and the
 * session's end to the caller. The browser's EventSource opens it again each time the server ends it (that is the heartbeat: a browser
 * that does not come back is taken as gone).
 *
 * A tab refused a stream (the person has more tabs open than the server keeps up to date) or a browser without
 * EventSource polls instead (GET /api/live/poll, every LIVE_POLL_SECONDS): the same events, from the last one it had,
 * handed to the same handlers, and says so (`fallback`). A refused tab goes back to live once a poll says a stream
 * would be taken (another tab closed).
 */
import { useEffect, useRef, useState } from 'react';
import { urlOf } from '../endpoint';
import { HOSTED_ENDPOINTS } from '../hosted-endpoints';
import {
  LIVE_EVENTS,
  LIVE_POLL_SECONDS,
  type ChangedEvent,
  type LivePollAnswer,
  type NoticeEvent,
  type PolledEvent,
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
  /** Some events could not be had (a polling tab, after a restart or a long sleep): ask again for everything shown. */
  missed?: () => void;
  signedOut?: () => void;
}

/** Why a tab polls: refused a stream (too many tabs), or a browser without EventSource. */
export interface LiveFallback {
  reason: 'refused' | 'unsupported';
  everySeconds: number;
}

interface LiveState {
  /** Who else has the change set open now (empty without one). */
  people: PresentPerson[];
  /** Set while this tab polls instead of having a stream. */
  fallback?: LiveFallback;
}

const dataOf = <T>(event: Event): T => JSON.parse((event as MessageEvent<string>).data) as T;

/** Who else has `changeSet` open now, and whether this tab polls; `where` undefined: no stream at all. */
export function useLiveStream(where: { changeSet?: string; document?: string } | undefined, handlers: LiveHandlers): LiveState {
  const [people, setPeople] = useState<PresentPerson[]>([]);
  const [fallback, setFallback] = useState<LiveFallback>();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const open = where !== undefined;
  const { changeSet, document } = where ?? {};
  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The last event this tab had, from the stream or a poll: where the next poll (or stream) starts. */
    let last: string | undefined;
    const deliver = (polled: PolledEvent) => {
      if (polled.event === LIVE_EVENTS.notice) latest.current.notice?.(polled.data);
      else if (polled.event === LIVE_EVENTS.changed) latest.current.changed?.(polled.data.id);
      else latest.current.saved?.(polled.data);
    };
    const signedOut = () => {
      stopped = true;
      source?.close();
      latest.current.signedOut?.();
    };

    const live = () => {
      const stream = new EventSource(urlOf(HOSTED_ENDPOINTS.live, {}, { changeSet, document, since: last }));
      source = stream;
      const on = (name: string, take: (event: Event) => void) =>
        stream.addEventListener(name, (event) => {
          last = (event as MessageEvent).lastEventId || last;
          take(event);
        });
      on(LIVE_EVENTS.opened, () => setFallback(undefined));
      on(LIVE_EVENTS.presence, (event) => {
        const presence = dataOf<PresenceEvent>(event);
        if (presence.changeSet === changeSet) setPeople(presence.people);
      });
      on(LIVE_EVENTS.notice, (event) => deliver({ event: LIVE_EVENTS.notice, data: dataOf<NoticeEvent>(event) }));
      on(LIVE_EVENTS.changed, (event) => deliver({ event: LIVE_EVENTS.changed, data: dataOf<ChangedEvent>(event) }));
      on(LIVE_EVENTS.saved, (event) => deliver({ event: LIVE_EVENTS.saved, data: dataOf<SavedEvent>(event) }));
      on(LIVE_EVENTS.signedOut, signedOut);
      stream.addEventListener('error', () => {
        // Ended by the server now and then, the browser opens it again (CONNECTING); refused (429, 503), it gives up.
        if (stream.readyState !== EventSource.CLOSED || stopped) return;
        source = undefined;
        void poll('refused', true);
      });
    };

    /** One poll; `first`: the one made as the stream was refused, which catches up and never goes live at once. */
    const poll = async (reason: LiveFallback['reason'], first: boolean) => {
      setFallback((shown) => (shown?.reason === reason ? shown : { reason, everySeconds: LIVE_POLL_SECONDS }));
      let answer: LivePollAnswer | undefined;
      try {
        const response = await fetch(urlOf(HOSTED_ENDPOINTS.livePoll, {}, { changeSet, document, since: last }));
        if (response.status === 401) return signedOut();
        if (response.ok) answer = (await response.json()) as LivePollAnswer;
      } catch {
        // The network: asked again at the next poll.
      }
      if (stopped) return;
      if (answer) {
        if (answer.missed) latest.current.missed?.();
        for (const polled of answer.events) deliver(polled);
        last = answer.last;
        setPeople(answer.people);
        // Not from the first poll: a stream refused for a moment is tried again at most once a poll.
        if (answer.live && reason === 'refused' && !first) return live();
      }
      timer = setTimeout(() => void poll(reason, false), LIVE_POLL_SECONDS * 1000);
    };

    if (typeof EventSource === 'undefined') void poll('unsupported', true);
    else live();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(timer);
      setPeople([]);
      setFallback(undefined);
    };
  }, [open, changeSet, document]);
  return { people, fallback };
}
