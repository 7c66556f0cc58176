/**
 * What blocks are for: each block's definition (its block.ts) names one of these, and the block
 * gallery (/__blocks in development), docs/blocks.md and the editor's palette group blocks by them,
 * in this order.
 */
const BLOCK_CATEGORIES = {
  openings: 'Openings and closings',
  content: 'Content sections',
  links: 'Links and logos',
  comparisons: 'Comparisons and pricing',
  libraries: 'Libraries fed by collections',
  overlays: 'Chat and overlays',
  brand: 'Brand style guide',
} as const;

export type BlockCategory = keyof typeof BLOCK_CATEGORIES;

/** Block types grouped by category label, categories in the order above, blocks alphabetically. */
export function blocksByCategory<T extends string>(definitions: Readonly<Record<T, { category: BlockCategory }>>): [string, T[]][] {
  const types = (Object.keys(definitions) as T[]).sort();
  return Object.entries(BLOCK_CATEGORIES).flatMap(([category, label]) => {
    const inCategory = types.filter((type) => definitions[type].category === category);
    return inCategory.length ? [[label, inCategory] as [string, T[]]] : [];
  });
}
