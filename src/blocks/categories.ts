/**
 * What each block is for, grouping the block gallery (/__blocks in development) and docs/blocks.md.
 * A block missing here still appears in both, under "Other blocks".
 */
const BLOCK_CATEGORIES: Record<string, string> = {
  Hero: 'Openings and closings',
  CallToAction: 'Openings and closings',
  NotFound: 'Openings and closings',
  CardGrid: 'Content sections',
  Checklist: 'Content sections',
  FeatureColumns: 'Content sections',
  Steps: 'Content sections',
  StatBand: 'Content sections',
  Prose: 'Content sections',
  SplitOptions: 'Content sections',
  Guardrails: 'Content sections',
  FAQ: 'Content sections',
  LogoStrip: 'Links and logos',
  LinkStrip: 'Links and logos',
  ComparisonTable: 'Comparisons and pricing',
  CostComparison: 'Comparisons and pricing',
  Pricing: 'Comparisons and pricing',
  UseCaseLibrary: 'Libraries fed by collections',
  JobListings: 'Libraries fed by collections',
  BannerLibrary: 'Libraries fed by collections',
  FloatingChat: 'Chat and overlays',
  ExitDialog: 'Chat and overlays',
  BrandPalette: 'Brand style guide',
  TypeScale: 'Brand style guide',
  ComponentShowcase: 'Brand style guide',
};

const OTHER_BLOCKS = 'Other blocks';

/** Block types grouped by category, categories in the order above, blocks alphabetically. */
export function blocksByCategory(types: readonly string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const category of [...new Set(Object.values(BLOCK_CATEGORIES)), OTHER_BLOCKS]) groups.set(category, []);
  for (const type of [...types].sort()) groups.get(BLOCK_CATEGORIES[type] ?? OTHER_BLOCKS)!.push(type);
  return [...groups].filter(([, list]) => list.length);
}
