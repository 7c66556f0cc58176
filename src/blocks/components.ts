/**
 * Block registry, render side (server only: the prerenderer and the dev server). One line per
 * block: its component and how it hydrates on a prerendered page (src/hydration/README.md):
 * - 'none': no JavaScript at all. The block must have no state, effects or handlers (checked by
 *   tests/unit/static-blocks.test.ts); it may still contain islands of its own (a video button).
 * - any other mode: the whole block is an island named after its type (src/islands.ts).
 * Kept apart from `schemas.ts` so validation (plain Node) never loads components or CSS.
 */
import type { ComponentType } from 'react';
import type { HydrationMode } from '../hydration/modes';
import type { Block } from '../engine/page-schema';
import { CallToAction } from './CallToAction/CallToAction';
import { CardGrid } from './CardGrid/CardGrid';
import { Checklist } from './Checklist/Checklist';
import { ComparisonTable } from './ComparisonTable/ComparisonTable';
import { ExitDialog } from './ExitDialog/ExitDialog';
import { FAQ } from './FAQ/FAQ';
import { FeatureColumns } from './FeatureColumns/FeatureColumns';
import { FloatingChat } from './FloatingChat/FloatingChat';
import { Guardrails } from './Guardrails/Guardrails';
import { Hero } from './Hero/Hero';
import { LinkStrip } from './LinkStrip/LinkStrip';
import { LogoStrip } from './LogoStrip/LogoStrip';
import { NotFound } from './NotFound/NotFound';
import { Pricing } from './Pricing/Pricing';
import { Prose } from './Prose/Prose';
import { SplitOptions } from './SplitOptions/SplitOptions';
import { StatBand } from './StatBand/StatBand';
import { Steps } from './Steps/Steps';

type BlockType = Block['type'];
type BlockHydration = 'none' | HydrationMode;

export type BlockRegistration<T extends BlockType = BlockType> = {
  component: ComponentType<Extract<Block, { type: T }>>;
  hydrate: BlockHydration;
};

/** The mapped type fails to compile when a registered schema has no component. */
export const blockComponents: { [T in BlockType]: BlockRegistration<T> } = {
  CallToAction: { component: CallToAction, hydrate: 'none' },
  CardGrid: { component: CardGrid, hydrate: 'none' },
  Checklist: { component: Checklist, hydrate: 'none' },
  ComparisonTable: { component: ComparisonTable, hydrate: 'none' },
  ExitDialog: { component: ExitDialog, hydrate: 'load' },
  FAQ: { component: FAQ, hydrate: 'visible' },
  FeatureColumns: { component: FeatureColumns, hydrate: 'none' },
  FloatingChat: { component: FloatingChat, hydrate: 'load' },
  Guardrails: { component: Guardrails, hydrate: 'none' },
  Hero: { component: Hero, hydrate: 'none' },
  LinkStrip: { component: LinkStrip, hydrate: 'none' },
  LogoStrip: { component: LogoStrip, hydrate: 'none' },
  NotFound: { component: NotFound, hydrate: 'load' },
  Pricing: { component: Pricing, hydrate: 'visible' },
  Prose: { component: Prose, hydrate: 'none' },
  SplitOptions: { component: SplitOptions, hydrate: 'none' },
  StatBand: { component: StatBand, hydrate: 'none' },
  Steps: { component: Steps, hydrate: 'none' },
};

export const blockRegistration = <T extends BlockType>(type: T) => blockComponents[type] as unknown as BlockRegistration;
