/**
 * Block registry, component side: block type -> React component.
 * Kept apart from `schemas.ts` so zod never reaches the browser bundle; the
 * mapped type below fails to compile when a registered schema has no component.
 */
import type { ComponentType } from 'react';
import type { Block } from '../engine/page-schema';
import { CallToAction } from './CallToAction/CallToAction';
import { CardGrid } from './CardGrid/CardGrid';
import { Checklist } from './Checklist/Checklist';
import { ComparisonTable } from './ComparisonTable/ComparisonTable';
import { FAQ } from './FAQ/FAQ';
import { Hero } from './Hero/Hero';
import { NotFound } from './NotFound/NotFound';
import { Prose } from './Prose/Prose';
import { StatBand } from './StatBand/StatBand';
import { FeatureColumns } from './FeatureColumns/FeatureColumns';
import { Guardrails } from './Guardrails/Guardrails';
import { LinkStrip } from './LinkStrip/LinkStrip';
import { LogoStrip } from './LogoStrip/LogoStrip';
import { Pricing } from './Pricing/Pricing';
import { SplitOptions } from './SplitOptions/SplitOptions';
import { Steps } from './Steps/Steps';
import { FloatingChat } from './FloatingChat/FloatingChat';
import { ExitDialog } from './ExitDialog/ExitDialog';

export type BlockComponents = { [T in Block['type']]: ComponentType<Extract<Block, { type: T }>> };

export const blockComponents: BlockComponents = {
  CallToAction,
  CardGrid,
  Checklist,
  ComparisonTable,
  FAQ,
  Hero,
  NotFound,
  Prose,
  StatBand,
  FeatureColumns,
  Guardrails,
  LinkStrip,
  LogoStrip,
  Pricing,
  SplitOptions,
  Steps,
  FloatingChat,
  ExitDialog,
};
