/**
 * Block registry, schema side (build time and tests). One line per block.
 * `components.ts` is the browser side; its type makes a missing entry a compile error.
 */
import { schema as BannerLibrary } from './BannerLibrary/schema';
import { schema as BrandPalette } from './BrandPalette/schema';
import { schema as CallToAction } from './CallToAction/schema';
import { schema as CardGrid } from './CardGrid/schema';
import { schema as Checklist } from './Checklist/schema';
import { schema as ComparisonTable } from './ComparisonTable/schema';
import { schema as ComponentShowcase } from './ComponentShowcase/schema';
import { schema as CostComparison } from './CostComparison/schema';
import { schema as FAQ } from './FAQ/schema';
import { schema as Hero } from './Hero/schema';
import { schema as JobListings } from './JobListings/schema';
import { schema as NotFound } from './NotFound/schema';
import { schema as Prose } from './Prose/schema';
import { schema as StatBand } from './StatBand/schema';
import { schema as FeatureColumns } from './FeatureColumns/schema';
import { schema as Guardrails } from './Guardrails/schema';
import { schema as LinkStrip } from './LinkStrip/schema';
import { schema as LogoStrip } from './LogoStrip/schema';
import { schema as Pricing } from './Pricing/schema';
import { schema as SplitOptions } from './SplitOptions/schema';
import { schema as Steps } from './Steps/schema';
import { schema as TypeScale } from './TypeScale/schema';
import { schema as UseCaseLibrary } from './UseCaseLibrary/schema';
import { schema as FloatingChat } from './FloatingChat/schema';
import { schema as ExitDialog } from './ExitDialog/schema';

export const blockSchemas = [
  BannerLibrary,
  BrandPalette,
  CallToAction,
  CardGrid,
  Checklist,
  ComparisonTable,
  ComponentShowcase,
  CostComparison,
  FAQ,
  Hero,
  JobListings,
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
  TypeScale,
  UseCaseLibrary,
  FloatingChat,
  ExitDialog,
] as const;
