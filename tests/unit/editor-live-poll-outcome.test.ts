/**
 * What a tab without a live stream does after a poll (src/editor/app/live-poll-outcome.ts): a stream that ended
 * refused is "too many tabs" only when the poll says a stream would be refused; a change set removed (404) or a page
 * of another site (403) stops the polling, a 401 signs out, a 5xx or a failed network asks again without a word.
 */
import { describe, expect, it } from 'vitest';
import { pollOutcome } from '../../src/editor/app/live-poll-outcome';
import type { LivePollAnswer } from '../../src/editor/live-protocol';

const answer = (live: boolean): LivePollAnswer => ({ events: [], last: 'run.1', missed: false, people: [], live });

describe('after a poll, a tab whose stream ended', () => {
  it('says too many tabs only when the poll says a stream would be refused', () => {
    expect(pollOutcome(200, answer(false), 'closed', true)).toEqual({ then: 'poll', tooManyTabs: true });
    expect(pollOutcome(200, answer(false), 'closed', false)).toEqual({ then: 'poll', tooManyTabs: true });
  });

  it('goes back to live when a stream would be taken, but not from the poll made as it ended', () => {
    expect(pollOutcome(200, answer(true), 'closed', true)).toEqual({ then: 'poll', tooManyTabs: false });
    expect(pollOutcome(200, answer(true), 'closed', false)).toEqual({ then: 'live' });
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

  it('asks again without saying too many tabs after a 5xx or a failed network', () => {
    for (const status of [500, 502, 503, undefined])
      expect(pollOutcome(status, undefined, 'closed', false)).toEqual({ then: 'poll', tooManyTabs: false });
  });

  it('without EventSource, polls on whatever the answer says of streams', () => {
    expect(pollOutcome(200, answer(true), 'unsupported', false)).toEqual({ then: 'poll', tooManyTabs: false });
    expect(pollOutcome(200, answer(false), 'unsupported', false)).toEqual({ then: 'poll', tooManyTabs: false });
  });
});
