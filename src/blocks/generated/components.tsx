/**
 * Every block as the renderer draws it: its component, its definition and its props, with their types (no casts).
 * Generated from the folders in src/blocks/ by `npm run generate` (`npm run dev` keeps it current); do not edit.
 */
import type { AnyBlock } from './blocks';
import type { RenderContext } from '../../engine/model/render-context';
import { BannerLibrary } from '../BannerLibrary/BannerLibrary';
import { BrandPalette } from '../BrandPalette/BrandPalette';
import { CallToAction } from '../CallToAction/CallToAction';
import { CardGrid } from '../CardGrid/CardGrid';
import { Checklist } from '../Checklist/Checklist';
import { ComparisonTable } from '../ComparisonTable/ComparisonTable';
import { ComponentShowcase } from '../ComponentShowcase/ComponentShowcase';
import { CostComparison } from '../CostComparison/CostComparison';
import { ExitDialog } from '../ExitDialog/ExitDialog';
import { FAQ } from '../FAQ/FAQ';
import { FeatureColumns } from '../FeatureColumns/FeatureColumns';
import { FloatingChat } from '../FloatingChat/FloatingChat';
import { Guardrails } from '../Guardrails/Guardrails';
import { Hero } from '../Hero/Hero';
import { JobListings } from '../JobListings/JobListings';
import { LinkStrip } from '../LinkStrip/LinkStrip';
import { LogoStrip } from '../LogoStrip/LogoStrip';
import { NotFound } from '../NotFound/NotFound';
import { Pricing } from '../Pricing/Pricing';
import { Prose } from '../Prose/Prose';
import { SplitOptions } from '../SplitOptions/SplitOptions';
import { StatBand } from '../StatBand/StatBand';
import { Steps } from '../Steps/Steps';
import { TypeScale } from '../TypeScale/TypeScale';
import { UseCaseLibrary } from '../UseCaseLibrary/UseCaseLibrary';
import { renderable, type Renderable, type Resolve } from '../renderable';
import { blockDefinitions as definitions } from './blocks';

/** The block ready to render: its component, its props (fields, data, links and placeholders resolved) and its hydration. */
export function blockRenderable(block: AnyBlock, context: RenderContext, resolve: Resolve): Renderable {
  switch (block.type) {
    case 'BannerLibrary':
      return renderable(BannerLibrary, definitions.BannerLibrary, block, context, resolve);
    case 'BrandPalette':
      return renderable(BrandPalette, definitions.BrandPalette, block, context, resolve);
    case 'CallToAction':
      return renderable(CallToAction, definitions.CallToAction, block, context, resolve);
    case 'CardGrid':
      return renderable(CardGrid, definitions.CardGrid, block, context, resolve);
    case 'Checklist':
      return renderable(Checklist, definitions.Checklist, block, context, resolve);
    case 'ComparisonTable':
      return renderable(ComparisonTable, definitions.ComparisonTable, block, context, resolve);
    case 'ComponentShowcase':
      return renderable(ComponentShowcase, definitions.ComponentShowcase, block, context, resolve);
    case 'CostComparison':
      return renderable(CostComparison, definitions.CostComparison, block, context, resolve);
    case 'ExitDialog':
      return renderable(ExitDialog, definitions.ExitDialog, block, context, resolve);
    case 'FAQ':
      return renderable(FAQ, definitions.FAQ, block, context, resolve);
    case 'FeatureColumns':
      return renderable(FeatureColumns, definitions.FeatureColumns, block, context, resolve);
    case 'FloatingChat':
      return renderable(FloatingChat, definitions.FloatingChat, block, context, resolve);
    case 'Guardrails':
      return renderable(Guardrails, definitions.Guardrails, block, context, resolve);
    case 'Hero':
      return renderable(Hero, definitions.Hero, block, context, resolve);
    case 'JobListings':
      return renderable(JobListings, definitions.JobListings, block, context, resolve);
    case 'LinkStrip':
      return renderable(LinkStrip, definitions.LinkStrip, block, context, resolve);
    case 'LogoStrip':
      return renderable(LogoStrip, definitions.LogoStrip, block, context, resolve);
    case 'NotFound':
      return renderable(NotFound, definitions.NotFound, block, context, resolve);
    case 'Pricing':
      return renderable(Pricing, definitions.Pricing, block, context, resolve);
    case 'Prose':
      return renderable(Prose, definitions.Prose, block, context, resolve);
    case 'SplitOptions':
      return renderable(SplitOptions, definitions.SplitOptions, block, context, resolve);
    case 'StatBand':
      return renderable(StatBand, definitions.StatBand, block, context, resolve);
    case 'Steps':
      return renderable(Steps, definitions.Steps, block, context, resolve);
    case 'TypeScale':
      return renderable(TypeScale, definitions.TypeScale, block, context, resolve);
    case 'UseCaseLibrary':
      return renderable(UseCaseLibrary, definitions.UseCaseLibrary, block, context, resolve);
  }
}
