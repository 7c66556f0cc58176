/**
 * A document as the documents list names it, for people who never see its file: a page by its title, a collection
 * as a shared list ("Plans (shared list)"), a template as a page template ("Use case (page template)"), the site
 * configuration as "Site settings". A page's address on the site goes in a column of its own.
 */
import type { DocumentSummary } from '../../protocol';

/** `_collections/pricing-faq.json` -> "Pricing faq". */
const wordsOf = (file: string) => {
  const words = file
    .replace(/^.*\//, '')
    .replace(/\.json$/, '')
    .replace(/-/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export function listedName(document: Pick<DocumentSummary, 'kind' | 'file' | 'title'>): string {
  switch (document.kind) {
    case 'site':
      return 'Site settings';
    case 'collection':
      return `${wordsOf(document.file)} (shared list)`;
    case 'template':
      return `${wordsOf(document.file)} (page template)`;
    case 'page':
      return document.title;
  }
}
