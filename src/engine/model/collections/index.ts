/**
 * Collections: repeated records that are not pages, each in pages-json/_collections/<name>.json as
 * { "items": [...] }, validated like pages (zod for worded errors, ajv against the generated schema).
 */
import { z } from 'zod';
import { schemaReference } from '../fields';
import { bannerAdItem, bannerAdList } from './banner-ads';
import { jobItem } from './jobs';
import { planItem, planList } from './plans';
import { useCaseItem } from './use-cases';

export const collectionItemSchemas = {
  'use-cases': useCaseItem,
  plans: planItem,
  jobs: jobItem,
  'banner-ads': bannerAdItem,
} as const;

export type CollectionName = keyof typeof collectionItemSchemas;
export const COLLECTION_NAMES = Object.keys(collectionItemSchemas) as CollectionName[];
export type Collections = { [N in CollectionName]: z.infer<(typeof collectionItemSchemas)[N]>[] };

export const COLLECTIONS_DIR = '_collections';
export const collectionFile = (name: CollectionName) => `${COLLECTIONS_DIR}/${name}.json`;

/**
 * Rules about a collection's records together (the JSON Schema checks each record; these are worded by zod).
 * Every collection's ids are unique: validation (src/engine/load/load-content.ts) refuses a record stated twice,
 * in its file or by a page, naming the file, the item and its id field.
 */
const listSchemas: Partial<Record<CollectionName, z.ZodType<unknown[]>>> = { plans: planList, 'banner-ads': bannerAdList };

function makeCollectionFileSchema<N extends CollectionName>(name: N) {
  const items = (listSchemas[name] ?? z.array(collectionItemSchemas[name])) as z.ZodType<Collections[N]>;
  return z
    .object({
      $schema: schemaReference,
      items: items.meta({ description: 'The records, in the order lists show them', label: 'Records' }),
    })
    .strict();
}

/** Made once per collection: checking the content asks for it in every language. */
const fileSchemas = new Map<CollectionName, ReturnType<typeof makeCollectionFileSchema>>();
export function collectionFileSchema<N extends CollectionName>(name: N): ReturnType<typeof makeCollectionFileSchema<N>> {
  if (!fileSchemas.has(name)) fileSchemas.set(name, makeCollectionFileSchema(name));
  return fileSchemas.get(name) as ReturnType<typeof makeCollectionFileSchema<N>>;
}
