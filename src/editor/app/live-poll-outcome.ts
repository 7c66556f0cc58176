/**
 * What a tab without a live stream does after one poll (GET /api/live/poll), from its status and answer: the stream
 * ends as failing (EventSource CLOSED) for any refused status, 429 for too many tabs as much as 503 for a server full,
 * 404 for a change set removed meanwhile or a 502 from a proxy, so only the poll tells them apart. Pure: live-stream.ts
 * acts on it.
 */
import type { LivePollAnswer, StreamRefusedFor } from '../live-protocol';

/** Why the tab polls: its stream ended refused (some status), or the browser has no EventSource. */
export type PollingBecause = 'closed' | 'unsupported';

type PollOutcome =
  /** The session is over (401). */
  | { then: 'signed-out' }
  /** Refused for good (403: another site; 404: no such change set, removed say): no more polls; the page asks again. */
  | { then: 'stop' }
  /** A stream would be taken now: back to live. */
  | { then: 'live' }
  /**
   * Ask again at the next poll; `refused`, why, when the answer says a stream would be refused (too many tabs, or the
   * server full): the only case the tab says why it polls.
   */
  | { then: 'poll'; refused?: StreamRefusedFor };

/**
 * `status` undefined: the network failed. `first`: the poll made as the stream ended, which never goes live at once (a
 * stream refused for a moment is tried again at most once a poll).
 */
export function pollOutcome(
  status: number | undefined,
  answer: LivePollAnswer | undefined,
  because: PollingBecause,
  first: boolean,
): PollOutcome {
  if (status === 401) return { then: 'signed-out' };
  if (status === 403 || status === 404) return { then: 'stop' };
  if (because === 'unsupported' || !answer) return { then: 'poll' };
  if (!answer.live) return { then: 'poll', refused: answer.refused };
  return first ? { then: 'poll' } : { then: 'live' };
}
