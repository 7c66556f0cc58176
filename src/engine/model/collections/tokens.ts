/**
 * Figures kept in one collection and quoted elsewhere: `{plans.growth.price}` is the Growth plan's price ("$149"),
 * `{jobs.count}` how many jobs there are. A page that states them this way follows the collection when it changes.
 */
import { formatMoney, isMoney } from '../money';
import type { Collections } from './index';

/** `{<collection>.count}`: how many records a collection has. */
export const countToken = (collection: string) => `${collection}.count`;

/** The money figures of the collections as pages show them ("$149"), with the placeholder that states each. */
export function moneyFigures(collections: Partial<Collections>): [string, string][] {
  return Object.entries(collections).flatMap(([name, items]) =>
    ((items ?? []) as Record<string, unknown>[]).flatMap((item) =>
      Object.entries(item).flatMap(([field, value]) =>
        isMoney(value) ? [[formatMoney(value), `${name}.${String(item.id)}.${field}`]] : [],
      ),
    ),
  ) as [string, string][];
}

/** Each figure a collection states, by its placeholder: its count, and each record's text, number and money fields. */
function forEachFigure(collections: Partial<Collections>, visit: (token: string, value: unknown) => void) {
  for (const [name, items] of Object.entries(collections)) {
    visit(countToken(name), items?.length ?? 0);
    for (const item of (items ?? []) as Record<string, unknown>[])
      for (const [field, value] of Object.entries(item))
        if (typeof value === 'string' || typeof value === 'number' || isMoney(value)) visit(`${name}.${String(item.id)}.${field}`, value);
  }
}

/** Every collection figure by its placeholder; money in the page's locale (`de-DE`: "149 $"). */
export function collectionTokens(collections: Partial<Collections>, locale?: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  forEachFigure(collections, (token, value) => {
    tokens[token] = isMoney(value) ? formatMoney(value, { locale }) : String(value);
  });
  return tokens;
}

/** The placeholders of collectionTokens, without formatting a figure: what checking a document's placeholders needs. */
export function collectionTokenNames(collections: Partial<Collections>): string[] {
  const names: string[] = [];
  forEachFigure(collections, (token) => names.push(token));
  return names;
}
