/**
 * Who counts as having written a change set, for the rule that nobody approves what they wrote
 * (src/editor/host/review/authorship.ts): every save's author; not the author of a merge marked as only choosing
 * between versions others wrote, and that mark believed only on a merge commit.
 */
import { describe, expect, it } from 'vitest';
import { PICKED_ONLY_TRAILER } from '../../src/editor/host/changes';
import { countsAsAuthorship, wroteIn } from '../../src/editor/host/review/authorship';

const RITA = { name: 'Rita Review', email: 'Rita@reachwell.example' };
const save = { author: RITA, parents: ['a'], message: 'Terms: Prose › Heading' };
const update = { author: RITA, parents: ['a', 'b'], message: 'Bring “Terms” up to date with the published site' };

describe('authorship', () => {
  it('counts a save, and a merge with a text of one’s own, but not a merge that only chose', () => {
    expect(countsAsAuthorship(save)).toBe(true);
    expect(countsAsAuthorship(update)).toBe(true);
    expect(countsAsAuthorship({ ...update, message: `${update.message}\n\n${PICKED_ONLY_TRAILER}` })).toBe(false);
  });

  it('believes the mark only on a merge: a save whose words carry it still counts', () => {
    expect(countsAsAuthorship({ ...save, message: `${save.message}\n\n${PICKED_ONLY_TRAILER}` })).toBe(true);
  });

  it('finds the person among the authors, emails compared without case', () => {
    const chose = { ...update, message: `${update.message}\n\n${PICKED_ONLY_TRAILER}` };
    expect(wroteIn([chose], { name: 'Rita', email: 'rita@reachwell.example' })).toBe(false);
    expect(wroteIn([chose, save], { name: 'Rita', email: 'rita@reachwell.example' })).toBe(true);
  });
});
