/**
 * Figures that one place states and others repeat: a price kept in the plans collection, the phone number kept in
 * the site configuration, how many jobs the jobs collection has. A document that writes one by hand ("$149",
 * "Both roles") is wrong the day the source changes, so validation warns and says what to write instead.
 */
import { COLLECTION_NAMES, type Collections, type CollectionName } from '../../model/collections';
import { countToken } from '../../model/collections/tokens';
import { walkJson } from './content-checks';
import type { Locate } from './content-checks';
import type { Problem } from '../../model/problems';

/** Words a sentence uses to count each collection's records. */
const NOUNS: Record<CollectionName, string[]> = {
  jobs: ['role', 'job', 'position', 'opening', 'vacancy', 'vacancies'],
  plans: ['plan', 'tier'],
  'use-cases': ['use case'],
  'banner-ads': ['banner', 'banner ad', 'ad'],
};

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A figure as written in running text: not part of a longer number ("$149" is not in "$1,490"). */
const figurePattern = (figure: string) => new RegExp(`(?<![\\w.,])${escape(figure)}(?![\\w]|[.,]\\d)`);

/** "2 roles", "two open roles", "Both roles": a count of `count` records named by `nouns`. */
function countPattern(count: number, nouns: string[]): RegExp {
  const numbers = [String(count), NUMBER_WORDS[count], count === 2 ? 'both' : undefined].filter(Boolean) as string[];
  const words = nouns.map((noun) => (noun.endsWith('ies') ? noun : `${escape(noun)}s?`));
  return new RegExp(`\\b(?:${numbers.join('|')})\\s+(?:[a-z-]+\\s+)?(?:${words.join('|')})\\b`, 'i');
}

/**
 * A check that warns where a document states by hand a figure that a placeholder gives: `figures` maps each stated
 * form ("$149", "+1 (212) 555-0147") to its placeholder ("plans.growth.price", "phone"). The patterns are compiled
 * here, once for every document checked: compiled per string, they were the largest part of validation's time.
 */
export function statedFiguresCheck(figures: ReadonlyMap<string, string>, collections: Collections) {
  const stated = [...figures].map(([figure, token]) => ({ figure, token, pattern: figurePattern(figure) }));
  const counts = COLLECTION_NAMES.filter((name) => collections[name].length <= 12).map((name) => ({
    name,
    count: collections[name].length,
    pattern: countPattern(collections[name].length, NOUNS[name]),
  }));
  return (doc: unknown, locate: Locate, problems: Problem[]) =>
    walkJson(doc, (value, path) => {
      if (typeof value !== 'string') return;
      for (const { figure, token, pattern } of stated) {
        if (!pattern.test(value)) continue;
        problems.push({
          ...locate(path),
          message: `"${figure}" is written by hand, and {${token}} states it`,
          hint: `write {${token}} instead, so the text follows when the figure changes`,
          severity: 'warning',
        });
      }
      for (const { name, count, pattern } of counts) {
        const counted = pattern.exec(value)?.[0];
        if (!counted) continue;
        problems.push({
          ...locate(path),
          message: `"${counted}" counts the ${name} collection (${count} now), and is wrong once a record is added or removed`,
          hint: `write {${countToken(name)}} for the number, or say it without counting`,
          severity: 'warning',
        });
      }
    });
}
