/**
 * Every block: its schema (zod) and its definition. Plain Node: validation loads it; no component here.
 * Generated from the folders in src/blocks/ by `npm run generate` (`npm run dev` keeps it current); do not edit.
 */
import type { z } from 'zod';
import type { CollectionName } from '../../engine/model/collections';
import type { BlockProblem, CheckContext } from '../define-block';
import BannerLibraryDefinition from '../BannerLibrary/block';
import { schema as BannerLibrarySchema } from '../BannerLibrary/schema';
import BrandPaletteDefinition from '../BrandPalette/block';
import { schema as BrandPaletteSchema } from '../BrandPalette/schema';
import CallToActionDefinition from '../CallToAction/block';
import { schema as CallToActionSchema } from '../CallToAction/schema';
import CardGridDefinition from '../CardGrid/block';
import { schema as CardGridSchema } from '../CardGrid/schema';
import ChecklistDefinition from '../Checklist/block';
import { schema as ChecklistSchema } from '../Checklist/schema';
import ComparisonTableDefinition from '../ComparisonTable/block';
import { schema as ComparisonTableSchema } from '../ComparisonTable/schema';
import ComponentShowcaseDefinition from '../ComponentShowcase/block';
import { schema as ComponentShowcaseSchema } from '../ComponentShowcase/schema';
import CostComparisonDefinition from '../CostComparison/block';
import { schema as CostComparisonSchema } from '../CostComparison/schema';
import ExitDialogDefinition from '../ExitDialog/block';
import { schema as ExitDialogSchema } from '../ExitDialog/schema';
import FAQDefinition from '../FAQ/block';
import { schema as FAQSchema } from '../FAQ/schema';
import FeatureColumnsDefinition from '../FeatureColumns/block';
import { schema as FeatureColumnsSchema } from '../FeatureColumns/schema';
import FloatingChatDefinition from '../FloatingChat/block';
import { schema as FloatingChatSchema } from '../FloatingChat/schema';
import GuardrailsDefinition from '../Guardrails/block';
import { schema as GuardrailsSchema } from '../Guardrails/schema';
import HeroDefinition from '../Hero/block';
import { schema as HeroSchema } from '../Hero/schema';
import JobListingsDefinition from '../JobListings/block';
import { schema as JobListingsSchema } from '../JobListings/schema';
import LinkStripDefinition from '../LinkStrip/block';
import { schema as LinkStripSchema } from '../LinkStrip/schema';
import LogoStripDefinition from '../LogoStrip/block';
import { schema as LogoStripSchema } from '../LogoStrip/schema';
import NotFoundDefinition from '../NotFound/block';
import { schema as NotFoundSchema } from '../NotFound/schema';
import PricingDefinition from '../Pricing/block';
import { schema as PricingSchema } from '../Pricing/schema';
import ProseDefinition from '../Prose/block';
import { schema as ProseSchema } from '../Prose/schema';
import SplitOptionsDefinition from '../SplitOptions/block';
import { schema as SplitOptionsSchema } from '../SplitOptions/schema';
import StatBandDefinition from '../StatBand/block';
import { schema as StatBandSchema } from '../StatBand/schema';
import StepsDefinition from '../Steps/block';
import { schema as StepsSchema } from '../Steps/schema';
import TypeScaleDefinition from '../TypeScale/block';
import { schema as TypeScaleSchema } from '../TypeScale/schema';
import UseCaseLibraryDefinition from '../UseCaseLibrary/block';
import { schema as UseCaseLibrarySchema } from '../UseCaseLibrary/schema';

/** Every block schema, alphabetically: the page schema is their discriminated union on `type`. */
export const blockSchemas = [
  BannerLibrarySchema,
  BrandPaletteSchema,
  CallToActionSchema,
  CardGridSchema,
  ChecklistSchema,
  ComparisonTableSchema,
  ComponentShowcaseSchema,
  CostComparisonSchema,
  ExitDialogSchema,
  FAQSchema,
  FeatureColumnsSchema,
  FloatingChatSchema,
  GuardrailsSchema,
  HeroSchema,
  JobListingsSchema,
  LinkStripSchema,
  LogoStripSchema,
  NotFoundSchema,
  PricingSchema,
  ProseSchema,
  SplitOptionsSchema,
  StatBandSchema,
  StepsSchema,
  TypeScaleSchema,
  UseCaseLibrarySchema,
] as const;

/** Every block definition (label, description, icon, category, hydration, data, checks, collections shown), by type. */
export const blockDefinitions = {
  BannerLibrary: BannerLibraryDefinition,
  BrandPalette: BrandPaletteDefinition,
  CallToAction: CallToActionDefinition,
  CardGrid: CardGridDefinition,
  Checklist: ChecklistDefinition,
  ComparisonTable: ComparisonTableDefinition,
  ComponentShowcase: ComponentShowcaseDefinition,
  CostComparison: CostComparisonDefinition,
  ExitDialog: ExitDialogDefinition,
  FAQ: FAQDefinition,
  FeatureColumns: FeatureColumnsDefinition,
  FloatingChat: FloatingChatDefinition,
  Guardrails: GuardrailsDefinition,
  Hero: HeroDefinition,
  JobListings: JobListingsDefinition,
  LinkStrip: LinkStripDefinition,
  LogoStrip: LogoStripDefinition,
  NotFound: NotFoundDefinition,
  Pricing: PricingDefinition,
  Prose: ProseDefinition,
  SplitOptions: SplitOptionsDefinition,
  StatBand: StatBandDefinition,
  Steps: StepsDefinition,
  TypeScale: TypeScaleDefinition,
  UseCaseLibrary: UseCaseLibraryDefinition,
};

/** A block as a page states it. */
export type AnyBlock = z.infer<(typeof blockSchemas)[number]>;

/** What `npm run validate` finds wrong with a block across the site (its definition's check). */
export function blockProblems(block: AnyBlock, context: CheckContext): BlockProblem[] {
  switch (block.type) {
    case 'BannerLibrary':
      return blockDefinitions.BannerLibrary.check(block, context);
    case 'BrandPalette':
      return blockDefinitions.BrandPalette.check(block, context);
    case 'CallToAction':
      return blockDefinitions.CallToAction.check(block, context);
    case 'CardGrid':
      return blockDefinitions.CardGrid.check(block, context);
    case 'Checklist':
      return blockDefinitions.Checklist.check(block, context);
    case 'ComparisonTable':
      return blockDefinitions.ComparisonTable.check(block, context);
    case 'ComponentShowcase':
      return blockDefinitions.ComponentShowcase.check(block, context);
    case 'CostComparison':
      return blockDefinitions.CostComparison.check(block, context);
    case 'ExitDialog':
      return blockDefinitions.ExitDialog.check(block, context);
    case 'FAQ':
      return blockDefinitions.FAQ.check(block, context);
    case 'FeatureColumns':
      return blockDefinitions.FeatureColumns.check(block, context);
    case 'FloatingChat':
      return blockDefinitions.FloatingChat.check(block, context);
    case 'Guardrails':
      return blockDefinitions.Guardrails.check(block, context);
    case 'Hero':
      return blockDefinitions.Hero.check(block, context);
    case 'JobListings':
      return blockDefinitions.JobListings.check(block, context);
    case 'LinkStrip':
      return blockDefinitions.LinkStrip.check(block, context);
    case 'LogoStrip':
      return blockDefinitions.LogoStrip.check(block, context);
    case 'NotFound':
      return blockDefinitions.NotFound.check(block, context);
    case 'Pricing':
      return blockDefinitions.Pricing.check(block, context);
    case 'Prose':
      return blockDefinitions.Prose.check(block, context);
    case 'SplitOptions':
      return blockDefinitions.SplitOptions.check(block, context);
    case 'StatBand':
      return blockDefinitions.StatBand.check(block, context);
    case 'Steps':
      return blockDefinitions.Steps.check(block, context);
    case 'TypeScale':
      return blockDefinitions.TypeScale.check(block, context);
    case 'UseCaseLibrary':
      return blockDefinitions.UseCaseLibrary.check(block, context);
  }
}

/** The collections a block shows (its definition's `collections`): a page with it shows them. */
export function collectionsShownBy(block: AnyBlock): readonly CollectionName[] {
  switch (block.type) {
    case 'BannerLibrary':
      return blockDefinitions.BannerLibrary.collections(block);
    case 'BrandPalette':
      return blockDefinitions.BrandPalette.collections(block);
    case 'CallToAction':
      return blockDefinitions.CallToAction.collections(block);
    case 'CardGrid':
      return blockDefinitions.CardGrid.collections(block);
    case 'Checklist':
      return blockDefinitions.Checklist.collections(block);
    case 'ComparisonTable':
      return blockDefinitions.ComparisonTable.collections(block);
    case 'ComponentShowcase':
      return blockDefinitions.ComponentShowcase.collections(block);
    case 'CostComparison':
      return blockDefinitions.CostComparison.collections(block);
    case 'ExitDialog':
      return blockDefinitions.ExitDialog.collections(block);
    case 'FAQ':
      return blockDefinitions.FAQ.collections(block);
    case 'FeatureColumns':
      return blockDefinitions.FeatureColumns.collections(block);
    case 'FloatingChat':
      return blockDefinitions.FloatingChat.collections(block);
    case 'Guardrails':
      return blockDefinitions.Guardrails.collections(block);
    case 'Hero':
      return blockDefinitions.Hero.collections(block);
    case 'JobListings':
      return blockDefinitions.JobListings.collections(block);
    case 'LinkStrip':
      return blockDefinitions.LinkStrip.collections(block);
    case 'LogoStrip':
      return blockDefinitions.LogoStrip.collections(block);
    case 'NotFound':
      return blockDefinitions.NotFound.collections(block);
    case 'Pricing':
      return blockDefinitions.Pricing.collections(block);
    case 'Prose':
      return blockDefinitions.Prose.collections(block);
    case 'SplitOptions':
      return blockDefinitions.SplitOptions.collections(block);
    case 'StatBand':
      return blockDefinitions.StatBand.collections(block);
    case 'Steps':
      return blockDefinitions.Steps.collections(block);
    case 'TypeScale':
      return blockDefinitions.TypeScale.collections(block);
    case 'UseCaseLibrary':
      return blockDefinitions.UseCaseLibrary.collections(block);
  }
}
