import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Guardrails',
  description: 'How messages are reviewed before delivery: metrics, numbered review steps and a sample score',
  icon: 'shield',
  category: 'content',
  hydrate: 'none',
});
