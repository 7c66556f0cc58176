/**
 * A block's definition (`src/blocks/<Type>/block.ts`): everything about the block that is not its
 * fields (schema.ts), its look (<Type>.tsx) or its example (example.json). The generated registries
 * (src/blocks/generated/) read every folder's definition; nothing else lists blocks.
 */
import type { CollectionName, Collections } from '../engine/model/collections';
import type { JsonPath } from '../engine/model/problems';
import type { RenderContext } from '../engine/model/render-context';
import type { HydrationMode } from '../hydration/modes';
import type { IconName } from '../vocabulary/icon-names';
import type { BlockCategory } from './categories';

interface BlockAbout {
  /** The block's name for marketers: the gallery, the editor's palette and outline. */
  label: string;
  /** One line on what the block is for: docs/blocks.md, the JSON Schema editors show, the palette. */
  description: string;
  /** Its icon in the editor's palette and outline. */
  icon: IconName;
  category: BlockCategory;
  /**
   * How it hydrates on a prerendered page (src/hydration/README.md). 'none': no JavaScript at all, so
   * no state, effects or handlers (tests/unit/static-blocks.test.ts reads the source to check); it may
   * still contain islands of its own. Any other mode: the whole block is an island named after its type.
   */
  hydrate: 'none' | HydrationMode;
}

/** A mistake only the whole site shows (a plan a block names that does not exist), at a path of the block. */
export interface BlockProblem {
  path: JsonPath;
  message: string;
  hint: string;
}

/** What `npm run validate` checks a block against besides its schema. */
export interface CheckContext {
  collections: Collections;
}

export interface BlockDefinition<B, D extends object> extends BlockAbout {
  /** What the block shows besides its own fields, computed when the page renders (e.g. a collection's records). */
  data: (block: B, context: RenderContext) => D;
  /** Its own rules across the site, checked by validation (the schema checks each field). */
  check: (block: B, context: CheckContext) => BlockProblem[];
  /** The collections the block shows: a page with it shows them (the editor previews a collection on those pages). */
  collections: (block: B) => readonly CollectionName[];
  /**
   * Whether `collections` is all the block reads of the collections: it declared them, or it has no `data`. A block
   * with `data` and no declaration may read any collection, so an incremental publish re-renders its pages whenever
   * any collection changes (scripts/build/render-inputs.ts); `collections: []` says it reads none.
   */
  collectionsDeclared: boolean;
}

interface BlockOptions<B, D extends object> {
  data?: (block: B, context: RenderContext) => D;
  check?: (block: B, context: CheckContext) => BlockProblem[];
  /**
   * The collections (pages-json/_collections/<name>.json) the block shows, declared: `['plans']`, or a function of
   * the block's fields when only some blocks of the type show one (a link strip that lists the use cases).
   */
  collections?: readonly CollectionName[] | ((block: B) => readonly CollectionName[]);
}

const noData = () => ({});
const noProblems = () => [];
const none: readonly CollectionName[] = [];

/** Declares a block; with `data`, the component's props are the block's fields plus what `data` returns. */
export function defineBlock<B = unknown>(
  about: BlockAbout & Pick<BlockOptions<B, object>, 'check' | 'collections'>,
): BlockDefinition<B, object>;
export function defineBlock<B, D extends object>(
  about: BlockAbout & BlockOptions<B, D> & { data: (block: B, context: RenderContext) => D },
): BlockDefinition<B, D>;
export function defineBlock(about: BlockAbout & BlockOptions<never, object>) {
  const { collections } = about;
  return {
    ...about,
    data: about.data ?? noData,
    check: about.check ?? noProblems,
    collections: typeof collections === 'function' ? collections : () => collections ?? none,
    collectionsDeclared: collections !== undefined || about.data === undefined,
  };
}
