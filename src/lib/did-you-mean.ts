/**
 * "Did you mean ...?": the known name closest to a mistyped one (a block type, a field, a placeholder, a `site:`
 * key, a route), when it is close enough to be a typo rather than a different word.
 */
import { distance } from 'fastest-levenshtein';

/** The candidate nearest to `given` (a difference of case alone counts as nearest), if at most about a third of it differs. */
export function closest(given: string, candidates: Iterable<string>): string | undefined {
  const wanted = given.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === given) return undefined; // it is known: nothing to suggest
    const d = distance(wanted, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(given.length / 3)) ? best : undefined;
}

/** `did you mean "StatBand"? ` before the rest of a hint, or nothing. */
export const didYouMean = (given: string, candidates: Iterable<string>, quote = (name: string) => `"${name}"`) => {
  const match = closest(given, candidates);
  return match ? `did you mean ${quote(match)}? ` : '';
};
