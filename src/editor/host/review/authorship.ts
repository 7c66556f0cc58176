/**
 * Who counts as having written a change set, for the rule that nobody approves what they wrote: the authors of its
 * commits, except a merge that only brought in versions others wrote (bringing it up to date, a side chosen per
 * clash): changes/update.ts marks such a merge with a trailer. Only a merge commit is believed (a save is never one,
 * and its message is worded by the server from what it changed), so no text typed into a field can claim it.
 */
import { PICKED_ONLY_TRAILER } from '../changes';
import type { Person } from '../../hosted-protocol';
import { samePerson } from './review-rules';

interface AuthoredCommit {
  author: Person;
  parents: string[];
  message: string;
}

/** Whether a commit makes its author one of the change set's authors. */
export const countsAsAuthorship = (commit: AuthoredCommit) =>
  !(commit.parents.length > 1 && commit.message.split('\n').some((line) => line.trim() === PICKED_ONLY_TRAILER));

/** Whether `person` wrote anything in the change set these commits make. */
export const wroteIn = (commits: AuthoredCommit[], person: Person) =>
  commits.some((commit) => samePerson(commit.author, person) && countsAsAuthorship(commit));
