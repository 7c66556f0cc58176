/**
 * How each block type takes over its prerendered HTML on a page's first load.
 *
 * Block types with no behaviour of their own: no state, no effects, no handlers.
 * When the browser takes over a prerendered page it keeps their server HTML as it is
 * and neither downloads nor runs their code (their links are ordinary links); they
 * render normally when a page is reached by client-side navigation.
 * A block that gains behaviour must leave this list, or its behaviour never starts.
 */
import type { Block } from '../engine/page-schema';

const STATIC_BLOCK_TYPES: ReadonlySet<string> = new Set<Block['type']>([
  'CardGrid',
  'Checklist',
  'ComparisonTable',
  'FeatureColumns',
  'Guardrails',
  'Hero',
  'LinkStrip',
  'LogoStrip',
  'Prose',
  'SplitOptions',
  'StatBand',
  'Steps',
]);

export const isStaticBlock = (type: string): boolean => STATIC_BLOCK_TYPES.has(type);

/**
 * Interactive block types that usually sit below the first screen. On first load they keep
 * their server HTML and fetch their code as they come within 600 px of the screen, or when the
 * visitor points at or focuses into them (see deferHydration); their code is not preloaded.
 */
const DEFERRED_BLOCK_TYPES: ReadonlySet<string> = new Set<Block['type']>(['CallToAction', 'FAQ', 'Pricing']);

export const isDeferredBlock = (type: string): boolean => DEFERRED_BLOCK_TYPES.has(type);

/** Whether a page's first load fetches the block's code (and hydrates it at once). */
export const hydratesWithPage = (type: string): boolean => !isStaticBlock(type) && !isDeferredBlock(type);
