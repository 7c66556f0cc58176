/**
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
