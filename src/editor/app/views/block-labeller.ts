/** Names a section in the editor's browser app, from the document's payload and the site's vocabulary (shared/change-words.ts words the rest). */
import type { DocumentPayload, SiteVocabulary } from '../../protocol';
import type { Labeller } from '../../shared/change-words';

/** Names a block by its type, a template page's section by its slot, a template's section by its block. */
export function blockLabeller(payload: DocumentPayload, vocabulary: SiteVocabulary): Labeller {
  const byType = new Map(vocabulary.blocks.map((block) => [block.type, block.label]));
  return (block: Record<string, unknown>) => {
    // Only block types: a record's own `type` ("Full-time") is no section.
    if (typeof block.type === 'string') return byType.get(block.type);
    if (typeof block.block === 'string') return byType.get(block.block);
    if (typeof block.slot === 'string') return payload.template?.sections.find((section) => section.slot === block.slot)?.label;
    return undefined;
  };
}
