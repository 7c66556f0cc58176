/**
 * The live stream's timing and limits (docs/editor-server.md, "Who else is here"), from EDITOR_LIVE_HEARTBEAT_SECONDS,
 * EDITOR_LIVE_STREAMS_PER_PERSON and EDITOR_LIVE_STREAMS_IN_ALL. A browser whose network is gone closes nothing, so the server learns of it only
 * by the browser not coming back: each stream ends after a few heartbeats and the browser opens it again at once; a
 * person whose stream ended and who did not come back within the grace is gone.
 */
import { LIVE_POLL_SECONDS } from '../../live-protocol';

export interface LiveSettings {
  /** A comment on every stream this often, so proxies keep it open; also how often expired sessions are looked for. */
  heartbeatMs: number;
  /** Each stream ends after this long and the browser opens it again: proof that it is still there. */
  streamLifeMs: number;
  /** How long a person stays shown after their stream ended without them closing it (their browser reconnecting). */
  reconnectGraceMs: number;
  /** How long a person stays shown after their browser closed the stream (another document opening in the same tab). */
  leaveSettleMs: number;
  /** Streams one person may have open at once (tabs); one more is refused (429). */
  streamsPerPerson: number;
  /** Streams the whole server keeps open at once; one more is refused (503). */
  streamsInAll: number;
  /** A stream whose browser reads slower than this many bytes behind is ended (it opens again and gets the present). */
  maxBufferedBytes: number;
  /**
   * How long sent events are kept for browsers reconnecting and for tabs that poll instead (LIVE_POLL_SECONDS apart):
   * a stream's life and its grace, and at least three polls, so a poll late by a throttled background tab misses none.
   */
  keepEventsMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, integer: boolean): number {
  const text = env[name];
  if (!text) return fallback;
  const value = Number(text);
  if (!(value > 0) || (integer && !Number.isInteger(value)))
    throw new Error(`${name} must be a positive ${integer ? 'whole ' : ''}number, not "${text}"`);
  return value;
}

export function liveSettingsFromEnv(env: NodeJS.ProcessEnv): LiveSettings {
  const heartbeatMs = positive(env, 'EDITOR_LIVE_HEARTBEAT_SECONDS', 10, false) * 1000;
  return {
    heartbeatMs,
    streamLifeMs: 3 * heartbeatMs,
    reconnectGraceMs: 2 * heartbeatMs,
    leaveSettleMs: Math.min(2000, heartbeatMs),
    streamsPerPerson: positive(env, 'EDITOR_LIVE_STREAMS_PER_PERSON', 10, true),
    streamsInAll: positive(env, 'EDITOR_LIVE_STREAMS_IN_ALL', 2000, true),
    maxBufferedBytes: 256 * 1024,
    keepEventsMs: Math.max(5 * heartbeatMs, 3 * LIVE_POLL_SECONDS * 1000),
  };
}
