/**
 * What a tab without a live stream does after a poll (src/editor/app/live-poll-outcome.ts): a stream that ended
 * refused is "too many tabs" or "the server full" only when the poll says a stream would be refused, and says which;
 * a change set removed (404) or a page of another site (403) stops the polling, a 401 signs out, a 5xx or a failed
 * network asks again without a word.
 */
import { describe, expect, it } from 'vitest';
import { pollOutcome } from '../../src/editor/app/live-poll-outcome';
import type { LivePollAnswer, StreamRefusedFor } from '../../src/editor/live-protocol';

const asked = { events: [], last: 'run.1', missed: false, people: [] };
/** A poll's answer: a stream would be taken (`live`), or refused for the reason given. */
const answer = (stream: 'live' | StreamRefusedFor): LivePollAnswer =>
  stream === 'live' ? { ...asked, live: true } : { ...asked, live: false, refused: stream };

describe('after a poll, a tab whose stream ended', () => {
  it('says too many tabs only when the poll says a stream would be refused for this person’s tabs', () => {
    expect(pollOutcome(200, answer('too-many-tabs'), 'closed', true)).toEqual({ then: 'poll', refused: 'too-many-tabs' });
    expect(pollOutcome(200, answer('too-many-tabs'), 'closed', false)).toEqual({ then: 'poll', refused: 'too-many-tabs' });
  });

  it('says the server is full, not too many tabs, when the poll says the whole server keeps as many as it can', () => {
    expect(pollOutcome(200, answer('server-full'), 'closed', true)).toEqual({ then: 'poll', refused: 'server-full' });
    expect(pollOutcome(200, answer('server-full'), 'closed', false)).toEqual({ then: 'poll', refused: 'server-full' });
  });

  it('goes back to live when a stream would be taken, but not from the poll made as it ended', () => {
    expect(pollOutcome(200, answer('live'), 'closed', true)).toEqual({ then: 'poll' });
    expect(pollOutcome(200, answer('live'), 'closed', false)).toEqual({ then: 'live' });
  });

  it('stops polling for a removed change set (404) or another site (403), at any poll', () => {
    for (const first of [true, false]) {
      expect(pollOutcome(404, undefined, 'closed', first)).toEqual({ then: 'stop' });
      expect(pollOutcome(403, undefined, 'closed', first)).toEqual({ then: 'stop' });
    }
    expect(pollOutcome(404, undefined, 'unsupported', false)).toEqual({ then: 'stop' });
  });

  it('signs out on 401', () => {
    expect(pollOutcome(401, undefined, 'closed', true)).toEqual({ then: 'signed-out' });
  });

  it('asks again without a word after a 5xx or a failed network (a 503 from a proxy is not the server full)', () => {
    for (const status of [500, 502, 503, undefined]) expect(pollOutcome(status, undefined, 'closed', false)).toEqual({ then: 'poll' });
  });

  it('without EventSource, polls on whatever the answer says of streams', () => {
    for (const stream of ['live', 'too-many-tabs', 'server-full'] as const)
      expect(pollOutcome(200, answer(stream), 'unsupported', false)).toEqual({ then: 'poll' });
  });
});
