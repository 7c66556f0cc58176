/** Figures kept in one collection and quoted elsewhere: `{plans.growth.price}` is the Growth plan's price. */
import type { Collections } from './index';

export function collectionTokens(collections: Partial<Collections>): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [name, items] of Object.entries(collections)) {
    for (const item of (items ?? []) as Record<string, unknown>[]) {
      for (const [field, value] of Object.entries(item)) {
        if (typeof value === 'string' || typeof value === 'number') tokens[`${name}.${String(item.id)}.${field}`] = String(value);
      }
    }
  }
  return tokens;
}
