import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Prose',
  description: 'Long-form text: legal documents, company story',
  icon: 'document',
  category: 'content',
  hydrate: 'none',
});
