/**
 * Block registry, render side (server only: the prerenderer and the dev server). One line per
 * block: its component and how it hydrates on a prerendered page (src/hydration/README.md):
 * - 'none': no JavaScript at all. The block must have no state, effects or handlers (checked by
 *   tests/unit/static-blocks.test.ts); it may still contain islands of its own (a video button).
 * - any other mode: the whole block is an island named after its type (src/islands.ts).
 * Kept apart from `schemas.ts` so validation (plain Node) never loads components or CSS.
 */
import type { ComponentType } from 'react';
import type { Block } from '../engine/page-schema';
import type { RenderContext } from '../engine/render-context';
import type { HydrationMode } from '../hydration/modes';
import { BANNER_PERSONAS } from '../engine/collections/banner-ads';
import { BannerLibrary } from './BannerLibrary/BannerLibrary';
import { BrandPalette } from './BrandPalette/BrandPalette';
import { CallToAction } from './CallToAction/CallToAction';
import { CardGrid } from './CardGrid/CardGrid';
import { Checklist } from './Checklist/Checklist';
import { ComparisonTable } from './ComparisonTable/ComparisonTable';
import { ComponentShowcase } from './ComponentShowcase/ComponentShowcase';
import { CostComparison } from './CostComparison/CostComparison';
import { ExitDialog } from './ExitDialog/ExitDialog';
import { FAQ } from './FAQ/FAQ';
import { FeatureColumns } from './FeatureColumns/FeatureColumns';
import { FloatingChat } from './FloatingChat/FloatingChat';
import { Guardrails } from './Guardrails/Guardrails';
import { Hero } from './Hero/Hero';
import { JobListings } from './JobListings/JobListings';
import { LinkStrip } from './LinkStrip/LinkStrip';
import { useCaseItems } from './LinkStrip/use-case-data';
import { LogoStrip } from './LogoStrip/LogoStrip';
import { NotFound } from './NotFound/NotFound';
import { Pricing } from './Pricing/Pricing';
import { Prose } from './Prose/Prose';
import { SplitOptions } from './SplitOptions/SplitOptions';
import { StatBand } from './StatBand/StatBand';
import { Steps } from './Steps/Steps';
import { TypeScale } from './TypeScale/TypeScale';
import { libraryData } from './UseCaseLibrary/library-data';
import { UseCaseLibrary } from './UseCaseLibrary/UseCaseLibrary';

type BlockType = Block['type'];
type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
type BlockHydration = 'none' | HydrationMode;

export interface BlockRegistration<T extends BlockType = BlockType, D extends object = object> {
  component: ComponentType<BlockOf<T> & D>;
  hydrate: BlockHydration;
  /** What the block shows besides its own fields, computed when the page renders (e.g. a collection's records). */
  data?: (block: BlockOf<T>, context: RenderContext) => D;
}

/** Declares a block with data drawn from the render context; the component's props are the block plus that data. */
const withData = <T extends BlockType, D extends object>(registration: BlockRegistration<T, D>) =>
  registration as unknown as BlockRegistration<T>;

/** The mapped type fails to compile when a registered schema has no component. */
export const blockComponents: { [T in BlockType]: BlockRegistration<T> } = {
  BannerLibrary: withData({
    component: BannerLibrary,
    hydrate: 'none',
    data: (_, { collections }) => ({ ads: collections['banner-ads'], personas: [...BANNER_PERSONAS] }),
  }),
  BrandPalette: { component: BrandPalette, hydrate: 'none' },
  CallToAction: { component: CallToAction, hydrate: 'none' },
  CardGrid: { component: CardGrid, hydrate: 'none' },
  Checklist: { component: Checklist, hydrate: 'none' },
  ComparisonTable: { component: ComparisonTable, hydrate: 'none' },
  ComponentShowcase: { component: ComponentShowcase, hydrate: 'none' },
  CostComparison: { component: CostComparison, hydrate: 'none' },
  ExitDialog: { component: ExitDialog, hydrate: 'load' },
  FAQ: { component: FAQ, hydrate: 'visible' },
  FeatureColumns: { component: FeatureColumns, hydrate: 'none' },
  FloatingChat: { component: FloatingChat, hydrate: 'load' },
  Guardrails: { component: Guardrails, hydrate: 'none' },
  Hero: { component: Hero, hydrate: 'none' },
  JobListings: withData({ component: JobListings, hydrate: 'none', data: (_, { collections }) => ({ jobs: collections.jobs }) }),
  LinkStrip: withData({ component: LinkStrip, hydrate: 'none', data: useCaseItems }),
  LogoStrip: { component: LogoStrip, hydrate: 'none' },
  NotFound: { component: NotFound, hydrate: 'load' },
  Pricing: withData({ component: Pricing, hydrate: 'visible', data: (_, { collections }) => ({ plans: collections.plans }) }),
  Prose: { component: Prose, hydrate: 'none' },
  SplitOptions: { component: SplitOptions, hydrate: 'none' },
  StatBand: { component: StatBand, hydrate: 'none' },
  Steps: { component: Steps, hydrate: 'none' },
  TypeScale: { component: TypeScale, hydrate: 'none' },
  UseCaseLibrary: withData({ component: UseCaseLibrary, hydrate: 'none', data: libraryData }),
};

export const blockRegistration = (type: BlockType) => blockComponents[type] as unknown as BlockRegistration;

/** The props a block renders with: its fields, plus its data from the render context. */
export function blockProps(block: Block, context: RenderContext): Block {
  const { data } = blockRegistration(block.type);
  return data ? { ...block, ...data(block, context) } : block;
}
