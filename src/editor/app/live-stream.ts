/**
 * The live stream in the browser (GET /api/live, server-sent events; src/editor/host/live/): opened for a change set
 * and the document open in it, it gives who else is there now and hands notices, moves, colleagues' saves and the
 * session's end to the caller. The browser's EventSource opens it again each time the server ends it (that is the heartbeat: a browser
 * that does not come back is taken as gone).
 *
 * A tab whose stream was refused or a browser without EventSource polls instead (GET /api/live/poll, every
 * LIVE_POLL_SECONDS): the same events, from the last one it had, handed to the same handlers. The poll tells why
 * (live-poll-outcome.ts): too many tabs or the server full (the tab says which, `fallback`, and goes back to live once
 * a poll says a stream would be taken: another tab closed, or the server has room), signed out, refused for good (403, 404: a change set removed; polling stops and
 * the page is told, `missed`, so it asks again and shows its own answer), or a failure (5xx): asked again, nothing said.
 */
import { useEffect, useRef, useState } from 'react';
import { urlOf } from '../endpoint';
import { HOSTED_ENDPOINTS } from '../hosted-endpoints';
import { pollOutcome, type PollingBecause } from './live-poll-outcome';
import {
  LIVE_EVENTS,
  LIVE_POLL_SECONDS,
  type StreamRefusedFor,
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
  /**
   * Some events could not be had (a polling tab, after a restart or a long sleep), or the stream was refused for good
   * (403, 404: the change set removed): ask again for everything shown.
   */
  missed?: () => void;
  signedOut?: () => void;
}

/** Why a tab polls: refused a stream (too many tabs, or the server full), or a browser without EventSource. */
export interface LiveFallback {
  reason: StreamRefusedFor | 'unsupported';
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
        // Ended by the server now and then, the browser opens it again (CONNECTING); answered any status but 200 (429,
        // 404, 502...), it gives up, and the first poll tells which.
        if (stream.readyState !== EventSource.CLOSED || stopped) return;
        source = undefined;
        void poll('closed', true);
      });
    };

    const fallBack = (reason: LiveFallback['reason']) =>
      setFallback((shown) => (shown?.reason === reason ? shown : { reason, everySeconds: LIVE_POLL_SECONDS }));

    /** One poll; `first`: the one made as the stream ended, which catches up and never goes live at once. */
    const poll = async (because: PollingBecause, first: boolean) => {
      let status: number | undefined;
      let answer: LivePollAnswer | undefined;
      try {
        const response = await fetch(urlOf(HOSTED_ENDPOINTS.livePoll, {}, { changeSet, document, since: last }));
        status = response.status;
        if (response.ok) answer = (await response.json()) as LivePollAnswer;
      } catch {
        // The network: asked again at the next poll.
      }
      if (stopped) return;
      const outcome = pollOutcome(status, answer, because, first);
      if (outcome.then === 'signed-out') return signedOut();
      if (outcome.then === 'stop') {
        stopped = true;
        setFallback(undefined);
        return latest.current.missed?.();
      }
      if (answer) {
        if (answer.missed) latest.current.missed?.();
        for (const polled of answer.events) deliver(polled);
        last = answer.last;
        setPeople(answer.people);
      }
      if (outcome.then === 'live') return live();
      if (outcome.refused) fallBack(outcome.refused);
      timer = setTimeout(() => void poll(because, false), LIVE_POLL_SECONDS * 1000);
    };

    if (typeof EventSource === 'undefined') {
      fallBack('unsupported');
      void poll('unsupported', true);
    } else live();
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
