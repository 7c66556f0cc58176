import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Checklist',
  description: 'A section with a list of short items, each with a check mark: capabilities, compliance rules, use cases',
  icon: 'check',
  category: 'content',
  hydrate: 'none',
});
