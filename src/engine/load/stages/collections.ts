/**
 * Stage 3: the collections, from their files; pages on a template add their records later (expand-pages.ts), through
 * the same `add`, so a record stated twice is named wherever it is.
 */
import {
  collectionFile,
  collectionFileSchema,
  COLLECTION_NAMES,
  COLLECTIONS_DIR,
  type CollectionName,
  type Collections,
} from '../../model/collections';
import { fileProblem, locate, problemAt, type JsonPath, type Problem, type SourceDocument } from '../../model/problems';
import { checkDocument } from '../documents/check-document';
import type { DocumentValidators } from './document-validators';
import type { ReadDocuments } from './read-documents';

export interface LoadedCollections {
  collections: Collections;
  /** Adds a record stated at `path` of `source`, unless its collection has one with its id already (a problem). */
  add: (name: CollectionName, item: { id: string }, source: SourceDocument, path: JsonPath) => void;
}

export function loadCollections(read: ReadDocuments, validators: DocumentValidators, problems: Problem[]): LoadedCollections {
  const { files, sources, sourceOf, display } = read;
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []])) as unknown as Collections;
  const statedAt = new Map<string, string>(); // `${collection}:${id}` -> where it is stated
  const add: LoadedCollections['add'] = (name, item, source, path) => {
    const key = `${name}:${item.id}`;
    const earlier = statedAt.get(key);
    if (earlier) {
      problems.push(
        problemAt(source, [...path, 'id'], `the ${name} record "${item.id}" is stated twice`, {
          hint: `it is also in ${earlier}; keep one`,
        }),
      );
      return;
    }
    const { file, where } = locate(source, path);
    statedAt.set(key, `${file} ${where}`);
    (collections[name] as { id: string }[]).push(item);
  };
  for (const name of COLLECTION_NAMES) {
    const file = collectionFile(name);
    if (!sources.has(file)) continue;
    const doc = checkDocument(collectionFileSchema(name), validators.collection(name), sourceOf(file), problems);
    doc?.items.forEach((item, index) => add(name, item, sourceOf(file), ['items', index]));
  }
  for (const file of files) {
    if (file.startsWith(`${COLLECTIONS_DIR}/`) && !(COLLECTION_NAMES as string[]).includes(file.slice(COLLECTIONS_DIR.length + 1, -5)))
      problems.push(fileProblem(display(file), 'not a known collection', `collections: ${COLLECTION_NAMES.join(', ')}`));
  }
  return { collections, add };
}
