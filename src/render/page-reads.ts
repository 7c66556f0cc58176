/**
 * The collections a page's rendering reads, so an incremental publish re-renders a page when one of them changes and
 * only then (scripts/build/render-inputs.ts): those its blocks declare (`collections` in src/blocks/<Type>/block.ts;
 * every one for a block with `data` that declares none), those its JSON-LD reads, and those its text quotes
 * (`{plans.growth.price}`); then, as a block's data is resolved too, those the records it reads quote, and so on.
 * Everything else a page draws on (its document, the site data, the routes, the code) is in its inputs whole.
 */
import { blockDefinitions, collectionsShownBy } from '../blocks/generated/blocks';
import { COLLECTION_NAMES, type CollectionName, type Collections } from '../engine/model/collections';
import type { PageDoc } from '../engine/load/page-schema';
import { TOKEN_PATTERN } from '../engine/model/resolve';
import { collectionsInStructuredData } from './structured-data';

const isCollection = (name: string): name is CollectionName => (COLLECTION_NAMES as readonly string[]).includes(name);

/** Adds to `into` each collection a text of `value` quotes (`{plans.growth.price}`, `{jobs.count}`). */
function addQuoted(value: unknown, into: Set<CollectionName>) {
  if (typeof value === 'string') {
    if (!value.includes('{')) return;
    for (const [, token] of value.matchAll(TOKEN_PATTERN)) {
      const [name] = token.split('.');
      if (isCollection(name)) into.add(name);
    }
  } else if (Array.isArray(value)) value.forEach((item) => addQuoted(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => addQuoted(item, into));
}

/** The collections the page reads when it renders with `collections` (its language's), sorted. */
export function collectionsReadBy(doc: PageDoc, collections: Collections): CollectionName[] {
  const read = new Set<CollectionName>(collectionsInStructuredData(doc));
  for (const block of doc.blocks) {
    const declared = blockDefinitions[block.type].collectionsDeclared;
    for (const name of declared ? collectionsShownBy(block) : COLLECTION_NAMES) read.add(name);
  }
  addQuoted(doc, read);
  // A record's text is resolved as the page's is: a use case quoting a plan's price brings the plans in.
  const pending = [...read];
  while (pending.length) {
    const quoted = new Set<CollectionName>();
    addQuoted(collections[pending.pop()!], quoted);
    for (const name of quoted) {
      if (read.has(name)) continue;
      read.add(name);
      pending.push(name);
    }
  }
  return [...read].sort();
}
