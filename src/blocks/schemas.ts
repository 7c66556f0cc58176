/**
 * Block registry, schema side (build time and tests). One line per block.
 * `components.ts` is the browser side; its type makes a missing entry a compile error.
 */
import { schema as CallToAction } from './CallToAction/schema';
import { schema as CardGrid } from './CardGrid/schema';
import { schema as FAQ } from './FAQ/schema';
import { schema as Hero } from './Hero/schema';
import { schema as NotFound } from './NotFound/schema';
import { schema as Prose } from './Prose/schema';
import { schema as StatBand } from './StatBand/schema';

export const blockSchemas = [CallToAction, CardGrid, FAQ, Hero, NotFound, Prose, StatBand] as const;
